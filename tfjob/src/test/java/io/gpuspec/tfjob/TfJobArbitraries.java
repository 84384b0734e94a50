package io.gpuspec.tfjob;

import io.gpuspec.core.GpuArbitraries;
import io.gpuspec.core.GpuCatalogue;
import io.gpuspec.core.LabelScheme;
import io.gpuspec.core.Labels;
import io.gpuspec.core.NodePool;
import io.gpuspec.core.kubeflow.ReplicaSpec;
import io.gpuspec.tfjob.model.TFJob;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.UnaryOperator;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Combinators;

/** jqwik generators of valid TFJobs on pools built from the GPU catalogue. */
final class TfJobArbitraries {

  private TfJobArbitraries() {}

  static Arbitrary<NodePool> pools(String name) {
    return Combinators.combine(
            Arbitraries.of(GpuCatalogue.defaults().models()),
            Arbitraries.of(LabelScheme.builtIns()),
            Arbitraries.integers().between(1, 8),
            Arbitraries.integers().between(1, 4),
            Arbitraries.of(false, true))
        .as(
            (model, scheme, gpus, nodes, dedicated) ->
                NodePool.named(name)
                    .model(model)
                    .labelScheme(scheme)
                    .gpusPerNode(gpus)
                    .nodeCount(nodes)
                    .dedicated(dedicated)
                    .build());
  }

  /** Two pools of different GPU models. */
  static Arbitrary<List<NodePool>> poolsOfTwoModels() {
    return Combinators.combine(pools("pool-a"), pools("pool-b"))
        .as(List::of)
        .filter(p -> !p.get(0).model().equals(p.get(1).model()))
        .filter(GpuArbitraries::formAFleet);
  }

  static Arbitrary<String> names() {
    return Arbitraries.strings()
        .withCharRange('a', 'z')
        .numeric()
        .withChars('-')
        .ofMinLength(1)
        .ofMaxLength(20)
        .filter(Labels::isDns1035Label);
  }

  /** A job whose GPU replicas all run on {@code pool}; CPU-only PS, optional Chief and gang. */
  static Arbitrary<TfJob> jobs(NodePool pool) {
    return jobs(pool, job -> job.onPool(pool));
  }

  /** Like {@link #jobs(NodePool)}, sized for {@code pool}, placed by {@code place}. */
  static Arbitrary<TfJob> jobs(NodePool pool, UnaryOperator<TfJob.Builder> place) {
    Arbitrary<Integer> gpus = Arbitraries.integers().between(1, pool.gpusPerNode());
    return gpus.flatMap(
        perPod -> {
          int maxPods = pool.totalGpus() / perPod;
          return Combinators.combine(
                  names(),
                  Arbitraries.of(false, true),
                  Arbitraries.integers().between(1, Math.max(1, maxPods - 1)),
                  Arbitraries.integers().between(0, 2),
                  Arbitraries.of(RestartPolicy.values()),
                  Arbitraries.of(CleanPodPolicy.values()),
                  Arbitraries.of(false, true),
                  Arbitraries.of(false, true))
              .as(
                  (name, chief, workers, ps, restart, clean, gang, evaluator) -> {
                    TfJob.Builder job =
                        place
                            .apply(TfJob.named(name).namespace("ml"))
                            .workers(
                                workers,
                                w ->
                                    w.image(TfFixtures.IMAGE)
                                        .gpus(perPod)
                                        .restartPolicy(restart)
                                        .putEnv("NCCL_DEBUG", "INFO"))
                            .cleanPodPolicy(clean)
                            .backoffLimit(3);
                    int total = workers;
                    if (chief && workers + 1 <= maxPods) {
                      job.chief(c -> c.image(TfFixtures.IMAGE).gpus(perPod).restartPolicy(restart));
                      total++;
                    }
                    if (ps > 0) {
                      job.ps(ps, p -> p.image(TfFixtures.IMAGE).gpus(0).cpu("2").memory("8Gi"));
                      total += ps;
                    }
                    if (evaluator) {
                      job.evaluator(e -> e.image(TfFixtures.IMAGE).gpus(0));
                      total++;
                    }
                    if (gang) {
                      int pods = total;
                      job.schedulingPolicy(s -> s.minAvailable(pods).queue("training"));
                    }
                    return job.build();
                  });
        });
  }

  /**
   * Workers on the second pool and a Chief on the first, another GPU model. The DSL refuses to
   * build such a job, so each part is built on its own pool and the rendered Chief joins the
   * Workers.
   */
  static Arbitrary<TFJob> jobsOnTwoPools(List<NodePool> pools) {
    NodePool chiefPool = pools.get(0);
    NodePool workerPool = pools.get(1);
    int perPod = Math.min(chiefPool.gpusPerNode(), workerPool.gpusPerNode());
    return Combinators.combine(
            names(), Arbitraries.integers().between(1, workerPool.totalGpus() / perPod))
        .as(
            (name, workers) -> {
              TFJob job =
                  TfJob.named(name)
                      .namespace("ml")
                      .onPool(workerPool)
                      .workers(workers, w -> w.image(TfFixtures.IMAGE).gpus(perPod))
                      .build()
                      .toTfJob();
              ReplicaSpec chief =
                  TfJob.named(name)
                      .namespace("ml")
                      .onPool(chiefPool)
                      .chief(c -> c.image(TfFixtures.IMAGE).gpus(perPod))
                      .build()
                      .toTfJob()
                      .getSpec()
                      .getTfReplicaSpecs()
                      .get(ReplicaType.CHIEF.text());
              Map<String, ReplicaSpec> replicas = new LinkedHashMap<>();
              replicas.put(ReplicaType.CHIEF.text(), chief);
              replicas.putAll(job.getSpec().getTfReplicaSpecs());
              job.getSpec().setTfReplicaSpecs(replicas);
              return job;
            });
  }
}
