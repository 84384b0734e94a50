package io.gpuspec.sharing;

import static org.assertj.core.api.Assertions.assertThat;

import io.fabric8.kubernetes.api.model.PodSpec;
import io.fabric8.kubernetes.api.model.Quantity;
import io.gpuspec.core.Fleet;
import io.gpuspec.core.InferenceDeployment;
import io.gpuspec.core.NodePool;
import io.gpuspec.core.Platform;
import io.gpuspec.core.TestGpuspec;
import io.gpuspec.core.TrainingJob;
import io.gpuspec.core.report.Report;
import java.math.BigDecimal;
import java.util.List;
import java.util.Map;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.statistics.Statistics;

/** Invariants of pools shared with {@link GpuSharing} and of platforms built on them. */
class SharedPoolProperties {

  @Provide
  Arbitrary<NodePool> pool() {
    return SharingArbitraries.sharedPool("shared");
  }

  @Provide
  Arbitrary<List<NodePool>> pools() {
    return SharingArbitraries.sharedPools();
  }

  /**
   * A pool's advertised resources always admit the resource its workloads request: a workload
   * placed on the pool asks for a resource each node advertises at least once, and its placement
   * admits the pool (its labels and taints).
   */
  @Property(tries = 300)
  void aPoolsAdvertisedResourcesAdmitWhatItsWorkloadsRequest(@ForAll("pool") NodePool pool) {
    PodSpec spec =
        InferenceDeployment.named("chat")
            .image("nvcr.io/nvidia/tritonserver:24.08-py3")
            .onPool(pool)
            .build()
            .toDeployment()
            .getSpec()
            .getTemplate()
            .getSpec();
    Map<String, Quantity> limits = spec.getContainers().get(0).getResources().getLimits();
    String requested =
        limits.keySet().stream()
            .filter(name -> name.startsWith("nvidia.com/"))
            .findFirst()
            .orElseThrow();

    assertThat(pool.toNodeGroup().allocatable().get(requested))
        .as("%s advertises %s", pool, requested)
        .isNotNull()
        .isGreaterThanOrEqualTo(BigDecimal.ONE);
    assertThat(Fleet.of(pool).poolsAdmitting(spec)).containsExactly(pool);
  }

  /**
   * Any DSL-built sharing platform passes every rule: shared pools, the device-plugin and
   * mig-parted ConfigMaps gathered from them, and a Deployment and a Job on each pool, checked
   * strictly with the pools known.
   */
  @Property(tries = 100)
  void anyDslBuiltSharingPlatformPassesEveryRule(@ForAll("pools") List<NodePool> pools) {
    Platform.Builder platform = Platform.builder().addAllPools(pools);
    platform.add(DevicePluginConfigMap.ofPools("device-plugin-configs", pools).build());
    if (pools.stream().anyMatch(p -> SharingArbitraries.layout(p).isPresent())) {
      platform.add(MigPartedConfigMap.ofPools("mig-parted-config", pools, Map.of()).build());
    }
    for (NodePool pool : pools) {
      platform.add(
          InferenceDeployment.named("serve-" + pool.name())
              .namespace("serving")
              .image("nvcr.io/nvidia/tritonserver:24.08-py3")
              .replicas(2)
              .onPool(pool)
              .port("http", 8000)
              .build(),
          TrainingJob.named("train-" + pool.name())
              .namespace("ml")
              .image("nvcr.io/nvidia/pytorch:24.08-py3")
              .onPool(pool)
              .backoffLimit(1)
              .build());
    }

    Report report = TestGpuspec.GPUSPEC.check(platform.build());
    pools.forEach(pool -> Statistics.label("sharing").collect(kind(pool)));

    assertThat(report.violations()).as(pools.toString()).isEmpty();
  }

  private static String kind(NodePool pool) {
    GpuSharing sharing = (GpuSharing) pool.sharing().orElseThrow();
    return sharing
        .config()
        .sharing()
        .map(config -> config.strategy().label())
        .orElse("mig " + sharing.config().effectiveMigStrategy().value());
  }

  /**
   * What a node advertises under time-slicing or MPS is its GPUs times the replicas, under the
   * shared name when renamed; under MIG, the instances of the profile on each GPU.
   */
  @Property(tries = 300)
  void advertisedCountsFollowReplicasAndInstances(@ForAll("pool") NodePool pool) {
    GpuSharing sharing = (GpuSharing) pool.sharing().orElseThrow();
    int total = pool.advertisedPerNode().values().stream().mapToInt(Integer::intValue).sum();
    if (sharing.migLayout().isPresent()) {
      int perGpu = sharing.migLayout().get().groups().get(0).requested().values().iterator().next();
      assertThat(total).isEqualTo(perGpu * pool.gpusPerNode());
    } else {
      SharingConfig config = sharing.config().sharing().orElseThrow();
      SharedResource gpu = config.resources().get(0);
      assertThat(pool.advertisedPerNode())
          .containsExactly(
              Map.entry(config.advertisedName(gpu), gpu.replicas() * pool.gpusPerNode()));
    }
  }
}
