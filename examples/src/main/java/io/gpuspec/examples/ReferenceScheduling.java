package io.gpuspec.examples;

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
import io.gpuspec.scheduling.PriorityTier;
import io.gpuspec.scheduling.PriorityTiers;
import io.gpuspec.scheduling.StorageTiers;
import io.gpuspec.scheduling.Team;
import io.gpuspec.scheduling.VolcanoQueue;
import io.gpuspec.scheduling.WorkloadGang;
import java.util.ArrayList;
import java.util.List;

/**
 * The scheduling policy of the reference platform (see {@code docs/scheduling.md}):
 *
 * <ul>
 *   <li>three priority tiers: {@code inference-critical} (1,000,000, never preempts), {@code
 *       training-normal} (500,000) and {@code experiment-low} (100,000, the global default), as
 *       PriorityClasses and Kueue WorkloadPriorityClasses;
 *   <li>two training teams, {@code vision} and {@code ml-research}, each a restricted namespace
 *       with its service account, role, GPU quota and container defaults;
 *   <li>Kueue decides when training runs: a ResourceFlavor per GPU pool, a ClusterQueue per team in
 *       the cohort {@code training} that borrows idle GPUs from the other team (within limits) and
 *       reclaims its own by preemption, and a LocalQueue {@code training} per team namespace;
 *   <li>Volcano decides where the pods of a multi-pod job go, all at once: a Queue per team whose
 *       capability is what Kueue can admit for it (so Volcano never refuses what Kueue admitted and
 *       never reclaims), and a PodGroup per distributed job;
 *   <li>storage: local NVMe scratch, CephFS dataset claims and checkpoint claims per team (Ceph
 *       RBD, one node at a time, for single-pod jobs; CephFS, ReadWriteMany, for jobs whose pods
 *       run on several nodes), and the model repository of the serving namespace.
 * </ul>
 *
 * Online inference is not queued: it runs at {@code inference-critical} on its own pool, and its
 * share of the training pools is left out of the teams' quotas.
 */
final class ReferenceScheduling {

  static final PriorityTier INFERENCE = PriorityTier.inferenceCritical();
  static final PriorityTier TRAINING = PriorityTier.trainingNormal();
  static final PriorityTier EXPERIMENT = PriorityTier.experimentLow();

  static final String VISION = "vision";
  static final String ML_RESEARCH = "ml-research";
  static final String SERVING = "serving";
  static final String COHORT = "training";

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

  /** GPUs of the training pools per team: nominal quota, and what it may borrow on top. */
  private record Share(int nominal, int borrowing, int lending) {
    int most() {
      return nominal + borrowing;
    }
  }

  // A100: 48 GPUs; serving keeps 4 of them, the teams' nominal quotas are 24 + 16.
  private static final Share VISION_A100 = new Share(24, 8, 12);
  private static final Share RESEARCH_A100 = new Share(16, 0, 8);
  // H100: 32 GPUs; serving keeps 8, the teams' nominal quotas are 8 + 16.
  private static final Share VISION_H100 = new Share(8, 0, 8);
  private static final Share RESEARCH_H100 = new Share(16, 8, 0);
  // L40S: 20 GPUs, mostly serving; ml-research may distil on 4 of them.
  private static final Share RESEARCH_L40S = new Share(4, 0, 0);

  static final KueueClusterQueue VISION_QUEUE =
      teamQueue(VISION, List.of(A100, H100), List.of(VISION_A100, VISION_H100));
  static final KueueClusterQueue RESEARCH_QUEUE =
      teamQueue(
          ML_RESEARCH,
          List.of(A100, H100, L40S),
          List.of(RESEARCH_A100, RESEARCH_H100, RESEARCH_L40S));

  static final KueueLocalQueue VISION_TRAINING = localQueue(VISION, VISION_QUEUE);
  static final KueueLocalQueue RESEARCH_TRAINING = localQueue(ML_RESEARCH, RESEARCH_QUEUE);

  static final VolcanoQueue VISION_GANGS =
      volcanoQueue(
          VISION,
          3,
          VISION_A100.nominal() + VISION_H100.nominal(),
          VISION_A100.most() + VISION_H100.most());
  static final VolcanoQueue RESEARCH_GANGS =
      volcanoQueue(
          ML_RESEARCH,
          2,
          RESEARCH_A100.nominal() + RESEARCH_H100.nominal() + RESEARCH_L40S.nominal(),
          RESEARCH_A100.most() + RESEARCH_H100.most() + RESEARCH_L40S.most());

  private ReferenceScheduling() {}

  /** Everything of the policy that is not a workload. */
  static List<ManifestSource> policy() {
    PriorityTiers tiers = PriorityTiers.of(INFERENCE, TRAINING, EXPERIMENT);
    KueuePolicy kueue =
        KueuePolicy.builder()
            .addFlavors(A100, H100, L40S)
            .addCohorts(KueueCohort.named(COHORT).build())
            .addClusterQueues(VISION_QUEUE, RESEARCH_QUEUE)
            .addLocalQueues(VISION_TRAINING, RESEARCH_TRAINING)
            .addAllWorkloadPriorities(tiers.tiers())
            .build();
    List<ManifestSource> sources = new ArrayList<>();
    sources.add(tiers);
    sources.add(FABRIC);
    sources.add(kueue);
    sources.add(VISION_GANGS);
    sources.add(RESEARCH_GANGS);
    sources.add(
        team(VISION, "vision-researchers", VISION_A100.most() + VISION_H100.most(), "256", "2Ti"));
    sources.add(
        team(
            ML_RESEARCH,
            "ml-researchers",
            RESEARCH_A100.most() + RESEARCH_H100.most() + RESEARCH_L40S.most(),
            "384",
            "3Ti"));
    sources.add(
        StorageTiers.forNamespace(VISION)
            .putDataset("datasets-cephfs", "20Ti")
            .putCheckpoint("checkpoints-resnet50-a100", "2Ti")
            .build());
    sources.add(
        StorageTiers.forNamespace(ML_RESEARCH)
            .renderScratchClass(false)
            .putDataset("datasets-cephfs", "50Ti")
            .putSharedCheckpoint("checkpoints-llama-finetune-h100", "4Ti")
            .putSharedCheckpoint("checkpoints-distill-l40s", "500Gi")
            .build());
    sources.add(
        StorageTiers.forNamespace(SERVING)
            .renderScratchClass(false)
            .datasetAccess(StorageTiers.DatasetAccess.READ_ONLY_MANY)
            .putDataset("model-repository", "2Ti")
            .build());
    return sources;
  }

  /** A single-pod training workload, queued in its team's LocalQueue. */
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

  private static KueueClusterQueue teamQueue(
      String team, List<KueueFlavor> flavors, List<Share> shares) {
    return KueueClusterQueue.named(team)
        .cohort(COHORT)
        .addNamespace(team)
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

  private static KueueLocalQueue localQueue(String team, KueueClusterQueue queue) {
    return KueueLocalQueue.named(COHORT).namespace(team).clusterQueue(queue).build();
  }

  private static VolcanoQueue volcanoQueue(String team, int weight, int deserved, int capability) {
    return VolcanoQueue.named(team)
        .weight(weight)
        .putDeserved("nvidia.com/gpu", Integer.toString(deserved))
        .putCapability("nvidia.com/gpu", Integer.toString(capability))
        .reclaimable(false)
        .build();
  }

  private static Team team(String name, String group, int gpus, String cpu, String memory) {
    return Team.named(name).addMemberGroup(group).gpus(gpus).cpu(cpu).memory(memory).build();
  }
}
