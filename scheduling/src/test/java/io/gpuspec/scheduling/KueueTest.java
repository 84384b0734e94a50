package io.gpuspec.scheduling;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.fabric8.kubernetes.api.model.Quantity;
import io.gpuspec.core.GpuCatalogue;
import io.gpuspec.core.InvalidSpecException;
import io.gpuspec.core.NodePool;
import io.gpuspec.core.NodeTaint;
import io.gpuspec.scheduling.model.kueue.ClusterQueue;
import io.gpuspec.scheduling.model.kueue.ResourceFlavor;
import io.gpuspec.scheduling.model.kueue.ResourceQuota;
import java.util.LinkedHashMap;
import java.util.Map;
import org.junit.jupiter.api.Test;

class KueueTest {

  private static KueueClusterQueue.Builder queue() {
    return KueueClusterQueue.named("vision");
  }

  @Test
  void flavorForPool_tiesQuotaToThePoolsLabelsAndTaints() {
    NodePool pool = Fixtures.A100_TRAIN;

    ResourceFlavor flavor = KueueFlavor.forPool(pool).build().toResourceFlavor();

    assertThat(flavor.getMetadata().getName()).isEqualTo("a100-train");
    assertThat(flavor.getSpec().getNodeLabels()).isEqualTo(pool.selectorLabels());
    assertThat(flavor.getSpec().getNodeTaints())
        .containsExactlyElementsOf(pool.taints().stream().map(NodeTaint::toTaint).toList());
    assertThat(flavor.getSpec().getTolerations())
        .containsExactlyElementsOf(pool.taints().stream().map(NodeTaint::toleration).toList());
  }

  @Test
  void flavorWithoutInjectedTolerations_keepsOnlyNodeTaints() {
    ResourceFlavor flavor =
        KueueFlavor.forPool(Fixtures.H100_TRAIN)
            .injectTolerations(false)
            .build()
            .toResourceFlavor();

    assertThat(flavor.getSpec().getNodeTaints()).hasSize(1);
    assertThat(flavor.getSpec().getTolerations()).isEmpty();
  }

  @Test
  void flavor_withMoreThanEightNodeLabels_isRejected() {
    Map<String, String> labels = new LinkedHashMap<>();
    for (int i = 0; i < 9; i++) {
      labels.put("example.com/l" + i, "v");
    }
    assertThatThrownBy(() -> KueueFlavor.named("big").putAllNodeLabels(labels).build())
        .isInstanceOf(InvalidSpecException.class)
        .hasMessageContaining("9 labels, more than the 8 Kueue accepts");
  }

  @Test
  void clusterQueueFlavor_listingResourcesInAnotherOrder_isRejected() {
    assertThatThrownBy(
            () ->
                queue()
                    .resourceGroup(
                        g ->
                            g.covers("cpu", "nvidia.com/gpu")
                                .flavor(
                                    "a100-train",
                                    f -> f.quota("nvidia.com/gpu", "8").quota("cpu", "64")))
                    .build())
        .isInstanceOf(InvalidSpecException.class)
        .hasMessage(
            "ClusterQueue/vision spec.resourceGroups[0].flavors[0].resources: flavor"
                + " \"a100-train\" lists [nvidia.com/gpu, cpu] but the group covers [cpu,"
                + " nvidia.com/gpu]; Kueue rejects a flavor that does not list exactly the covered"
                + " resources in their order; list one quota per covered resource, in the order"
                + " [cpu, nvidia.com/gpu]");
  }

  @Test
  void clusterQueueFlavor_missingACoveredResource_isRejected() {
    assertThatThrownBy(
            () ->
                queue()
                    .resourceGroup(
                        g ->
                            g.covers("cpu", "nvidia.com/gpu")
                                .flavor("a100-train", f -> f.quota("cpu", "64")))
                    .build())
        .isInstanceOf(InvalidSpecException.class)
        .hasMessageContaining(
            "flavor \"a100-train\" lists [cpu] but the group covers [cpu, nvidia.com/gpu]");
  }

