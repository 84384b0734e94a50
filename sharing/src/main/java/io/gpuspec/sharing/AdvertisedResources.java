package io.gpuspec.sharing;

import io.gpuspec.core.InvalidSpecException;
import io.gpuspec.core.NodePool;
import io.gpuspec.core.PoolShape;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.SortedMap;
import java.util.TreeMap;

/**
 * What the device plugin advertises on each node of a pool under a config (and MIG layout): the
 * extended resources and their allocatable counts, e.g. {@code nvidia.com/gpu: 4} for one T4 shared
 * four ways.
 *
 * <ul>
 *   <li>Without MIG: {@code nvidia.com/gpu}, one per GPU.
 *   <li>MIG, strategy {@code single}: every GPU of the node with the same one profile; its
 *       instances as {@code nvidia.com/gpu}.
 *   <li>MIG, strategy {@code mixed}: {@code nvidia.com/mig-<profile>} per profile (a {@code +} in
 *       the profile becomes {@code .}), and {@code nvidia.com/gpu} for GPUs with MIG off.
 *   <li>Sharing: a shared resource counts devices × replicas, under {@code <name>.shared} with
 *       {@code renameByDefault}.
 * </ul>
 *
 * See https://github.com/NVIDIA/k8s-device-plugin#shared-access-to-gpus and
 * https://docs.nvidia.com/datacenter/cloud-native/gpu-operator/latest/gpu-operator-mig.html.
 *
 * @param pool the node pool's name
 * @param perNode allocatable count by resource name on each node of the pool, sorted by name
 * @param nodes nodes in the pool
 */
public record AdvertisedResources(String pool, SortedMap<String, Integer> perNode, int nodes) {

  public AdvertisedResources {
    perNode = new TreeMap<>(perNode);
  }

  /** Allocatable count by resource name over the whole pool. */
  public SortedMap<String, Integer> perPool() {
    SortedMap<String, Integer> total = new TreeMap<>();
    perNode.forEach((name, count) -> total.put(name, count * nodes));
    return total;
  }

  /** The count of one resource on each node; 0 when the pool does not advertise it. */
  public int perNode(String resource) {
    return perNode.getOrDefault(resource, 0);
  }

  /** What the pool advertises with this config and no MIG layout (MIG off on every GPU). */
  public static AdvertisedResources of(NodePool pool, DevicePluginConfig config) {
    return of(pool.shape(), config);
  }

  /** What a pool of this shape advertises with this config and no MIG layout. */
  public static AdvertisedResources of(PoolShape pool, DevicePluginConfig config) {
    return compute(pool, config, Optional.empty(), MigCatalogue.defaults());
  }

  /**
   * What the pool advertises with this config while the MIG manager applies the layout. Throws
   * {@link InvalidSpecException} when the combination cannot work: the layout does not fit the
   * pool's GPUs, leaves a GPU unconfigured or configures one twice, the MIG strategy cannot
   * advertise it, MPS meets MIG, or a shared resource names nothing the pool advertises.
   */
  public static AdvertisedResources of(
      NodePool pool, DevicePluginConfig config, MigLayout layout, MigCatalogue catalogue) {
    return of(pool.shape(), config, layout, catalogue);
  }

  /** What a pool of this shape advertises with this config while the MIG manager applies it. */
  public static AdvertisedResources of(
      PoolShape pool, DevicePluginConfig config, MigLayout layout, MigCatalogue catalogue) {
    return compute(pool, config, Optional.of(layout), catalogue);
  }

