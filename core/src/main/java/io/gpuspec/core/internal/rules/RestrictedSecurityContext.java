package io.gpuspec.core.internal.rules;

import io.fabric8.kubernetes.api.model.PodSecurityContext;
import io.fabric8.kubernetes.api.model.SeccompProfile;
import io.fabric8.kubernetes.api.model.SecurityContext;
import io.gpuspec.core.facts.SecurityFacts;
import io.gpuspec.core.manifest.ManifestSet;
import io.gpuspec.core.report.Severity;
import io.gpuspec.core.spi.BaseRule;
import io.gpuspec.core.spi.CheckContext;
import io.gpuspec.core.spi.PodTemplate;
import io.gpuspec.core.spi.RuleInfo;
import io.gpuspec.core.spi.Workload;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.Set;

/**
 * SEC001: containers meet the Pod Security Standard "restricted" (<a
 * href="https://kubernetes.io/docs/concepts/security/pod-security-standards/#restricted">Kubernetes
 * documentation</a>). GPU pods can: the device plugin injects the devices, so they need neither
 * privilege nor root. One finding per container lists everything it misses. User and group ids out
 * of range, and user id 0 with {@code runAsNonRoot: true} (the kubelet refuses the container), are
 * errors: {@link SecurityFacts}.
 */
public final class RestrictedSecurityContext extends BaseRule {
  public RestrictedSecurityContext() {
    super(
        RuleInfo.builder()
            .id(SecurityFacts.RULE)
            .severity(Severity.WARNING)
            .title("Containers meet the Pod Security Standard \"restricted\"")
            .why(
                "Namespaces that enforce the Pod Security Standard restricted reject pods that run as root, allow privilege escalation, keep capabilities or lack a seccomp profile; GPU pods can meet it.")
            .fix(
                "Set runAsNonRoot: true, allowPrivilegeEscalation: false, capabilities drop ALL and seccompProfile RuntimeDefault.")
            .addKinds("*")
            .documentation(
                "https://kubernetes.io/docs/concepts/security/pod-security-standards/#restricted")
            .build());
  }

  private static final Set<String> SECCOMP_TYPES = Set.of("RuntimeDefault", "Localhost");

  @Override
  public void check(ManifestSet manifests, CheckContext context) {
    for (Workload workload : context.workloads()) {
      for (PodTemplate template : workload.templates()) {
        SecurityFacts.userIds(template.spec(), template.specPath())
            .forEach(finding -> context.report(Severity.ERROR, workload.object(), finding));
        Optional<PodSecurityContext> pod =
            Optional.ofNullable(template.spec().getSecurityContext());
        for (IndexedContainer container : IndexedContainer.of(template)) {
          List<String> missing = missing(container, pod);
          if (!missing.isEmpty()) {
            context.report(
                workload.object(),
                container.path() + ".securityContext",
                container.describe()
                    + " does not meet the restricted Pod Security Standard: "
                    + String.join(", ", missing),
                "set "
                    + container.path()
                    + ".securityContext: {allowPrivilegeEscalation: false, privileged: false,"
                    + " runAsNonRoot: true, capabilities: {drop: [ALL]}, seccompProfile: {type:"
                    + " RuntimeDefault}}");
          }
        }
      }
    }
  }

  private static List<String> missing(IndexedContainer at, Optional<PodSecurityContext> pod) {
    Optional<SecurityContext> own = Optional.ofNullable(at.container().getSecurityContext());
    List<String> missing = new ArrayList<>();
    if (own.map(SecurityContext::getPrivileged).orElse(false)) {
      missing.add("privileged: true");
    }
    if (!own.map(SecurityContext::getAllowPrivilegeEscalation).orElse(true).equals(false)) {
      missing.add("allowPrivilegeEscalation is not false");
    }
    boolean dropsAll =
        own.map(SecurityContext::getCapabilities)
            .map(c -> c.getDrop())
            .map(drop -> drop.contains("ALL"))
            .orElse(false);
    if (!dropsAll) {
      missing.add("capabilities.drop lacks ALL");
    }
    Boolean nonRoot =
        own.map(SecurityContext::getRunAsNonRoot)
            .orElse(pod.map(PodSecurityContext::getRunAsNonRoot).orElse(null));
    if (!Boolean.TRUE.equals(nonRoot)) {
      missing.add("runAsNonRoot is not true");
    }
    Optional<String> seccomp =
        own.map(SecurityContext::getSeccompProfile)
            .or(() -> pod.map(PodSecurityContext::getSeccompProfile))
            .map(SeccompProfile::getType);
    if (seccomp.filter(SECCOMP_TYPES::contains).isEmpty()) {
      missing.add(
          "seccompProfile.type is "
              + seccomp.map(type -> "\"" + type + "\"").orElse("unset")
              + ", not RuntimeDefault or Localhost");
    }
    return missing;
  }
}
