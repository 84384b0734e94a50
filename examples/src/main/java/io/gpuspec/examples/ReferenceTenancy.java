package io.gpuspec.examples;

import static io.gpuspec.examples.ReferencePriorities.EXPERIMENT;

import io.fabric8.kubernetes.api.model.HasMetadata;
import io.gpuspec.core.ManifestSource;
import io.gpuspec.core.PriorityRef;
import io.gpuspec.core.check.Gpuspec;
import io.gpuspec.scheduling.KueueClusterQueue;
import io.gpuspec.scheduling.KueueClusterQueue.BorrowWithinCohortPolicy;
import io.gpuspec.scheduling.KueueClusterQueue.ReclaimWithinCohort;
import io.gpuspec.scheduling.KueueClusterQueue.WithinClusterQueue;
import io.gpuspec.scheduling.KueueCohort;
import io.gpuspec.scheduling.KueueFlavor;
import io.gpuspec.scheduling.KueueLocalQueue;
import io.gpuspec.scheduling.KueuePolicy;
import io.gpuspec.scheduling.KueueTopology;
import io.gpuspec.scheduling.KueueWorkload;
import io.gpuspec.scheduling.PodSetTopology;
import io.gpuspec.scheduling.Team;
import io.gpuspec.scheduling.VolcanoQueue;
import io.gpuspec.scheduling.WorkloadGang;
import java.util.List;

/**
 * Tenancy and queues of the reference platform (see {@code docs/scheduling.md}):
 *
 * <ul>
 *   <li>three teams, two research teams ({@link #VISION}, {@link #ML_RESEARCH}) and {@link
 *       #SERVING}, each a restricted namespace with the ServiceAccount its workloads run as, a Role
 *       for its members, a GPU quota and container defaults;
 *   <li>Kueue decides when batch work runs: a ResourceFlavor per GPU pool that queued work uses, a
 *       ClusterQueue per team in the cohort {@value #COHORT} that borrows idle GPUs from the other
 *       teams (within limits) and reclaims its own by preemption, and a LocalQueue per team;
 *   <li>Volcano decides where the pods of a multi-pod job go, all at once: a Queue per team whose
 *       capability is what Kueue can admit for it (so Volcano never refuses what Kueue admitted and
 *       never reclaims), and a PodGroup per distributed job.
 * </ul>
 *
 * The namespaces' GPU quotas are the teams' nominal shares (serving's plus its always-on GPUs), so
 * that together they stay within the fleet's GPUs (rule SCH016): a team borrows idle GPUs of one
 * flavor while it uses fewer than its share of another.
 *
 * <p>Online inference is not queued: it runs at {@code inference-critical} on the inference pools,
 * and the serving team queues only its batch work on the L40S pool.
 */
final class ReferenceTenancy {

  /** The cohort of the teams' ClusterQueues: they lend and borrow GPUs within it. */
  static final String COHORT = "training";

  /** GPUs of one flavor per team: nominal quota, what it may borrow on top, what it lends. */
  private record Share(int nominal, int borrowing, int lending) {
    int most() {
      return nominal + borrowing;
    }
  }

  // A100 training: 32 GPUs, 16 + 16 nominal; vision may borrow 8 of ml-research's.
  private static final Share VISION_A100 = new Share(16, 8, 8);
  private static final Share RESEARCH_A100 = new Share(16, 0, 8);
  // H100 training: 32 GPUs, 8 + 24 nominal; ml-research may borrow 8 of vision's.
  private static final Share VISION_H100 = new Share(8, 0, 8);
  private static final Share RESEARCH_H100 = new Share(24, 8, 0);
  // L40S: 8 GPUs, 3 held by always-on embeddings; serving lends ml-research its batch share.
  private static final Share RESEARCH_L40S = new Share(2, 2, 0);
  private static final Share SERVING_L40S = new Share(2, 0, 2);

  /** Notebooks per research team on the time-sliced T4s (nvidia.com/gpu.shared). */
  static final int NOTEBOOK_SLOTS = 8;