  @Test
  void borrowingLimit_withoutCohort_isRejected() {
    assertThatThrownBy(
            () ->
                queue()
                    .resourceGroup(
                        g ->
                            g.covers("nvidia.com/gpu")
                                .flavor(
                                    "a100-train",
                                    f ->
                                        f.quota("nvidia.com/gpu", "8", q -> q.borrowingLimit("4"))))
                    .build())
        .isInstanceOf(InvalidSpecException.class)
        .hasMessage(
            "ClusterQueue/vision spec.resourceGroups[0].flavors[0].resources[0].borrowingLimit:"
                + " flavor \"a100-train\" nvidia.com/gpu has a borrowingLimit but the queue has no"
                + " cohortName; Kueue rejects it, as there is no cohort to borrow from; set"
                + " spec.cohortName to the cohort the team shares quota with, or remove the"
                + " borrowingLimit");
  }

  @Test
  void borrowingAndLendingLimits_withCohort_areRendered() {
    ClusterQueue rendered =
        queue()
            .cohort("gpu")
            .resourceGroup(
                g ->
                    g.covers("nvidia.com/gpu")
                        .flavor(
                            "a100-train",
                            f ->
                                f.quota(
                                    "nvidia.com/gpu",
                                    "8",
                                    q -> q.borrowingLimit("4").lendingLimit("8"))))
            .build()
            .toClusterQueue();

    ResourceQuota quota =
        rendered.getSpec().getResourceGroups().get(0).getFlavors().get(0).getResources().get(0);
    assertThat(rendered.getSpec().getCohortName()).isEqualTo("gpu");
    assertThat(quota.getNominalQuota()).isEqualTo(new Quantity("8"));
    assertThat(quota.getBorrowingLimit()).isEqualTo(new Quantity("4"));
    assertThat(quota.getLendingLimit()).isEqualTo(new Quantity("8"));
  }

  @Test
  void lendingLimit_aboveNominalQuota_isRejected() {
    assertThatThrownBy(
            () ->
                queue()
                    .cohort("gpu")
                    .resourceGroup(
                        g ->
                            g.covers("nvidia.com/gpu")
                                .flavor(
                                    "a100-train",
                                    f -> f.quota("nvidia.com/gpu", "8", q -> q.lendingLimit("9"))))
                    .build())
        .isInstanceOf(InvalidSpecException.class)
        .hasMessageEndingWith(
            "lendingLimit: flavor \"a100-train\" lends 9 nvidia.com/gpu but its nominalQuota is 8;"
                + " Kueue rejects lending more than the nominal quota; set lendingLimit to at most 8");
  }

  @Test
  void resourceCoveredByTwoGroups_isRejected() {
    assertThatThrownBy(
            () ->
                queue()
                    .resourceGroup(
                        g -> g.covers("cpu").flavor("cpu-nodes", f -> f.quota("cpu", "64")))
                    .resourceGroup(
                        g -> g.covers("cpu").flavor("a100-train", f -> f.quota("cpu", "8")))
                    .build())
        .isInstanceOf(InvalidSpecException.class)
        .hasMessageContaining(
            "spec.resourceGroups[1].coveredResources[0]: resource \"cpu\" is covered by"
                + " resourceGroups[0] too");
  }

  @Test
  void flavorInTwoGroups_isRejected() {
    assertThatThrownBy(
            () ->
                queue()
                    .resourceGroup(
                        g -> g.covers("cpu").flavor("a100-train", f -> f.quota("cpu", "64")))
                    .resourceGroup(
                        g ->
                            g.covers("nvidia.com/gpu")
                                .flavor("a100-train", f -> f.quota("nvidia.com/gpu", "8")))
                    .build())
        .isInstanceOf(InvalidSpecException.class)
        .hasMessageContaining("flavor \"a100-train\" has quota in resourceGroups[0] too");
  }

  @Test
  void borrowWithPreemption_withoutReclaimWithinCohort_isRejected() {
    assertThatThrownBy(
            () ->
                queue()
                    .cohort("gpu")
                    .borrowWithinCohort(KueueClusterQueue.BorrowWithinCohortPolicy.LOWER_PRIORITY)
                    .build())
        .isInstanceOf(InvalidSpecException.class)
        .hasMessageContaining(
            "borrowing with preemption needs reclaimWithinCohort other than Never");
  }

