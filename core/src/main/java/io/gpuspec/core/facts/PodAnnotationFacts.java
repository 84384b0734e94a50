package io.gpuspec.core.facts;

import io.fabric8.kubernetes.api.model.PodSpec;
import io.gpuspec.core.k8s.NullFree;
import io.gpuspec.core.manifest.AnnotatedTolerations;
import io.gpuspec.core.report.Finding;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.stream.Stream;
import org.jspecify.annotations.Nullable;

/**
 * K8S017's checks of the annotations of a pod or pod template ({@code
 * ValidatePodSpecificAnnotations}): a mirror-pod annotation only with {@code nodeName}, a
 * tolerations annotation that decodes as a list of tolerations, a pod deletion cost that is a
 * 32-bit integer, seccomp annotations naming a known profile (a local one by a relative path), and
 * AppArmor annotations for a container of the pod with a known profile form. All are rejections.
 */
public final class PodAnnotationFacts {

  private static final String MIRROR = "kubernetes.io/config.mirror";
  private static final String TOLERATIONS = AnnotatedTolerations.KEY;
  private static final String DELETION_COST = "controller.kubernetes.io/pod-deletion-cost";
  private static final String SECCOMP_POD = "seccomp.security.alpha.kubernetes.io/pod";
  private static final String SECCOMP_CONTAINER = "container.seccomp.security.alpha.kubernetes.io/";
  private static final String APPARMOR = "container.apparmor.security.beta.kubernetes.io/";
  private static final Set<String> SECCOMP_NAMED =
      Set.of("runtime/default", "docker/default", "unconfined");

  private PodAnnotationFacts() {}

  /** The findings on the annotations at {@code path} of a pod with spec {@code spec}. */
  public static List<Finding> of(
      @Nullable Map<String, String> annotations, PodSpec spec, String path) {
    List<Finding> findings = new ArrayList<>();
    if (annotations == null || annotations.isEmpty()) {
      return findings;
    }
    PodSpec given = NullFree.podSpec(spec);
    new TreeMap<>(annotations)
        .forEach(
            (key, raw) -> {
              String value = raw == null ? "" : raw;
              String at = path + "[" + key + "]";
              if (key.equals(MIRROR)
                  && (given.getNodeName() == null || given.getNodeName().isEmpty())) {
                findings.add(
                    Finding.rejection(
                        at, "a mirror pod must set spec.nodeName", "remove the annotation"));
              } else if (key.equals(TOLERATIONS) && !value.isEmpty() && !tolerations(value)) {
                findings.add(
                    Finding.rejection(
                        at,
                        "the tolerations annotation is not a JSON list of tolerations",
                        "write tolerations in spec.tolerations instead"));
              } else if (key.equals(DELETION_COST) && !int32(value)) {
                findings.add(
                    Finding.rejection(
                        at,
                        "pod deletion cost \"" + value + "\" is not a 32-bit integer",
                        "give a whole number such as 100 or -50"));
              } else if ((key.equals(SECCOMP_POD) || key.startsWith(SECCOMP_CONTAINER))
                  && !seccomp(value)) {
                findings.add(
                    Finding.rejection(
                        at,
                        "\"" + value + "\" is not a seccomp profile",
                        "use runtime/default, unconfined or localhost/<relative path>, or better"
                            + " securityContext.seccompProfile"));
              } else if (key.startsWith(APPARMOR)) {
                appArmor(key.substring(APPARMOR.length()), value, given, at, findings);
              }
            });
    return findings;
  }

  private static void appArmor(
      String container, String value, PodSpec spec, String at, List<Finding> findings) {
    boolean known =
        Stream.concat(
                Stream.concat(spec.getContainers().stream(), spec.getInitContainers().stream())
                    .map(c -> c == null ? null : c.getName()),
                spec.getEphemeralContainers().stream().map(c -> c == null ? null : c.getName()))
            .anyMatch(container::equals);
    if (!known) {
      findings.add(
          Finding.rejection(
              at,
              "the pod has no container \"" + container + "\"",
              "name a container of the pod after the annotation's prefix"));
    }
    if (!value.isEmpty()
        && !value.equals("runtime/default")
        && !value.equals("unconfined")
        && !value.startsWith("localhost/")) {
      findings.add(
          Finding.rejection(
              at,
              "\"" + value + "\" is not an AppArmor profile",
              "use runtime/default, unconfined or localhost/<profile>, or better"
                  + " securityContext.appArmorProfile"));
    }
  }

  private static boolean tolerations(String value) {
    return AnnotatedTolerations.decode(value).isPresent();
  }

  private static boolean int32(String value) {
    try {
      Integer.parseInt(value);
      return true;
    } catch (NumberFormatException notAnInt) {
      return false;
    }
  }

  private static boolean seccomp(String value) {
    if (SECCOMP_NAMED.contains(value)) {
      return true;
    }
    if (!value.startsWith("localhost/")) {
      return false;
    }
    String local = value.substring("localhost/".length());
    return !local.startsWith("/") && !VolumePaths.hasBackstep(local);
  }
}