  /** The vision research team. */
  static final Team VISION =
      Team.named("vision")
          .addMemberGroup("vision-researchers")
          .gpus(VISION_A100.nominal() + VISION_H100.nominal())
          .putExtendedQuota("nvidia.com/gpu.shared", NOTEBOOK_SLOTS)
          .cpu("256")
          .memory("2Ti")
          .build();

  /** The ml-research team: language models, distillation, preprocessing. */
  static final Team ML_RESEARCH =
      Team.named("ml-research")
          .addMemberGroup("ml-researchers")
          .gpus(RESEARCH_A100.nominal() + RESEARCH_H100.nominal() + RESEARCH_L40S.nominal())
          .putExtendedQuota("nvidia.com/gpu.shared", NOTEBOOK_SLOTS)
          .cpu("512")
          .memory("4Ti")
          .build();

  /**
   * The serving team: its always-on GPUs (a model on two H100 nodes, embeddings on L40S), its batch
   * share of the L40S pool, and the MIG instances of the A100 MIG node.
   */
  static final Team SERVING =
      Team.named("serving")
          .addMemberGroup("serving-engineers")
          .gpus(2 * 8 + 3 + SERVING_L40S.nominal())
          .putExtendedQuota("nvidia.com/mig-1g.10gb", 56)
          .cpu("256")
          .memory("2Ti")
          .build();

  /**
   * The GPU fabric for Kueue's topology-aware scheduling: InfiniBand domains, then nodes. The
   * training flavors name it, and distributed training requires one InfiniBand domain.
   */
  static final KueueTopology FABRIC =
      KueueTopology.named("gpu-fabric")
          .addLevels(ReferencePools.IB_DOMAIN.key(), "kubernetes.io/hostname")
          .build();

  static final KueueFlavor A100 =
      KueueFlavor.forPool(ReferencePools.A100_TRAIN).topology(FABRIC).build();
  static final KueueFlavor H100 =
      KueueFlavor.forPool(ReferencePools.H100_TRAIN).topology(FABRIC).build();
  static final KueueFlavor L40S = KueueFlavor.forPool(ReferencePools.L40S_INFERENCE).build();

  static final KueueClusterQueue VISION_QUEUE =
      clusterQueue(VISION, List.of(A100, H100), List.of(VISION_A100, VISION_H100));
  static final KueueClusterQueue RESEARCH_QUEUE =
      clusterQueue(
          ML_RESEARCH,
          List.of(A100, H100, L40S),
          List.of(RESEARCH_A100, RESEARCH_H100, RESEARCH_L40S));
  static final KueueClusterQueue SERVING_QUEUE =
      clusterQueue(SERVING, List.of(L40S), List.of(SERVING_L40S));

  static final KueueLocalQueue VISION_TRAINING = localQueue(VISION, "training", VISION_QUEUE);
  static final KueueLocalQueue RESEARCH_TRAINING =
      localQueue(ML_RESEARCH, "training", RESEARCH_QUEUE);
  static final KueueLocalQueue SERVING_BATCH = localQueue(SERVING, "batch", SERVING_QUEUE);

  static final VolcanoQueue VISION_GANGS =
      volcanoQueue(VISION, 3, List.of(VISION_A100, VISION_H100));
  static final VolcanoQueue RESEARCH_GANGS =
      volcanoQueue(ML_RESEARCH, 2, List.of(RESEARCH_A100, RESEARCH_H100, RESEARCH_L40S));
  static final VolcanoQueue SERVING_GANGS = volcanoQueue(SERVING, 1, List.of(SERVING_L40S));

  private ReferenceTenancy() {}

  /** The teams, Kueue's objects and Volcano's queues. */
  static List<ManifestSource> policy() {
    KueuePolicy kueue =
        KueuePolicy.builder()
            .addFlavors(A100, H100, L40S)
            .addCohorts(KueueCohort.named(COHORT).build())
            .addClusterQueues(VISION_QUEUE, RESEARCH_QUEUE, SERVING_QUEUE)
            .addLocalQueues(VISION_TRAINING, RESEARCH_TRAINING, SERVING_BATCH)
            .addAllWorkloadPriorities(ReferencePriorities.TIERS.tiers())
            .build();
    return List.of(
        VISION, ML_RESEARCH, SERVING, FABRIC, kueue, VISION_GANGS, RESEARCH_GANGS, SERVING_GANGS);
  }

