package io.gpuspec.core;

import java.util.List;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Combinators;

/** jqwik generators of valid domain values: catalogue models, pools and workloads on them. */
public final class GpuArbitraries {

  private GpuArbitraries() {}

  public static Arbitrary<GpuModel> models() {
    return Arbitraries.of(GpuCatalogue.defaults().models());
  }

  public static Arbitrary<LabelScheme> schemes() {
    return Arbitraries.of(LabelScheme.builtIns());
  }

  public static Arbitrary<String> dnsLabels() {
    return Arbitraries.strings()
        .withCharRange('a', 'z')
        .numeric()
        .withChars('-')
        .ofMinLength(1)
        .ofMaxLength(20)
        .filter(Labels::isDns1123Label);
  }

  public static Arbitrary<NodePool> pools() {
    return Combinators.combine(
            dnsLabels(),
            models(),
            schemes(),
            Arbitraries.integers().between(1, 8),
            Arbitraries.integers().between(1, 10),
            Arbitraries.of(PoolPurpose.values()),
            Arbitraries.of(false, true))
        .as(
            (name, model, scheme, gpus, nodes, purpose, dedicated) ->
                NodePool.named(name)
                    .model(model)
                    .labelScheme(scheme)
                    .gpusPerNode(gpus)
                    .nodeCount(nodes)
                    .purpose(purpose)
                    .dedicated(dedicated)
                    .build());
  }

  /** Two pools whose GPU models differ. */
  public static Arbitrary<List<NodePool>> poolsOfTwoModels() {
    return pools()
        .list()
        .ofSize(2)
        .filter(p -> !p.get(0).model().equals(p.get(1).model()))
        .filter(p -> !p.get(0).name().equals(p.get(1).name()))
        .filter(GpuArbitraries::formAFleet);
  }

  /** Whether pools can share a fleet: distinct names, and labels that tell models apart. */
  public static boolean formAFleet(List<NodePool> pools) {
    try {
      Fleet.of(pools);
      return true;
    } catch (InvalidSpecException e) {
      return false;
    }
  }

  public static Arbitrary<InferenceDeployment> deployments(NodePool pool) {
    return Combinators.combine(
            dnsLabels(),
            Arbitraries.integers().between(0, 6),
            Arbitraries.integers().between(1, pool.gpusPerNode()),
            Arbitraries.of("1", "500m", "8"),
            Arbitraries.of("4Gi", "16Gi"),
            Arbitraries.of(true, false))
        .as(
            (name, replicas, gpus, cpu, memory, spread) ->
                InferenceDeployment.named(name)
                    .namespace("serving")
                    .image("nvcr.io/nvidia/tritonserver:24.08-py3")
                    .replicas(replicas)
                    .gpus(gpus)
                    .cpu(cpu)
                    .memory(memory)
                    .spreadAcrossHosts(spread)
                    .onPool(pool)
                    .port("http", 8000)
                    .readinessPath("/v2/health/ready")
                    .putEnv("NCCL_DEBUG", "INFO")
                    .build());
  }

  public static Arbitrary<TrainingJob> jobs(NodePool pool) {
    return Combinators.combine(
            dnsLabels(),
            Arbitraries.integers().between(1, pool.gpusPerNode()),
            Arbitraries.integers().between(1, pool.nodeCount()),
            Arbitraries.of(TrainingJob.RestartPolicy.values()),
            Arbitraries.integers().between(0, 6))
        .as(
            (name, gpus, parallelism, restart, backoff) ->
                TrainingJob.named(name)
                    .namespace("ml")
                    .image("nvcr.io/nvidia/pytorch:24.08-py3")
                    .gpus(gpus)
                    .parallelism(parallelism)
                    .completions(parallelism)
                    .restartPolicy(restart)
                    .backoffLimit(backoff)
                    .onPool(pool)
                    .sharedMemory("8Gi")
                    .addVolume(WorkloadVolume.scratch("/scratch", "100Gi"))
                    .addVolume(WorkloadVolume.dataset("imagenet", "/data", "imagenet"))
                    .build());
  }
}
