package io.gpuspec.core.facts;

import io.fabric8.kubernetes.api.model.Container;
import io.fabric8.kubernetes.api.model.ContainerResizePolicy;
import io.fabric8.kubernetes.api.model.PodSpec;
import io.gpuspec.core.k8s.NullFree;
import io.gpuspec.core.report.Finding;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

/**
 * K8S016: the per-container fields the API server's {@code validateContainerCommon}, {@code
 * validateContainers} and {@code validateInitContainers} check by enumeration, judged as written
 * before defaulting fills the empty ones: {@code imagePullPolicy} Always, IfNotPresent or Never;
 * {@code terminationMessagePolicy} File or FallbackToLogsOnError; a container {@code restartPolicy}
 * only on init containers and only Always (a sidecar); no lifecycle hooks or probes on an init
 * container that is not a sidecar; {@code resizePolicy} for cpu and memory only, each once, with
 * NotRequired or RestartContainer, and NotRequired when the pod never restarts. All are rejections.
 */
public final class ContainerFieldFacts {

  /** The rule that reports these facts. */
  public static final String RULE = "K8S016";

  private static final Set<String> PULL_POLICIES = Set.of("Always", "IfNotPresent", "Never");
  private static final Set<String> MESSAGE_POLICIES = Set.of("File", "FallbackToLogsOnError");
  private static final Set<String> RESIZE_RESOURCES = Set.of("cpu", "memory");
  private static final Set<String> RESIZE_POLICIES = Set.of("NotRequired", "RestartContainer");

  private ContainerFieldFacts() {}

  /** The findings on a pod spec at {@code specPath}. */
  public static List<Finding> of(PodSpec spec, String specPath) {
    PodSpec given = NullFree.podSpec(spec);
    List<Finding> findings = new ArrayList<>();
    boolean podNeverRestarts = "Never".equals(given.getRestartPolicy());
    List<Container> containers = given.getContainers();
    for (int i = 0; i < containers.size(); i++) {
      Container c = containers.get(i) == null ? new Container() : containers.get(i);
      String path = specPath + ".containers[" + i + "]";
      common(c, path, podNeverRestarts, findings);
      if (c.getRestartPolicy() != null) {
        findings.add(
            Finding.rejection(
                path + ".restartPolicy",
                "a regular container takes no restartPolicy",
                "remove it; to run a sidecar, make it an init container with restartPolicy:"
                    + " Always"));
      }
    }
    List<Container> init = given.getInitContainers();
    for (int i = 0; i < init.size(); i++) {
      Container c = init.get(i) == null ? new Container() : init.get(i);
      String path = specPath + ".initContainers[" + i + "]";
      common(c, path, podNeverRestarts, findings);
      initOnly(c, path, findings);
    }
    return findings;
  }

  private static void common(
      Container c, String path, boolean podNeverRestarts, List<Finding> findings) {
    String pull = c.getImagePullPolicy();
    if (pull != null && !pull.isEmpty() && !PULL_POLICIES.contains(pull)) {
      findings.add(
          Finding.rejection(
              path + ".imagePullPolicy",
              "imagePullPolicy \"" + pull + "\" is not Always, IfNotPresent or Never",
              "write Always, IfNotPresent or Never, or leave it out"));
    }
    String message = c.getTerminationMessagePolicy();
    if (message != null && !message.isEmpty() && !MESSAGE_POLICIES.contains(message)) {
      findings.add(
          Finding.rejection(
              path + ".terminationMessagePolicy",
              "terminationMessagePolicy \"" + message + "\" is not File or FallbackToLogsOnError",
              "write File or FallbackToLogsOnError, or leave it out"));
    }
    resize(c.getResizePolicy(), path + ".resizePolicy", podNeverRestarts, findings);
  }

  private static void initOnly(Container c, String path, List<Finding> findings) {
    String restart = c.getRestartPolicy();
    if (restart != null && !restart.equals("Always")) {
      findings.add(
          Finding.rejection(
              path + ".restartPolicy",
              "an init container's restartPolicy \"" + restart + "\" is not Always",
              "write Always to run it as a sidecar, or remove restartPolicy"));
    }
    if ("Always".equals(restart)) {
      return;
    }
    String[] fields = {"lifecycle", "livenessProbe", "readinessProbe", "startupProbe"};
    Object[] values = {
      c.getLifecycle(), c.getLivenessProbe(), c.getReadinessProbe(), c.getStartupProbe()
    };
    for (int f = 0; f < fields.length; f++) {
      if (values[f] != null) {
        findings.add(
            Finding.rejection(
                path + "." + fields[f],
                "an init container without restartPolicy: Always takes no " + fields[f],
                "remove " + fields[f] + ", or set restartPolicy: Always to make it a sidecar"));
      }
    }
  }

  private static void resize(
      List<ContainerResizePolicy> policies,
      String path,
      boolean podNeverRestarts,
      List<Finding> findings) {
    Set<String> seen = new HashSet<>();
    for (int i = 0; policies != null && i < policies.size(); i++) {
      ContainerResizePolicy p =
          policies.get(i) == null ? new ContainerResizePolicy() : policies.get(i);
      String at = path + "[" + i + "]";
      String resource = p.getResourceName() == null ? "" : p.getResourceName();
      String restart = p.getRestartPolicy() == null ? "" : p.getRestartPolicy();
      if (!seen.add(resource)) {
        findings.add(
            Finding.rejection(
                at + ".resourceName",
                "resource \"" + resource + "\" has a resize policy already",
                "give each resource one policy"));
      }
      if (!RESIZE_RESOURCES.contains(resource)) {
        findings.add(
            Finding.rejection(
                at + ".resourceName",
                "resource \"" + resource + "\" cannot be resized in place",
                "give cpu or memory"));
      }
      if (!RESIZE_POLICIES.contains(restart)) {
        findings.add(
            Finding.rejection(
                at + ".restartPolicy",
                "restartPolicy \"" + restart + "\" is not NotRequired or RestartContainer",
                "write NotRequired or RestartContainer"));
      } else if (podNeverRestarts && !restart.equals("NotRequired")) {
        findings.add(
            Finding.rejection(
                at + ".restartPolicy",
                "the pod's restartPolicy is Never, so a resize cannot restart the container",
                "write NotRequired"));
      }
    }
  }
}
