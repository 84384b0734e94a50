package io.gpuspec.core.check;

import io.fabric8.kubernetes.api.model.HasMetadata;
import io.fabric8.kubernetes.api.model.ObjectMeta;
import io.gpuspec.core.Fleet;
import io.gpuspec.core.GpuCatalogue;
import io.gpuspec.core.LabelScheme;
import io.gpuspec.core.manifest.ManifestSet;
import io.gpuspec.core.manifest.ObjectRef;
import java.util.List;
import java.util.Optional;
import java.util.function.Consumer;

/** What a {@link Rule} sees while it runs: the options of the check and a sink for findings. */
public final class CheckContext {

  private final Rule rule;
  private final CheckOptions options;
  private final ManifestSet manifests;
  private final Consumer<Violation> sink;

  CheckContext(Rule rule, CheckOptions options, ManifestSet manifests, Consumer<Violation> sink) {
    this.rule = rule;
    this.options = options;
    this.manifests = manifests;
    this.sink = sink;
  }

  public Optional<Fleet> fleet() {
    return options.fleet();
  }

  public GpuCatalogue catalogue() {
    return options.catalogue();
  }

  public List<LabelScheme> labelSchemes() {
    return options.effectiveLabelSchemes();
  }

  /**
   * The severity of a finding that depends on the cluster: an error when the fleet is known, a
   * warning when it is not (the cluster may make it right, e.g. by admission plugins).
   */
  public Severity clusterDependent() {
    return fleet().isPresent() ? Severity.ERROR : Severity.WARNING;
  }

  /** Reports a finding at the rule's own severity. */
  public void report(HasMetadata object, String path, String message, String fix) {
    report(rule.severity(), object, path, message, fix);
  }

  /** Reports a finding at the given severity (strict checks raise warnings to errors). */
  public void report(
      Severity severity, HasMetadata object, String path, String message, String fix) {
    if (suppressed(object)) {
      return;
    }
    sink.accept(
        new Violation(
            rule.id(),
            options.strict() ? Severity.ERROR : severity,
            ObjectRef.of(object),
            path,
            message,
            fix,
            manifests.sourceOf(object)));
  }

  private boolean suppressed(HasMetadata object) {
    ObjectMeta meta = object.getMetadata();
    return meta != null
        && meta.getAnnotations() != null
        && meta.getAnnotations().containsKey(RuleEngine.IGNORE_ANNOTATION_PREFIX + rule.id());
  }
}
