package io.gpuspec.core.facts;

import io.fabric8.kubernetes.api.model.Container;
import io.fabric8.kubernetes.api.model.PodSecurityContext;
import io.fabric8.kubernetes.api.model.PodSpec;
import io.fabric8.kubernetes.api.model.SecurityContext;
import io.gpuspec.core.k8s.NullFree;
import io.gpuspec.core.report.Finding;
import java.util.ArrayList;
import java.util.List;
import org.jspecify.annotations.Nullable;

/**
 * The user and group ids of a pod spec (<a
 * href="https://kubernetes.io/docs/tasks/configure-pod-container/security-context/">Configure a
 * security context</a>): the API server takes {@code runAsUser} and {@code runAsGroup} from 0 to
 * 2147483647, and the kubelet refuses to start a container that must run as non-root with user id
 * 0. Reported as errors by rule {@value #RULE}; the core DSL's {@code build()} throws its first
 * finding.
 */
public final class SecurityFacts {

  /** The id of the rule that reports these facts. */
  public static final String RULE = "SEC001";

  /** The largest user or group id Kubernetes takes. */
  private static final long MAX_ID = Integer.MAX_VALUE;

  private SecurityFacts() {}

  /** SEC001's errors on the user and group ids of a pod spec at {@code specPath}. */
  public static List<Finding> userIds(PodSpec spec, String specPath) {
    PodSpec given = NullFree.podSpec(spec);
    List<Finding> findings = new ArrayList<>();
    PodSecurityContext pod = given.getSecurityContext();
    Long podUser = pod == null ? null : pod.getRunAsUser();
    Boolean podNonRoot = pod == null ? null : pod.getRunAsNonRoot();
    if (pod != null) {
      range(pod.getRunAsUser(), specPath + ".securityContext.runAsUser", findings);
      range(pod.getRunAsGroup(), specPath + ".securityContext.runAsGroup", findings);
    }
    boolean podRootUsed = false;
    List<Container> containers = given.getContainers();
    for (int i = 0; i < containers.size(); i++) {
      Container container = containers.get(i);
      SecurityContext own = container == null ? null : container.getSecurityContext();
      String path = specPath + ".containers[" + i + "].securityContext";
      if (own != null) {
        range(own.getRunAsUser(), path + ".runAsUser", findings);
        range(own.getRunAsGroup(), path + ".runAsGroup", findings);
      }
      Long ownUser = own == null ? null : own.getRunAsUser();
      Long user = ownUser != null ? ownUser : podUser;
      Boolean nonRoot =
          own != null && own.getRunAsNonRoot() != null ? own.getRunAsNonRoot() : podNonRoot;
      if (Long.valueOf(0).equals(user) && Boolean.TRUE.equals(nonRoot)) {
        if (ownUser != null) {
          findings.add(root(path + ".runAsUser"));
        } else {
          podRootUsed = true;
        }
      }
    }
    List<Container> init = given.getInitContainers();
    for (int i = 0; i < init.size(); i++) {
      SecurityContext own = init.get(i) == null ? null : init.get(i).getSecurityContext();
      String path = specPath + ".initContainers[" + i + "].securityContext";
      if (own != null) {
        range(own.getRunAsUser(), path + ".runAsUser", findings);
        range(own.getRunAsGroup(), path + ".runAsGroup", findings);
      }
    }
    if (podRootUsed) {
      findings.add(root(specPath + ".securityContext.runAsUser"));
    }
    return findings;
  }

  private static Finding root(String path) {
    return new Finding(
        path,
        "runAsUser is 0 (root) but runAsNonRoot is true: the kubelet refuses to start the"
            + " container",
        "run as a non-root user id such as 1000");
  }

  private static void range(@Nullable Long id, String path, List<Finding> findings) {
    if (id != null && (id < 0 || id > MAX_ID)) {
      findings.add(
          Finding.rejection(
              path,
              id + " is outside 0 to 2147483647, the ids Kubernetes takes",
              "use a non-root id such as 1000"));
    }
  }
}
