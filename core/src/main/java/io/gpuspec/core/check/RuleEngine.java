package io.gpuspec.core.check;

import io.fabric8.kubernetes.api.model.HasMetadata;
import io.gpuspec.core.k8s.CheckMemo;
import io.gpuspec.core.manifest.ManifestSet;
import io.gpuspec.core.manifest.NameFormat;
import io.gpuspec.core.manifest.ReadProblem;
import io.gpuspec.core.manifest.ReadResult;
import io.gpuspec.core.manifest.ResourceKind;
import io.gpuspec.core.registry.TemplateRegistry;
import io.gpuspec.core.report.ObjectRef;
import io.gpuspec.core.report.Report;
import io.gpuspec.core.report.Severity;
import io.gpuspec.core.report.Violation;
import io.gpuspec.core.spi.InputFileException;
import io.gpuspec.core.spi.ObjectLookup;
import io.gpuspec.core.spi.Rule;
import io.gpuspec.core.spi.RuleInfo;
import io.gpuspec.core.spi.UntypedKinds;
import io.gpuspec.core.spi.Workload;
import io.gpuspec.core.spi.WorkloadAdapter;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.HashMap;
import java.util.HashSet;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.function.Function;
import java.util.function.Predicate;
import org.jspecify.annotations.Nullable;

/**
 * Runs rules over a {@link ManifestSet} and collects a {@link Report}. Get one from {@link
 * Gpuspec#engine()}: it holds every rule and workload adapter of the registry's modules.
 *
 * <p>An object opts out of one rule with the annotation {@code gpuspec.io/ignore-check.<RULE-ID>:
 * "<reason>"}. The reason is required: an annotation without one suppresses nothing and is reported
 * ({@value #SUPPRESSION_WITHOUT_REASON}). A rule whose findings the API server rejects anyway
 * ({@link io.gpuspec.core.spi.RuleInfo#apiServerRejects()}) cannot be suppressed: its findings
 * stay, and the annotation is reported ({@value #SUPPRESSION_IGNORED}); so is an annotation naming
 * no known rule ({@value #SUPPRESSION_OF_UNKNOWN_RULE}). These are warnings (errors when strict).
 *
 * <p>A rule that throws does not stop the check: the engine reports {@value #ENGINE_FAILURE} on
 * each object the rule fails on, keeps the rule's findings on the other objects and runs the other
 * rules. The exception is {@link InputFileException}: an input file of the options ({@link
 * CheckOptions#inputs()}) that a rule cannot use stops the check with it.
 *
 * <p>Findings on objects read from files point at the offending field: the context locates each
 * violation's field path through {@link ManifestSet#sourceOf(HasMetadata, String)}.
 */
public final class RuleEngine {

  /** Prefix of the per-object suppression annotation. */
  public static final String IGNORE_ANNOTATION_PREFIX = "gpuspec.io/ignore-check.";

  /** The id of the finding reported when a rule throws. */
  public static final String ENGINE_FAILURE = "ENGINE001";

  /** The id of the finding on a suppression annotation that gives no reason. */
  public static final String SUPPRESSION_WITHOUT_REASON = "ENGINE002";

  /** The id of the finding on a suppression of a rule whose findings the API server rejects. */
  public static final String SUPPRESSION_IGNORED = "ENGINE003";

  /** The id of the finding on a suppression annotation naming no known rule. */
  public static final String SUPPRESSION_OF_UNKNOWN_RULE = "ENGINE004";

  private final List<Rule> rules;
  private final Map<String, RuleInfo> known; // every rule of the registry, also after only()
  private final List<WorkloadAdapter> adapters;
  private final Map<String, NameFormat> nameFormats;
  private final List<UntypedKinds> untypedKinds;
  private final TemplateRegistry templates;

  RuleEngine(
      List<Rule> rules,
      List<WorkloadAdapter> adapters,
      List<ResourceKind> kinds,
      List<UntypedKinds> untypedKinds,
      TemplateRegistry templates) {
    this.rules = List.copyOf(rules);
    Map<String, RuleInfo> infos = new HashMap<>();
    rules.forEach(r -> infos.put(r.id(), r.info()));
    this.known = Map.copyOf(infos);
    this.adapters = List.copyOf(adapters);
    Map<String, NameFormat> formats = new HashMap<>();
    kinds.forEach(k -> formats.put(k.apiVersion() + "/" + k.kind(), k.nameFormat()));
    this.nameFormats = Map.copyOf(formats);
    this.untypedKinds = List.copyOf(untypedKinds);
    this.templates = templates;
  }

