package io.gpuspec.core.internal.rules;

import io.gpuspec.core.facts.SecurityContextFacts;
import io.gpuspec.core.manifest.ManifestSet;
import io.gpuspec.core.report.Severity;
import io.gpuspec.core.spi.BaseRule;
import io.gpuspec.core.spi.CheckContext;
import io.gpuspec.core.spi.PodTemplate;
import io.gpuspec.core.spi.RuleInfo;
import io.gpuspec.core.spi.Workload;

/**
 * K8S018: the pod and container security contexts, sysctls and host namespaces of every pod
 * template are ones the API server admits ({@link SecurityContextFacts}); SEC001 judges how
 * hardened they are.
 *
 * <p>Upstream: <a
 * href="https://kubernetes.io/docs/tasks/configure-pod-container/security-context/">Security
 * context</a> and <a
 * href="https://github.com/kubernetes/kubernetes/blob/master/pkg/apis/core/validation/validation.go">core
 * validation</a>.
 */
public final class SecurityContextValid extends BaseRule {
  public SecurityContextValid() {
    super(
        RuleInfo.builder()
            .apiServerRejects(true)
            .id(SecurityContextFacts.RULE)
            .severity(Severity.ERROR)
            .title("Security contexts are valid")
            .why(
                "The API server rejects allowPrivilegeEscalation: false together with privileged:"
                    + " true or an added CAP_SYS_ADMIN, unknown procMount, seccomp or AppArmor"
                    + " types, Localhost profiles without a relative path, group ids out of range,"
                    + " unknown group and SELinux policies, invalid or repeated sysctls, net or IPC"
                    + " sysctls in the host's namespaces, and hostUsers: false with host"
                    + " namespaces.")
            .fix(
                "For a privileged GPU container leave allowPrivilegeEscalation out; use the"
                    + " enumerated profile types and policies; give sysctls once.")
            .addKinds("*")
            .documentation(
                "https://kubernetes.io/docs/tasks/configure-pod-container/security-context/")
            .build());
  }

  @Override
  public void check(ManifestSet manifests, CheckContext context) {
    for (Workload workload : context.workloads()) {
      for (PodTemplate template : workload.templates()) {
        SecurityContextFacts.of(template.spec(), template.specPath())
            .forEach(finding -> context.report(workload.object(), finding));
      }
    }
  }
}
