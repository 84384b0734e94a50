package io.gpuspec.core.spi;

import io.fabric8.kubernetes.api.model.HasMetadata;
import io.gpuspec.core.Fleet;
import io.gpuspec.core.GpuCatalogue;
import io.gpuspec.core.LabelScheme;
import io.gpuspec.core.manifest.NameFormat;
import io.gpuspec.core.report.Finding;
import io.gpuspec.core.report.Severity;
import java.util.List;
import java.util.Optional;

/**
 * What a {@link Rule} sees while it runs: what is known about the cluster, the workloads of the set
 * being checked (through every module's {@link WorkloadAdapter}), and a sink for findings.
 */
public interface CheckContext {

  /** The node pools, when known; known pools turn cluster-dependent warnings into errors. */
  Optional<Fleet> fleet();

  GpuCatalogue catalogue();

  /** Every label scheme GPU models are read with. */
  List<LabelScheme> labelSchemes();

  /** The workloads of the set being checked, in the set's order. */
  List<Workload> workloads();

  /** The workload view of one object, if some module's adapter knows its kind. */
  Optional<Workload> workload(HasMetadata object);

  /** The name format a module declared for the object's kind; empty for kinds of no module. */
  Optional<NameFormat> declaredNameFormat(HasMetadata object);

  /**
   * The severity of a finding that depends on the cluster: an error when the fleet is known, a
   * warning when it is not (the cluster may make it right, e.g. by admission plugins).
   */
  default Severity clusterDependent() {
    return fleet().isPresent() ? Severity.ERROR : Severity.WARNING;
  }

  /** The versions of the cluster's components the check targets ({@code CheckOptions.target()}). */
  default io.gpuspec.core.TargetVersions target() {
    return io.gpuspec.core.TargetVersions.defaults();
  }

  /** CustomResourceDefinition files or directories the user gave ({@code --crd}); may be empty. */
  default List<java.nio.file.Path> crdFiles() {
    return List.of();
  }

  /**
   * The input file given under {@code name} (see {@code CheckOptions.inputs()}), if any. A rule
   * that cannot use it throws {@link InputFileException}.
   */
  default Optional<java.nio.file.Path> input(String name) {
    return Optional.empty();
  }

  /**
   * A value computed once per check of one set and shared by the rules of that check (e.g. two
   * rules reporting different ids of one validation): the first call with an equal {@code key}
   * computes it, later calls in the same check get the same value. Never kept across checks. The
   * default computes every time.
   */
  default <T> T shared(Object key, java.util.function.Supplier<T> compute) {
    return compute.get();
  }

  /** Reports a finding at the rule's own severity. */
  void report(HasMetadata object, String path, String message, String fix);

  /** Reports a finding at the given severity (strict checks raise warnings to errors). */
  void report(Severity severity, HasMetadata object, String path, String message, String fix);

  /**
   * Reports a fact's finding at the rule's own severity; a finding the API server rejects ({@link
   * Finding#apiServerRejects()}) is {@linkplain #reject rejected}.
   */
  default void report(HasMetadata object, Finding finding) {
    if (finding.apiServerRejects()) {
      reject(object, finding);
    } else {
      report(object, finding.path(), finding.message(), finding.fix());
    }
  }

  /**
   * Reports a fact's finding at the given severity; a finding the API server rejects ({@link
   * Finding#apiServerRejects()}) is {@linkplain #reject rejected}.
   */
  default void report(Severity severity, HasMetadata object, Finding finding) {
    if (finding.apiServerRejects()) {
      reject(object, finding);
    } else {
      report(severity, object, finding.path(), finding.message(), finding.fix());
    }
  }

  /**
   * Reports what the API server or an admission webhook rejects: an error that no suppression
   * annotation silences, whatever the rule's own severity (the object would not be admitted). For
   * rules whose findings are all such rejections, {@link RuleInfo#apiServerRejects()} says it once.
   */
  default void reject(HasMetadata object, Finding finding) {
    report(Severity.ERROR, object, finding.path(), finding.message(), finding.fix());
  }
}