  /** A single-pod workload, queued in its team's LocalQueue. */
  static ManifestSource queued(HasMetadata workload, KueueLocalQueue queue, PriorityRef priority) {
    return KueueWorkload.of(workload).queue(queue).priority(priority).build();
  }

  /**
   * A distributed training workload: a Volcano gang in the team's queue (its PodGroup) that Kueue
   * admits as a whole from the team's LocalQueue.
   */
  static List<ManifestSource> gangQueued(
      Gpuspec gpuspec,
      HasMetadata workload,
      VolcanoQueue gangs,
      KueueLocalQueue queue,
      PriorityRef priority) {
    WorkloadGang gang = WorkloadGang.of(gpuspec, workload).queue(gangs).priority(priority).build();
    return List.of(gang.podGroup(), queued(gang.stamped(), queue, priority));
  }

  /**
   * A distributed training workload as {@link #gangQueued}, whose pod sets of these roles (all when
   * none are given) Kueue admits only within one InfiniBand domain of {@link #FABRIC}.
   */
  static List<ManifestSource> gangQueuedInOneIbDomain(
      Gpuspec gpuspec,
      HasMetadata workload,
      VolcanoQueue gangs,
      KueueLocalQueue queue,
      PriorityRef priority,
      String... roles) {
    WorkloadGang gang = WorkloadGang.of(gpuspec, workload).queue(gangs).priority(priority).build();
    return List.of(
        gang.podGroup(),
        KueueWorkload.of(gpuspec, gang.stamped())
            .queue(queue)
            .priority(priority)
            .topology(PodSetTopology.required(FABRIC, ReferencePools.IB_DOMAIN.key()))
            .addTopologyRoles(roles)
            .build());
  }

  private static KueueClusterQueue clusterQueue(
      Team team, List<KueueFlavor> flavors, List<Share> shares) {
    return KueueClusterQueue.named(team.name())
        .cohort(COHORT)
        .addNamespace(team.namespace())
        .resourceGroup(
            g -> {
              g.covers("cpu", "memory", "nvidia.com/gpu");
              for (int i = 0; i < flavors.size(); i++) {
                Share share = shares.get(i);
                g.flavor(
                    flavors.get(i),
                    f ->
                        f.quota("cpu", Integer.toString(share.most() * 16))
                            .quota("memory", share.most() * 256 + "Gi")
                            .quota(
                                "nvidia.com/gpu",
                                Integer.toString(share.nominal()),
                                q -> {
                                  q.borrowingLimit(Integer.toString(share.borrowing()));
                                  q.lendingLimit(Integer.toString(share.lending()));
                                  return q;
                                }));
              }
              return g;
            })
        .reclaimWithinCohort(ReclaimWithinCohort.ANY)
        .borrowWithinCohort(BorrowWithinCohortPolicy.LOWER_PRIORITY)
        .borrowMaxPriority(EXPERIMENT)
        .withinClusterQueue(WithinClusterQueue.LOWER_PRIORITY)
        .build();
  }

  private static KueueLocalQueue localQueue(Team team, String name, KueueClusterQueue queue) {
    return KueueLocalQueue.named(name).namespace(team.namespace()).clusterQueue(queue).build();
  }

  /** Deserves the team's nominal GPUs and is capped at what Kueue can admit for it. */
  private static VolcanoQueue volcanoQueue(Team team, int weight, List<Share> shares) {
    int deserved = shares.stream().mapToInt(Share::nominal).sum();
    int capability = shares.stream().mapToInt(Share::most).sum();
    return VolcanoQueue.named(team.name())
        .weight(weight)
        .putDeserved("nvidia.com/gpu", Integer.toString(deserved))
        .putCapability("nvidia.com/gpu", Integer.toString(capability))
        .reclaimable(false)
        .build();
  }
}