  private RuleEngine(RuleEngine base, List<Rule> rules) {
    this.rules = List.copyOf(rules);
    this.known = base.known;
    this.adapters = base.adapters;
    this.nameFormats = base.nameFormats;
    this.untypedKinds = base.untypedKinds;
    this.templates = base.templates;
  }

  /** The pod-template registry of the modules' kinds (without a check's own {@code kinds}). */
  public TemplateRegistry templates() {
    return templates;
  }

  Optional<NameFormat> declaredNameFormat(HasMetadata object) {
    return Optional.ofNullable(nameFormats.get(object.getApiVersion() + "/" + object.getKind()));
  }

  /** The rules, ordered by id. */
  public List<Rule> rules() {
    return rules;
  }

  /** An engine with only the rules of these ids (and the same workload adapters). */
  public RuleEngine only(String... ids) {
    Set<String> wanted = Set.copyOf(Arrays.asList(ids));
    return new RuleEngine(this, rules.stream().filter(r -> wanted.contains(r.id())).toList());
  }

  /** The workload view of one object on its own, if some module's adapter knows its kind. */
  public Optional<Workload> workload(HasMetadata object) {
    return workload(object, ObjectLookup.NONE);
  }

  /**
   * The workload view of one object of a set, if some module's adapter knows its kind; {@code set}
   * shows the adapter the other objects of the set (e.g. the runtime a training job names).
   */
  public Optional<Workload> workload(HasMetadata object, ObjectLookup set) {
    return workload(object, set, templates);
  }

  /** The view through the modules' adapters, else through the pod-template registry. */
  Optional<Workload> workload(HasMetadata object, ObjectLookup set, TemplateRegistry described) {
    for (WorkloadAdapter adapter : adapters) {
      Optional<Workload> workload = adapter.adapt(object, set);
      if (workload.isPresent()) {
        return workload;
      }
    }
    return RegistryWorkloads.adapt(object, described);
  }

  /**
   * The workload view of the objects of one check: adapters see the whole set, the registry knows
   * the check's own kinds too, and each object is adapted once, so rules share its templates.
   */
  Function<HasMetadata, Optional<Workload>> views(ManifestSet manifests, CheckOptions options) {
    ObjectLookup set = ObjectLookup.of(manifests);
    TemplateRegistry described = templates.plus(options.kinds());
    Map<HasMetadata, Optional<Workload>> seen = new IdentityHashMap<>();
    return object -> {
      Optional<Workload> view = seen.get(object);
      if (view == null) {
        view = workload(object, set, described);
        seen.put(object, view);
      }
      return view;
    };
  }

  /** Checks with default options: no fleet known, not strict. */
  public Report check(ManifestSet manifests) {
    return check(manifests, CheckOptions.defaults());
  }

  /**
   * Lints what the reader read: its problems (file and line) followed by every rule's violations on
   * the objects it could decode.
   */
  public Report lint(ReadResult read, CheckOptions options) {
    Report checked = check(read.manifests(), options);
    Set<ObjectRef> validated = new HashSet<>();
    for (UntypedKinds kinds : untypedKinds) {
      Predicate<HasMetadata> validates = kinds.validatedIn(read.manifests(), options.crdFiles());
      read.manifests().forEach(o -> validated.add(validates.test(o) ? ObjectRef.of(o) : null));
    }
    List<Violation> all = new ArrayList<>();
    TemplateRegistry described = templates.plus(options.kinds());
    for (Violation problem : read.problems()) {
      // A kind no module models but one validates in full (e.g. by its CRD), or whose pod
      // templates the registry describes, is not "not known".
      if (!(problem.ruleId().equals(ReadProblem.YAML004.id())
          && (validated.contains(problem.object())
              || described
                  .entry(problem.object().apiVersion(), problem.object().kind())
                  .isPresent()))) {
        all.add(problem);
      }
    }
    all.addAll(checked.violations());
    return new Report(all, checked.objectsChecked(), checked.rulesChecked());
  }

