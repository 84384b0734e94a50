package io.gpuspec.scheduling;

import io.gpuspec.core.GoldenFiles;
import io.gpuspec.core.TestGpuspec;
import org.junit.jupiter.api.Test;

/**
 * The rendered YAML of each bundle, byte for byte. Every file under {@code golden/} also passes the
 * independent conformance checker (Kubernetes 1.35 and CRD schemas).
 */
class GoldenRenderingTest {

  @Test
  void standardPriorityTiers() {
    GoldenFiles.assertMatches("priority-tiers.yaml", Fixtures.yaml(PriorityTiers.standard()));
  }

  @Test
  void teamTenancy() {
    Team team =
        Team.named("vision")
            .addMemberGroup("vision-researchers")
            .addMemberUser("alice@example.com")
            .gpus(16)
            .putExtendedQuota("nvidia.com/mig-1g.10gb", 14)
            .cpu("256")
            .memory("2Ti")
            .putNamespaceLabel("gpuspec.io/team", "vision")
            .build();
    GoldenFiles.assertMatches("team-vision.yaml", Fixtures.yaml(team));
  }

  @Test
  void volcanoQueueAndGang() {
    VolcanoQueue research =
        VolcanoQueue.named("research")
            .weight(4)
            .putCapability("nvidia.com/gpu", "48")
            .putCapability("cpu", "384")
            .putCapability("memory", "3Ti")
            .putDeserved("nvidia.com/gpu", "32")
            .putGuarantee("nvidia.com/gpu", "16")
            .reclaimable(true)
            .build();
    Gang gang =
        Gang.named("resnet50")
            .namespace("vision")
            .pods(4)
            .putPerPod("nvidia.com/gpu", "8")
            .putPerPod("cpu", "32")
            .putPerPod("memory", "256Gi")
            .queue(research)
            .priority(PriorityTier.trainingNormal())
            .build();
    GoldenFiles.assertMatches("volcano-research.yaml", Fixtures.yaml(research, gang));
  }

  @Test
  void kueueFlavorsQueuesAndPriorities() {
    KueuePolicy policy =
        KueuePolicy.builder()
            .addFlavors(Fixtures.a100Flavor(), Fixtures.h100Flavor())
            .addCohorts(KueueCohort.named("gpu").fairSharingWeight("1").build())
            .addClusterQueues(Fixtures.teamQueue("vision"), Fixtures.teamQueue("nlp"))
            .addLocalQueues(
                KueueLocalQueue.named("training")
                    .namespace("vision")
                    .clusterQueue(Fixtures.teamQueue("vision"))
                    .build(),
                KueueLocalQueue.named("training").namespace("nlp").clusterQueue("nlp").build())
            .addAllWorkloadPriorities(PriorityTiers.standard().tiers())
            .build();
    GoldenFiles.assertMatches("kueue-gpu.yaml", Fixtures.yaml(policy));
  }

  @Test
  void storageClassAndClaims() {
    StorageTiers storage =
        StorageTiers.forNamespace("vision")
            .putDataset("imagenet", "2Ti")
            .putDataset("coco", "500Gi")
            .putCheckpoint("resnet50-ckpt", "1Ti")
            .build();
    GoldenFiles.assertMatches("storage-vision.yaml", Fixtures.yaml(storage));
  }

  @Test
  void jobGangedByVolcanoAndQueuedInKueue() {
    WorkloadGang gang =
        WorkloadGang.of(TestGpuspec.GPUSPEC, Workloads.job("detector", "vision", 2, 8))
            .queue("vision")
            .priority(PriorityTier.trainingNormal())
            .build();
    KueueWorkload queued =
        KueueWorkload.of(gang.stamped())
            .queue(
                KueueLocalQueue.named("training")
                    .namespace("vision")
                    .clusterQueue("vision")
                    .build())
            .priority(PriorityTier.trainingNormal())
            .build();
    GoldenFiles.assertMatches("gang-queued-job.yaml", Fixtures.yaml(gang.podGroup(), queued));
  }
}
