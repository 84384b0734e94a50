package io.gpuspec.core.internal.rules;

import io.gpuspec.core.facts.PortFacts;
import io.gpuspec.core.manifest.ManifestSet;
import io.gpuspec.core.report.Severity;
import io.gpuspec.core.spi.BaseRule;
import io.gpuspec.core.spi.CheckContext;
import io.gpuspec.core.spi.PodTemplate;
import io.gpuspec.core.spi.RuleInfo;
import io.gpuspec.core.spi.Workload;

/**
 * K8S014: the ports and probes of every container are ones the API server admits ({@link
 * PortFacts}, which the core DSL's {@code build()} throws too).
 *
 * <p>Upstream: <a
 * href="https://kubernetes.io/docs/tasks/configure-pod-container/configure-liveness-readiness-startup-probes/">Configure
 * probes</a> and <a
 * href="https://github.com/kubernetes/kubernetes/blob/master/pkg/apis/core/validation/validation.go">core
 * validation</a>.
 */
public final class PortsAndProbesValid extends BaseRule {
  public PortsAndProbesValid() {
    super(
        RuleInfo.builder()
            .apiServerRejects(true)
            .id(PortFacts.RULE)
            .severity(Severity.ERROR)
            .title("Container ports and probes are valid")
            .why(
                "The API server rejects port numbers outside 1-65535, port names that are not IANA"
                    + " service names or repeat in a container, protocols other than TCP, UDP and"
                    + " SCTP, a host port taken twice, a host port other than the container port"
                    + " under hostNetwork, and probes with no or several handlers, negative timings"
                    + " or a success threshold other than 1 for liveness and startup probes.")
            .fix(
                "Give ports 1-65535 with short lower-case names, and each probe one handler with"
                    + " valid ports.")
            .addKinds("*")
            .documentation(
                "https://kubernetes.io/docs/tasks/configure-pod-container/configure-liveness-readiness-startup-probes/")
            .build());
  }

  @Override
  public void check(ManifestSet manifests, CheckContext context) {
    for (Workload workload : context.workloads()) {
      for (PodTemplate template : workload.templates()) {
        PortFacts.of(template.spec(), template.specPath())
            .forEach(finding -> context.report(workload.object(), finding));
      }
    }
  }
}
