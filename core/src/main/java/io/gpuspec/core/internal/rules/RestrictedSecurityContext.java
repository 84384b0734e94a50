package io.gpuspec.core.internal.rules;

import io.fabric8.kubernetes.api.model.Namespace;
import io.fabric8.kubernetes.api.model.PodSecurityContext;
import io.fabric8.kubernetes.api.model.SeccompProfile;
import io.fabric8.kubernetes.api.model.SecurityContext;
import io.gpuspec.core.facts.SecurityFacts;
import io.gpuspec.core.manifest.ManifestSet;
import io.gpuspec.core.report.Finding;
import io.gpuspec.core.report.Severity;
import io.gpuspec.core.spi.BaseRule;
import io.gpuspec.core.spi.CheckContext;
import io.gpuspec.core.spi.PodTemplate;
import io.gpuspec.core.spi.RuleInfo;
import io.gpuspec.core.spi.Subject;
import io.gpuspec.core.spi.Workload;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * SEC001: containers meet the Pod Security Standard "restricted" (<a
 * href="https://kubernetes.io/docs/concepts/security/pod-security-standards/#restricted">Kubernetes
 * documentation</a>). GPU pods can: the device plugin injects the devices, so they need neither
 * privilege nor root. One finding per container lists everything it misses. User and group ids out
 * of range, and user id 0 with {@code runAsNonRoot: true} (the kubelet refuses the container), are
 * errors: {@link SecurityFacts}. Under a Namespace of the set labelled {@code
 * pod-security.kubernetes.io/enforce: restricted} (or {@code baseline}, for a privileged container)
 * Pod Security admission rejects the pods, so the finding is an error no suppression silences.
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

  /** The namespace label that makes Pod Security admission reject pods below a level. */
  static final String ENFORCE_LABEL = "pod-security.kubernetes.io/enforce";

  private static final String PRIVILEGED = "privileged: true";

  /** The Pod Security level each Namespace of the set enforces, by namespace name. */
  private static Map<String, String> enforcedLevels(ManifestSet manifests) {
    Map<String, String> levels = new HashMap<>();
    for (Namespace namespace : manifests.ofType(Namespace.class)) {
      if (namespace.getMetadata() != null
          && namespace.getMetadata().getName() != null
          && namespace.getMetadata().getLabels() != null) {
        String level = namespace.getMetadata().getLabels().get(ENFORCE_LABEL);
        if (level != null) {
          levels.put(namespace.getMetadata().getName(), level);
        }
      }
    }
    return levels;
  }

  @Override
  public void check(ManifestSet manifests, CheckContext context) {
    Map<String, String> enforced = enforcedLevels(manifests);
    for (Workload workload : context.workloads()) {
      for (PodTemplate template : workload.templates()) {
        SecurityFacts.userIds(template.spec(), template.specPath())
            .forEach(finding -> context.report(Severity.ERROR, workload.object(), finding));
        Optional<PodSecurityContext> pod =
            Optional.ofNullable(template.spec().getSecurityContext());
        String namespace = Subject.namespace(workload.object());
        String level = enforced.getOrDefault(namespace.isEmpty() ? "default" : namespace, "");
        for (IndexedContainer container : IndexedContainer.of(template)) {
          List<String> missing = missing(container, pod);
          if (missing.isEmpty()) {
            continue;
          }
          String message =
              container.describe()
                  + " does not meet the restricted Pod Security Standard: "
                  + String.join(", ", missing);
          String fix =
              "set "
                  + container.path()
                  + ".securityContext: {allowPrivilegeEscalation: false, privileged: false,"
                  + " runAsNonRoot: true, capabilities: {drop: [ALL]}, seccompProfile: {type:"
                  + " RuntimeDefault}}";
          String path = container.path() + ".securityContext";
          if (level.equals("restricted")
              || (level.equals("baseline") && missing.contains(PRIVILEGED))) {
            context.report(
                workload.object(),
                Finding.rejection(
                    path,
                    message
                        + "; its namespace enforces the "
                        + level
                        + " level, so Pod Security admission rejects the pods",
                    fix));
          } else {
            context.report(workload.object(), path, message, fix);
          }
        }
      }
    }
  }

  private static List<String> missing(IndexedContainer at, Optional<PodSecurityContext> pod) {
    Optional<SecurityContext> own = Optional.ofNullable(at.container().getSecurityContext());
    List<String> missing = new ArrayList<>();
    if (own.map(SecurityContext::getPrivileged).orElse(false)) {
      missing.add(PRIVILEGED);
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