  public Report check(ManifestSet manifests, CheckOptions options) {
    List<Violation> violations = new ArrayList<>();
    int ran = 0;
    // What the rules of this check share, per set they run on (a rule may run on a subset).
    Map<ManifestSet, Map<Object, Object>> shared = new IdentityHashMap<>();
    // Adapters see the whole set, also when a rule runs on a subset to isolate a failure.
    Function<HasMetadata, Optional<Workload>> views = views(manifests, options);
    // What rules derive from the same spec or text is derived once per check, not once per rule.
    try (CheckMemo memo = CheckMemo.open()) {
      for (Rule rule : rules) {
        if (!options.disabledRules().contains(rule.id())) {
          ran++;
          runIsolated(rule, manifests, views, options, shared, violations);
        }
      }
    }
    violations.addAll(Suppressions.check(manifests, known, options));
    return new Report(violations, manifests.size(), ran);
  }

  private void runIsolated(
      Rule rule,
      ManifestSet manifests,
      Function<HasMetadata, Optional<Workload>> views,
      CheckOptions options,
      Map<ManifestSet, Map<Object, Object>> shared,
      List<Violation> violations) {
    Optional<Throwable> failure = run(rule, manifests, views, options, shared, violations);
    if (failure.isEmpty()) {
      return;
    }
    // Find the objects the rule fails on alone, then keep its findings on all the others.
    Set<HasMetadata> failing = Collections.newSetFromMap(new IdentityHashMap<>());
    for (HasMetadata object : manifests) {
      Optional<Throwable> alone =
          run(rule, manifests.filter(o -> o == object), views, options, shared, new ArrayList<>());
      if (alone.isPresent()) {
        failing.add(object);
        violations.add(engineFailure(rule, ObjectRef.of(object), manifests, object, alone.get()));
      }
    }
    Optional<Throwable> rest =
        run(rule, manifests.filter(o -> !failing.contains(o)), views, options, shared, violations);
    if (failing.isEmpty() || rest.isPresent()) {
      Throwable cause = rest.orElse(failure.get());
      violations.add(
          engineFailure(rule, new ObjectRef("", "", "", "(set)"), manifests, null, cause));
    }
  }

  private Optional<Throwable> run(
      Rule rule,
      ManifestSet manifests,
      Function<HasMetadata, Optional<Workload>> views,
      CheckOptions options,
      Map<ManifestSet, Map<Object, Object>> shared,
      List<Violation> sink) {
    List<Violation> found = new ArrayList<>();
    try {
      EngineContext context =
          new EngineContext(
              views,
              this::declaredNameFormat,
              rule,
              options,
              manifests,
              shared.computeIfAbsent(manifests, m -> new HashMap<>()),
              found::add);
      rule.check(manifests, context);
      context.dropRedundant(found);
    } catch (InputFileException e) {
      throw e; // about a file the user gave, not about an object: the check stops
    } catch (RuntimeException | StackOverflowError e) {
      return Optional.of(e);
    }
    sink.addAll(found);
    return Optional.empty();
  }

  private static Violation engineFailure(
      Rule rule,
      ObjectRef ref,
      ManifestSet manifests,
      @Nullable HasMetadata object,
      Throwable cause) {
    return new Violation(
        ENGINE_FAILURE,
        Severity.ERROR,
        ref,
        "<root>",
        "rule "
            + rule.id()
            + " ("
            + rule.getClass().getName()
            + ") failed on this object with "
            + cause.getClass().getSimpleName()
            + (cause.getMessage() == null ? "" : ": " + firstLine(cause.getMessage()))
            + "; the rule's other findings are kept, this object is not checked by it",
        rule.info().apiServerRejects()
            ? "report this gpuspec bug with the object"
            : "report this gpuspec bug with the object; meanwhile suppress the rule on the object"
                + " with the annotation "
                + IGNORE_ANNOTATION_PREFIX
                + rule.id()
                + ": \"<reason>\"",
        object == null ? Optional.empty() : manifests.sourceOf(object));
  }

  private static String firstLine(String message) {
    int newline = message.indexOf('\n');
    return newline < 0 ? message : message.substring(0, newline);
  }
}
