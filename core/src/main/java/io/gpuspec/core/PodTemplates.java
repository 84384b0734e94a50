package io.gpuspec.core;

import io.fabric8.kubernetes.api.model.Container;
import io.fabric8.kubernetes.api.model.ContainerBuilder;
import io.fabric8.kubernetes.api.model.ContainerPort;
import io.fabric8.kubernetes.api.model.EnvVar;
import io.fabric8.kubernetes.api.model.PodSpec;
import io.fabric8.kubernetes.api.model.PodSpecBuilder;
import io.fabric8.kubernetes.api.model.Quantity;
import io.fabric8.kubernetes.api.model.Volume;
import io.fabric8.kubernetes.api.model.VolumeBuilder;
import io.fabric8.kubernetes.api.model.VolumeMount;
import io.fabric8.kubernetes.api.model.VolumeMountBuilder;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;
import org.jspecify.annotations.Nullable;

/**
 * Renders the pod part of every gpuspec workload, so that GPU requests equal limits, placement
 * comes with its tolerations and the Pod Security "restricted" settings are the same everywhere.
 */
public final class PodTemplates {

  /** The label every gpuspec object carries to say who manages it. */
  public static final String MANAGED_BY = "app.kubernetes.io/managed-by";

  /** The label naming the application; the selector of Deployments. */
  public static final String APP_NAME = "app.kubernetes.io/name";

  private PodTemplates() {}

  /** {@code app.kubernetes.io/name}, {@code managed-by: gpuspec}, then the user's labels. */
  public static Map<String, String> labels(String appName, PodAttributes pod) {
    Map<String, String> labels = new TreeMap<>();
    labels.put(APP_NAME, appName);
    labels.put(MANAGED_BY, "gpuspec");
    labels.putAll(pod.labels());
    return labels;
  }

  /**
   * The main container: image, command, args, env, ports, resources with requests equal to limits
   * (CPU, memory and GPUs: Guaranteed QoS), mounts and a restricted security context.
   */
  public static ContainerBuilder container(
      String name, ContainerAttributes container, PodAttributes pod, List<ContainerPort> ports) {
    return container(name, container, pod, ports, Optional.empty());
  }

  /**
   * The main container of a pod placed with {@code placement}: as {@link #container(String,
   * ContainerAttributes, PodAttributes, List)}, requesting the GPU resource the placement resolves
   * ({@link GpuPlacement#resourceFor}), e.g. the shared or MIG resource of the pool.
   */
  public static ContainerBuilder container(
      String name,
      ContainerAttributes container,
      PodAttributes pod,
      List<ContainerPort> ports,
      Optional<GpuPlacement> placement) {
    Map<String, Quantity> resources = new LinkedHashMap<>();
    resources.put("cpu", new Quantity(container.cpu()));
    resources.put("memory", new Quantity(container.memory()));
    if (container.gpus() > 0) {
      String gpu = placement.map(p -> p.resourceFor(container)).orElse(container.gpuResource());
      resources.put(gpu, new Quantity(Integer.toString(container.gpus())));
    }
    if (container.rdmaDevices() > 0) {
      placement
          .flatMap(p -> p.pool().rdma())
          .ifPresent(
              rdma ->
                  resources.put(
                      rdma.resource(), new Quantity(Integer.toString(container.rdmaDevices()))));
    }
    List<EnvVar> env = new ArrayList<>();
    container.env().forEach((key, value) -> env.add(new EnvVar(key, value, null)));
    return new ContainerBuilder()
        .withName(name)
        .withImage(container.image())
        .withCommand(container.command())
        .withArgs(container.args())
        .withEnv(env)
        .withPorts(ports)
        .withNewResources()
        .withLimits(resources)
        .withRequests(new LinkedHashMap<>(resources))
        .endResources()
        .withVolumeMounts(mounts(pod))
        .withNewSecurityContext()
        .withAllowPrivilegeEscalation(false)
        .withNewCapabilities()
        .withDrop("ALL")
        .endCapabilities()
        .endSecurityContext();
  }