  private static AdvertisedResources compute(
      PoolShape pool,
      DevicePluginConfig config,
      Optional<MigLayout> layout,
      MigCatalogue catalogue) {
    String where = "node pool \"" + pool.name() + "\"";
    List<Optional<MigDeviceGroup>> gpus = perGpu(pool, layout, catalogue, where);
    boolean anyMig = gpus.stream().anyMatch(Optional::isPresent);
    SortedMap<String, Integer> base = new TreeMap<>();
    MigStrategy strategy = config.effectiveMigStrategy();
    switch (strategy) {
      case NONE -> {
        InvalidSpecException.require(
            !anyMig,
            where,
            "the MIG layout enables MIG but migStrategy none advertises only whole GPUs",
            "set flags.migStrategy to single or mixed");
        base.put(ResourceNames.GPU, pool.gpusPerNode());
      }
      case SINGLE -> {
        if (!anyMig) {
          base.put(ResourceNames.GPU, pool.gpusPerNode());
        } else {
          Set<Map<String, Integer>> shapes = new HashSet<>();
          gpus.forEach(gpu -> shapes.add(gpu.map(MigDeviceGroup::requested).orElse(Map.of())));
          boolean oneProfile =
              gpus.stream().allMatch(Optional::isPresent)
                  && shapes.size() == 1
                  && shapes.iterator().next().size() == 1;
          InvalidSpecException.require(
              oneProfile,
              where,
              "migStrategy single needs every GPU of a node in MIG mode with the same one profile,"
                  + " but the layout gives "
                  + describe(gpus),
              "use one profile on all GPUs, or set flags.migStrategy: mixed");
          int instances = 0;
          for (Optional<MigDeviceGroup> gpu : gpus) {
            instances += gpu.orElseThrow().requested().values().iterator().next();
          }
          base.put(ResourceNames.GPU, instances);
        }
      }
      case MIXED -> {
        for (Optional<MigDeviceGroup> gpu : gpus) {
          if (gpu.isEmpty()) {
            base.merge(ResourceNames.GPU, 1, Integer::sum);
          } else {
            gpu.get()
                .requested()
                .forEach(
                    (profile, count) ->
                        base.merge(ResourceNames.mig(profile), count, Integer::sum));
          }
        }
      }
    }
    SortedMap<String, Integer> advertised = new TreeMap<>(base);
    config
        .sharing()
        .ifPresent(
            sharing -> {
              InvalidSpecException.require(
                  !(sharing.strategy() == SharingStrategy.MPS && anyMig),
                  where,
                  "MPS sharing on GPUs with MIG enabled, which the device plugin does not support",
                  "turn MIG off on these nodes or share with time-slicing");
              Set<String> seen = new HashSet<>();
              for (SharedResource resource : sharing.resources()) {
                InvalidSpecException.require(
                    seen.add(resource.name()),
                    where + " sharing." + sharing.strategy().key(),
                    resource.name() + " is listed twice",
                    "list each resource once");
                Integer devices = base.get(resource.name());
                InvalidSpecException.require(
                    devices != null,
                    where
                        + " sharing."
                        + sharing.strategy().key()
                        + " resource \""
                        + resource.name()
                        + "\"",
                    "the pool advertises no such resource (it advertises " + base.keySet() + ")",
                    "share one of those");
                long replicas =
                    (long) java.util.Objects.requireNonNull(devices) * resource.replicas();
                InvalidSpecException.requireCount(
                    where
                        + " sharing."
                        + sharing.strategy().key()
                        + " resource \""
                        + resource.name()
                        + "\"",
                    replicas * pool.nodeCount(),
                    "share each device fewer ways: the pool's replicas are counted as devices");
                advertised.remove(resource.name());
                advertised.put(sharing.advertisedName(resource), (int) replicas);
              }
            });
    return new AdvertisedResources(pool.name(), advertised, pool.nodeCount());
  }

  /** The device group that configures each GPU of a node; empty for a GPU with MIG off. */
  private static List<Optional<MigDeviceGroup>> perGpu(
      PoolShape pool, Optional<MigLayout> layout, MigCatalogue catalogue, String where) {
    List<Optional<MigDeviceGroup>> gpus = new ArrayList<>();
    if (layout.isEmpty()) {
      for (int gpu = 0; gpu < pool.gpusPerNode(); gpu++) {
        gpus.add(Optional.empty());
      }
      return gpus;
    }
    catalogue.fit(layout.get(), pool).requireFits();
    Optional<MigGeometry> geometry = catalogue.geometry(pool.model());
    for (int gpu = 0; gpu < pool.gpusPerNode(); gpu++) {
      List<Integer> groups = new ArrayList<>();
      for (int index = 0; index < layout.get().groups().size(); index++) {
        MigDeviceGroup group = layout.get().groups().get(index);
        boolean filtered =
            !group.deviceFilter().isEmpty()
                && geometry.map(known -> !group.appliesTo(known)).orElse(true);
        if (!filtered && group.devices().selects(gpu)) {
          groups.add(index);
        }
      }
      InvalidSpecException.require(
          !groups.isEmpty(),
          where + " GPU " + gpu,
          "no group of the MIG layout applies to it, so its MIG mode is whatever it was",
          "cover it with a group (devices: all, or mig-enabled: false to keep it whole)");
      InvalidSpecException.require(
          groups.size() == 1,
          where + " GPU " + gpu,
          "MIG layout groups " + groups + " all apply to it",
          "let exactly one group select each GPU");
      MigDeviceGroup group = layout.get().groups().get(groups.get(0));
      gpus.add(group.migEnabled() ? Optional.of(group) : Optional.empty());
    }
    return gpus;
  }

  private static String describe(List<Optional<MigDeviceGroup>> gpus) {
    List<String> parts = new ArrayList<>();
    for (int gpu = 0; gpu < gpus.size(); gpu++) {
      parts.add(gpu + ": " + gpus.get(gpu).map(g -> g.requested().toString()).orElse("MIG off"));
    }
    return String.join(", ", parts);
  }
}
