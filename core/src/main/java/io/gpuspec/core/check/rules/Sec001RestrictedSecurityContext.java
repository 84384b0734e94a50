package io.gpuspec.core.check.rules;

import io.fabric8.kubernetes.api.model.PodSecurityContext;
import io.fabric8.kubernetes.api.model.SeccompProfile;
import io.fabric8.kubernetes.api.model.SecurityContext;
import io.gpuspec.core.check.BaseRule;
import io.gpuspec.core.check.CheckContext;
import io.gpuspec.core.check.PodTemplate;
import io.gpuspec.core.check.Severity;
import io.gpuspec.core.check.Workload;
import io.gpuspec.core.check.Workloads;
import io.gpuspec.core.manifest.ManifestSet;
import java.net.URI;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.Set;

/**
 * SEC001: containers meet the Pod Security Standard "restricted" (GPU-FACTS §1). GPU pods can: the
 * device plugin injects the devices, so they need neither privilege nor root. One finding per
 * container lists everything it misses.
 */
public final class Sec001RestrictedSecurityContext extends BaseRule {
  public Sec001RestrictedSecurityContext() {
    super(
        "SEC001",
        Severity.WARNING,
        "Containers meet the Pod Security Standard \"restricted\"",
        URI.create(
            "https://kubernetes.io/docs/concepts/security/pod-security-standards/#restricted"));
  }

  private static final Set<String> SECCOMP_TYPES = Set.of("RuntimeDefault", "Localhost");

  @Override
  public void check(ManifestSet manifests, CheckContext context) {
    for (Workload workload : Workloads.in(manifests)) {
      for (PodTemplate template : workload.templates()) {
        Optional<PodSecurityContext> pod =
            Optional.ofNullable(template.spec().getSecurityContext());
        for (IndexedContainer container : IndexedContainer.of(template)) {
          List<String> missing = missing(container, pod);
          if (!missing.isEmpty()) {
            context.report(
                workload.object(),
                container.path() + ".securityContext",
                Subjects.of(workload.object(), template)
                    + " "
                    + container.describe()
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
