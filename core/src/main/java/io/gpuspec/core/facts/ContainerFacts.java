package io.gpuspec.core.facts;

import io.fabric8.kubernetes.api.model.Container;
import io.fabric8.kubernetes.api.model.EnvVar;
import io.fabric8.kubernetes.api.model.EphemeralContainer;
import io.fabric8.kubernetes.api.model.PodSpec;
import io.fabric8.kubernetes.api.model.Volume;
import io.fabric8.kubernetes.api.model.VolumeMount;
import io.gpuspec.core.k8s.Names;
import io.gpuspec.core.k8s.NullFree;
import io.gpuspec.core.report.Finding;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * The containers of a pod spec as the API server validates them (<a
 * href="https://kubernetes.io/docs/reference/kubernetes-api/workload-resources/pod-v1/#Container">Container</a>):
 * at least one container, each with a unique DNS-1123 name and an image; environment variable
 * names, volume names and volume mounts the API server takes. Reported by rule {@value #RULE}; the
 * core DSL's {@code build()} throws its first finding.
 */
public final class ContainerFacts {

  /** The id of the rule that reports these facts. */
  public static final String RULE = "K8S007";

  private ContainerFacts() {}

  /**
   * K8S007 on one pod spec at {@code specPath} (e.g. {@code spec.template.spec}).
   *
   * @param requireContainers whether an empty container list is wrong: the API server validates the
   *     pod specs of built-in kinds, a module its own kinds'
   * @param pod whether the spec is a Pod's own, where an image may not have whitespace around it (a
   *     pod template may carry a placeholder image such as {@code " "})
   */
  public static List<Finding> namesAndImages(
      PodSpec spec, String specPath, boolean requireContainers, boolean pod) {
    PodSpec given = NullFree.podSpec(spec);
    List<Finding> findings = new ArrayList<>();
    if (given.getContainers().isEmpty() && requireContainers) {
      String path = specPath + ".containers";
      findings.add(
          new Finding(
              path,
              "Required value: a pod needs at least one container",
              "add " + path + " with at least one container, e.g. [{name: main, image: <image>}]"));
    }
    Map<String, String> seen = new HashMap<>();
    for (Map.Entry<String, Container> at : indexed(given, specPath).entrySet()) {
      String path = at.getKey();
      Container container = at.getValue();
      name(container.getName(), path, seen, findings);
      String image = container.getImage();
      if (image == null || image.isEmpty()) {
        findings.add(
            new Finding(
                path + ".image",
                "Required value: container \""
                    + (container.getName() == null ? "" : container.getName())
                    + "\" has no image",
                "set " + path + ".image to the container image, e.g. registry/name:tag"));
      } else if (pod && !image.equals(image.strip())) {
        findings.add(
            new Finding(
                path + ".image",
                "image \"" + image + "\" has leading or trailing whitespace",
                "remove the whitespace around the image name"));
      }
    }
    List<EphemeralContainer> ephemeral = given.getEphemeralContainers();
    for (int i = 0; i < ephemeral.size(); i++) {
      name(
          ephemeral.get(i).getName(), specPath + ".ephemeralContainers[" + i + "]", seen, findings);
    }
    return findings;
  }

  /**
   * K8S007 on the environment and volumes of a pod spec at {@code specPath}: variable names of
   * printable ASCII without '=', and their sources ({@link EnvSourceFacts}); volumes with unique
   * DNS-1123 names; in each container, mounts of volumes the pod has, at unique paths.
   */
  public static List<Finding> envAndVolumes(PodSpec spec, String specPath) {
    PodSpec given = NullFree.podSpec(spec);
    List<Finding> findings = new ArrayList<>();
    Map<String, String> volumes = new HashMap<>();
    List<Volume> declared = given.getVolumes();
    for (int i = 0; i < declared.size(); i++) {
      String path = specPath + ".volumes[" + i + "].name";
      String name = declared.get(i) == null ? null : declared.get(i).getName();
      if (name == null || !Names.isDns1123Label(name)) {
        findings.add(
            new Finding(
                path,
                "volume name \"" + (name == null ? "" : name) + "\" is not a DNS-1123 label",
                "name the volume with at most 63 lower-case letters, digits and '-', e.g."
                    + " scratch"));
      } else if (volumes.containsKey(name)) {
        findings.add(
            new Finding(
                path,
                "volume name \"" + name + "\" is also used by " + volumes.get(name),
                "give each volume its own name"));
      } else {
        volumes.put(name, specPath + ".volumes[" + i + "]");
      }
    }
    for (Map.Entry<String, Container> at : indexed(given, specPath).entrySet()) {
      env(at.getValue(), at.getKey(), findings);
      findings.addAll(EnvSourceFacts.of(at.getValue(), at.getKey()));
      mounts(at.getValue(), at.getKey(), volumes, findings);
    }
    return findings;
  }

  private static void env(Container container, String path, List<Finding> findings) {
    List<EnvVar> env = container.getEnv() == null ? List.of() : container.getEnv();
    for (int i = 0; i < env.size(); i++) {
      String name = env.get(i) == null ? null : env.get(i).getName();
      if (name == null || name.isEmpty() || !Names.isEnvVarName(name)) {
        findings.add(
            new Finding(
                path + ".env[" + i + "].name",
                "variable name \"" + (name == null ? "" : name) + "\" is invalid",
                "use printable ASCII without '=', e.g. NCCL_DEBUG"));
      }
    }
  }

  private static void mounts(
      Container container, String path, Map<String, String> volumes, List<Finding> findings) {
    List<VolumeMount> mounts =
        container.getVolumeMounts() == null ? List.of() : container.getVolumeMounts();
    Map<String, String> paths = new HashMap<>();
    for (int i = 0; i < mounts.size(); i++) {
      VolumeMount mount = mounts.get(i);
      if (mount == null) {
        continue;
      }
      String at = path + ".volumeMounts[" + i + "]";
      if (mount.getName() != null && !volumes.containsKey(mount.getName())) {
        findings.add(
            new Finding(
                at + ".name",
                "the pod has no volume named \"" + mount.getName() + "\"",
                "add the volume to the pod's volumes, or mount one it has"));
      }
      String mountPath = mount.getMountPath();
      if (mountPath == null) {
        continue;
      }
      if (paths.containsKey(mountPath)) {
        findings.add(
            new Finding(
                at + ".mountPath",
                "mount path \"" + mountPath + "\" is also used by " + paths.get(mountPath),
                "give each volume mount its own path"));
      } else {
        paths.put(mountPath, at);
      }
    }
  }

  private static void name(
      String name, String path, Map<String, String> seen, List<Finding> findings) {
    String namePath = path + ".name";
    if (name == null || name.isEmpty()) {
      findings.add(
          new Finding(
              namePath,
              "Required value: every container needs a name",
              "set " + namePath + ", e.g. to main (lower-case letters, digits and '-')"));
    } else if (!Names.isDns1123Label(name)) {
      findings.add(
          new Finding(
              namePath,
              "container name \"" + name + "\" is not a DNS-1123 label",
              "use at most 63 lower-case letters, digits and '-', starting and ending"
                  + " alphanumeric"));
    } else if (seen.containsKey(name)) {
      findings.add(
          new Finding(
              namePath,
              "container name \""
                  + name
                  + "\" is also used by "
                  + seen.get(name)
                  + "; container names must be unique within a pod",
              "rename one of the two containers"));
    } else {
      seen.put(name, path);
    }
  }

  /** Regular, then init containers, by field path, in order. */
  private static Map<String, Container> indexed(PodSpec spec, String specPath) {
    Map<String, Container> all = new java.util.LinkedHashMap<>();
    List<Container> containers = spec.getContainers();
    for (int i = 0; i < containers.size(); i++) {
      all.put(specPath + ".containers[" + i + "]", containers.get(i));
    }
    List<Container> init = spec.getInitContainers();
    for (int i = 0; i < init.size(); i++) {
      all.put(specPath + ".initContainers[" + i + "]", init.get(i));
    }
    return all;
  }
}