  /**
   * The pod spec around a main container: placement (required affinity and the pool's tolerations),
   * priority, service account, restricted security context and volumes.
   */
  public static PodSpecBuilder podSpec(
      PodAttributes pod,
      Optional<GpuPlacement> placement,
      Container main,
      @Nullable String restartPolicy) {
    PodSpecBuilder spec =
        new PodSpecBuilder()
            .withContainers(main)
            .withRestartPolicy(restartPolicy)
            .withAutomountServiceAccountToken(pod.automountServiceAccountToken())
            .withNewSecurityContext()
            .withRunAsNonRoot(true)
            .withRunAsUser(pod.runAsUser())
            .withRunAsGroup(pod.runAsUser())
            .withNewSeccompProfile()
            .withType("RuntimeDefault")
            .endSeccompProfile()
            .endSecurityContext()
            .withVolumes(volumes(pod));
    pod.priorityClassName().ifPresent(spec::withPriorityClassName);
    pod.serviceAccountName().ifPresent(spec::withServiceAccountName);
    placement.ifPresent(p -> spec.withAffinity(p.nodeAffinity()).withTolerations(p.tolerations()));
    return spec;
  }

  /**
   * Places a pod spec on a pool without GPUs, when one is given: required node affinity to the
   * pool's labels and one toleration for each of its taints, replacing any placement before.
   */
  public static PodSpec placeOn(PodSpec spec, Optional<CpuPool> cpuPool) {
    cpuPool.ifPresent(
        pool -> {
          spec.setAffinity(pool.nodeAffinity());
          spec.setTolerations(pool.tolerations());
        });
    return spec;
  }

  /** Convenience for a finished pod spec. */
  public static PodSpec build(
      PodAttributes pod,
      Optional<GpuPlacement> placement,
      Container main,
      @Nullable String restartPolicy) {
    return podSpec(pod, placement, main, restartPolicy).build();
  }

  private static List<Volume> volumes(PodAttributes pod) {
    List<Volume> volumes = new ArrayList<>();
    for (WorkloadVolume v : pod.volumes()) {
      VolumeBuilder volume = new VolumeBuilder().withName(v.name());
      if (v.claimName().isPresent()) {
        volume
            .withNewPersistentVolumeClaim()
            .withClaimName(v.claimName().get())
            .withReadOnly(v.readOnly() ? Boolean.TRUE : null)
            .endPersistentVolumeClaim();
      } else if (v.storageClass().isPresent()) {
        volume
            .withNewEphemeral()
            .withNewVolumeClaimTemplate()
            .withNewSpec()
            .withAccessModes("ReadWriteOnce")
            .withStorageClassName(v.storageClass().get())
            .withNewResources()
            .addToRequests("storage", new Quantity(v.size().orElseThrow()))
            .endResources()
            .endSpec()
            .endVolumeClaimTemplate()
            .endEphemeral();
      } else {
        volume
            .withNewEmptyDir()
            .withSizeLimit(v.size().map(Quantity::new).orElse(null))
            .endEmptyDir();
      }
      volumes.add(volume.build());
    }
    pod.sharedMemory()
        .ifPresent(
            size ->
                volumes.add(
                    new VolumeBuilder()
                        .withName(SHM_VOLUME)
                        .withNewEmptyDir()
                        .withMedium("Memory")
                        .withSizeLimit(new Quantity(size))
                        .endEmptyDir()
                        .build()));
    return volumes;
  }

  private static List<VolumeMount> mounts(PodAttributes pod) {
    List<VolumeMount> mounts = new ArrayList<>();
    for (WorkloadVolume v : pod.volumes()) {
      mounts.add(
          new VolumeMountBuilder()
              .withName(v.name())
              .withMountPath(v.mountPath())
              .withReadOnly(v.readOnly() ? Boolean.TRUE : null)
              .build());
    }
    pod.sharedMemory()
        .ifPresent(
            size ->
                mounts.add(
                    new VolumeMountBuilder().withName(SHM_VOLUME).withMountPath(SHM_PATH).build()));
    return mounts;
  }

  /** The name of the sharedMemory volume. */
  static final String SHM_VOLUME = "dshm";

  /** Where the sharedMemory volume is mounted. */
  static final String SHM_PATH = "/dev/shm";
}
