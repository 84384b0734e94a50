package io.gpuspec.core.spi;

import io.fabric8.kubernetes.api.model.HasMetadata;
import io.gpuspec.core.manifest.ManifestSet;
import io.gpuspec.core.report.Finding;
import io.gpuspec.core.report.Severity;
import java.util.List;
import java.util.Set;
import java.util.stream.Stream;
import org.jspecify.annotations.Nullable;

/**
 * A rule that checks that the objects named by references exist: "the PriorityClass, Queue, flavor
 * or LocalQueue this names is in the set". A subclass says which kind is referenced (at
 * construction), which names always exist ({@link #builtIns()}), where references are written
 * ({@link #references}) and how to fix a missing one ({@link #fix}); the lookup, the wording and
 * the severity are the same for every such rule.
 *
 * <p><b>When is a missing reference an error?</b> A set of manifests may be a whole platform or one
 * file of a bigger repository. A reference to an object of kind K that the set does not hold is
 * reported at the rule's severity when the set holds at least one K (the set is where K objects are
 * defined, so the one named is missing), and as a warning otherwise (it may live in another file or
 * already be on the cluster). Strict checks make both errors.
 *
 * @param <T> the model type of the referenced kind
 */
public abstract class ReferenceRule<T extends HasMetadata> extends BaseRule {

  /**
   * One name an object gives for an object of the referenced kind.
   *
   * @param from the object that holds the reference (the finding is reported on it)
   * @param path where the name is written in {@code from}
   * @param name the name given; empty or {@code null} references nothing
   * @param namespace the namespace the referenced object must be in; empty for cluster-scoped kinds
   *     or when the referring object does not say
   * @param consequence what happens when it is missing, e.g. {@code the queue admits nothing}
   */
  public record Reference(
      HasMetadata from, String path, @Nullable String name, String namespace, String consequence) {

    /** A reference to a cluster-scoped object. */
    public static Reference clusterScoped(
        HasMetadata from, String path, @Nullable String name, String consequence) {
      return new Reference(from, path, name, "", consequence);
    }

    /** The name as a message writes it: {@code namespace/name}, or just the name. */
    public String qualifiedName() {
      String written = name == null ? "" : name;
      return namespace.isEmpty() ? written : namespace + "/" + written;
    }
  }

  private final String kind;
  private final Class<T> type;

  /**
   * @param info the rule's metadata
   * @param kind the referenced kind as messages name it, e.g. {@code PriorityClass}
   * @param type the model type of that kind
   */
  protected ReferenceRule(RuleInfo info, String kind, Class<T> type) {
    super(info);
    this.kind = kind;
    this.type = type;
  }

  /** Names that always exist, e.g. {@code system-node-critical}; none by default. */
  protected Set<String> builtIns() {
    return Set.of();
  }

  /** Every reference of the set to the kind, in the set's order. */
  protected abstract Stream<Reference> references(ManifestSet manifests, CheckContext context);

  /**
   * How to fix a missing reference.
   *
   * @param defined the objects of the kind that the set holds
   */
  protected abstract String fix(Reference reference, List<T> defined);

  /**
   * Words appended to the consequence of a missing reference, e.g. where an object of that name is
   * instead; empty by default.
   */
  protected String note(Reference reference, ManifestSet manifests, List<T> defined) {
    return "";
  }

  @Override
  public final void check(ManifestSet manifests, CheckContext context) {
    List<T> defined = manifests.ofType(type);
    Severity severity = defined.isEmpty() ? Severity.WARNING : info().severity();
    references(manifests, context)
        .forEach(
            reference ->
                missing(reference, defined, note(reference, manifests, defined))
                    .forEach(finding -> context.report(severity, reference.from(), finding)));
  }

  private List<Finding> missing(Reference reference, List<T> defined, String note) {
    return missing(kind, reference, defined, builtIns(), note, fix(reference, defined));
  }

  /**
   * The fact behind every reference rule: the finding of one reference, none when it names nothing,
   * a built-in or an object of {@code defined}. A DSL that renders both ends of a reference throws
   * this finding, the same words the rule reports.
   *
   * @param kind the referenced kind as messages name it
   * @param builtIns names that always exist
   * @param note words appended to the reference's consequence, or empty
   * @param fix how to fix it when it is missing
   */
  public static List<Finding> missing(
      String kind,
      Reference reference,
      List<? extends HasMetadata> defined,
      Set<String> builtIns,
      String note,
      String fix) {
    String name = reference.name();
    if (name == null || name.isEmpty() || builtIns.contains(name) || exists(reference, defined)) {
      return List.of();
    }
    String consequence = reference.consequence() + note;
    String message =
        defined.isEmpty()
            ? kind
                + " \""
                + reference.qualifiedName()
                + "\" is not in the set, which defines no "
                + kind
                + "; unless the cluster already has it, "
                + consequence
            : kind
                + " \""
                + reference.qualifiedName()
                + "\" does not exist: the set defines "
                + kind
                + " objects, but not this one; "
                + consequence;
    return List.of(new Finding(reference.path(), message, fix));
  }

  private static boolean exists(Reference reference, List<? extends HasMetadata> defined) {
    return defined.stream()
        .anyMatch(
            o ->
                Subject.name(o).equals(reference.name())
                    && Subject.sameNamespace(Subject.namespace(o), reference.namespace()));
  }
}