  @Test
  void namespaceSelector_namesNamespacesOrSelectsAll() {
    ClusterQueue forTeam =
        queue().addNamespace("vision").addNamespace("vision-dev").build().toClusterQueue();
    ClusterQueue forAll = queue().build().toClusterQueue();

    assertThat(forTeam.getSpec().getNamespaceSelector().getMatchExpressions().get(0).getValues())
        .containsExactly("vision", "vision-dev");
    assertThat(Fixtures.yaml(queue().build())).contains("  namespaceSelector: {}\n");
    assertThat(forAll.getSpec().getNamespaceSelector().getMatchLabels()).isEmpty();
  }

  @Test
  void localQueue_givesTheQueueNameLabelToStamp() {
    KueueLocalQueue local =
        KueueLocalQueue.named("training")
            .namespace("vision")
            .clusterQueue(Fixtures.teamQueue("vision"))
            .build();

    assertThat(local.queueLabel()).isEqualTo(Map.of("kueue.x-k8s.io/queue-name", "training"));
    assertThat(local.toLocalQueue().getSpec().getClusterQueue()).isEqualTo("vision");
    assertThat(local.toLocalQueue().getMetadata().getNamespace()).isEqualTo("vision");
  }

  @Test
  void policy_clusterQueueWithUnknownFlavor_isRejected() {
    assertThatThrownBy(
            () ->
                KueuePolicy.builder()
                    .addFlavors(Fixtures.a100Flavor())
                    .addClusterQueues(Fixtures.teamQueue("vision"))
                    .build())
        .isInstanceOf(InvalidSpecException.class)
        .hasMessage(
            "ClusterQueue/vision spec.resourceGroups[0].flavors[1].name: ResourceFlavor"
                + " \"h100-train\" does not exist: the set defines ResourceFlavor objects, but not"
                + " this one; Kueue keeps the queue inactive and it admits nothing; add"
                + " ResourceFlavor \"h100-train\" (e.g. with the node labels of its pool), or fix"
                + " the name");
  }

  @Test
  void policy_localQueueOfUnknownClusterQueue_isRejected() {
    assertThatThrownBy(
            () ->
                KueuePolicy.builder()
                    .addLocalQueues(
                        KueueLocalQueue.named("training")
                            .namespace("nlp")
                            .clusterQueue("nlp")
                            .build())
                    .build())
        .isInstanceOf(InvalidSpecException.class)
        .hasMessageContaining(
            "spec.clusterQueue: ClusterQueue \"nlp\" is not in the set, which defines no"
                + " ClusterQueue");
  }

  @Test
  void policy_rendersPrioritiesFlavorsCohortsQueuesInOrder() {
    KueuePolicy policy =
        KueuePolicy.builder()
            .addLocalQueues(
                KueueLocalQueue.named("training")
                    .namespace("vision")
                    .clusterQueue("vision")
                    .build())
            .addClusterQueues(Fixtures.teamQueue("vision"))
            .addFlavors(Fixtures.h100Flavor(), Fixtures.a100Flavor())
            .addCohorts(KueueCohort.named("gpu").build())
            .addWorkloadPriorities(PriorityTier.trainingNormal())
            .build();

    assertThat(policy.toManifests())
        .extracting(o -> o.getKind() + "/" + o.getMetadata().getName())
        .containsExactly(
            "WorkloadPriorityClass/training-normal",
            "ResourceFlavor/a100-train",
            "ResourceFlavor/h100-train",
            "Cohort/gpu",
            "ClusterQueue/vision",
            "LocalQueue/training");
  }

  @Test
  void flavorsOfTwoModels_differInNodeLabels() {
    NodePool l40s = NodePool.named("l40s-infer").model(GpuCatalogue.L40S).gpusPerNode(4).build();

    assertThat(KueueFlavor.forPool(l40s).build().nodeLabels())
        .isNotEqualTo(Fixtures.a100Flavor().nodeLabels())
        .containsEntry("nvidia.com/gpu.product", "NVIDIA-L40S");
  }
}
