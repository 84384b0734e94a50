package io.gpuspec.core.internal.rules;

import io.gpuspec.core.facts.ContainerFieldFacts;
import io.gpuspec.core.manifest.ManifestSet;
import io.gpuspec.core.report.Severity;
import io.gpuspec.core.spi.BaseRule;
import io.gpuspec.core.spi.CheckContext;
import io.gpuspec.core.spi.PodTemplate;
import io.gpuspec.core.spi.RuleInfo;
import io.gpuspec.core.spi.Workload;

/**
 * K8S016: the pull, termination-message, restart and resize policies of every container, and what
 * an init container may carry, are ones the API server admits ({@link ContainerFieldFacts}).
 *
 * <p>Upstream: <a
 * href="https://kubernetes.io/docs/concepts/workloads/pods/sidecar-containers/">Sidecar
 * containers</a> and <a
 * href="https://github.com/kubernetes/kubernetes/blob/master/pkg/apis/core/validation/validation.go">core
 * validation</a>.
 */
public final class ContainerFieldsValid extends BaseRule {
  public ContainerFieldsValid() {
    super(
        RuleInfo.builder()
            .apiServerRejects(true)
            .id(ContainerFieldFacts.RULE)
            .severity(Severity.ERROR)
            .title("Container policies and init containers are valid")
            .why(
                "The API server rejects an unknown imagePullPolicy or terminationMessagePolicy, a"
                    + " restartPolicy on a regular container or other than Always on an init"
                    + " container, probes or lifecycle hooks on an init container that is not a"
                    + " sidecar, and resize policies for other resources than cpu and memory.")
            .fix(
                "Use the enumerated values; run a sidecar as an init container with"
                    + " restartPolicy: Always, and give other init containers no probes or hooks.")
            .addKinds("*")
            .documentation("https://kubernetes.io/docs/concepts/workloads/pods/sidecar-containers/")
            .build());
  }

  @Override
  public void check(ManifestSet manifests, CheckContext context) {
    for (Workload workload : context.workloads()) {
      for (PodTemplate template : workload.templates()) {
        ContainerFieldFacts.of(template.spec(), template.specPath())
            .forEach(finding -> context.report(workload.object(), finding));
      }
    }
  }
}
