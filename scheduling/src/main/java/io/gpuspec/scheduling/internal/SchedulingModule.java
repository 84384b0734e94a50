package io.gpuspec.scheduling.internal;

import io.gpuspec.core.manifest.ResourceKind;
import io.gpuspec.core.manifest.WritePhase;
import io.gpuspec.core.spi.GpuspecModule;
import io.gpuspec.core.spi.Rule;
import io.gpuspec.core.spi.WorkloadAdapter;
import io.gpuspec.scheduling.internal.rules.AdmissionCheckFlavorsExist;
import io.gpuspec.scheduling.internal.rules.BorrowingNeedsACohort;
import io.gpuspec.scheduling.internal.rules.ClaimsRequestStorage;
import io.gpuspec.scheduling.internal.rules.ClusterQueueExists;
import io.gpuspec.scheduling.internal.rules.ClusterQueueSelectorValid;
import io.gpuspec.scheduling.internal.rules.ClusterQueueSelectsNamespace;
import io.gpuspec.scheduling.internal.rules.ClusterQueueWithinKueueTotals;
import io.gpuspec.scheduling.internal.rules.FairSharingWeightValid;
import io.gpuspec.scheduling.internal.rules.FlavorTaintsUnique;
import io.gpuspec.scheduling.internal.rules.FlavorTopologyExists;
import io.gpuspec.scheduling.internal.rules.FlavorsListCoveredResources;
import io.gpuspec.scheduling.internal.rules.GpuQuotaWithinFleet;
import io.gpuspec.scheduling.internal.rules.GroupMembersUseVolcano;
import io.gpuspec.scheduling.internal.rules.HyperNodeMembersValid;
import io.gpuspec.scheduling.internal.rules.HyperNodeTiersContiguous;
import io.gpuspec.scheduling.internal.rules.KueueJobLabelsValid;
import io.gpuspec.scheduling.internal.rules.LendingWithinNominalQuota;
import io.gpuspec.scheduling.internal.rules.LimitRangeDefaultsOrdered;
import io.gpuspec.scheduling.internal.rules.LocalQueueExists;
import io.gpuspec.scheduling.internal.rules.PodGroupExists;
import io.gpuspec.scheduling.internal.rules.PodGroupFitsItsPods;
import io.gpuspec.scheduling.internal.rules.PodGroupTopologyValid;
import io.gpuspec.scheduling.internal.rules.PodSetTopologyAnnotationsValid;
import io.gpuspec.scheduling.internal.rules.PodSetTopologyLevelExists;
import io.gpuspec.scheduling.internal.rules.PriorityClassExists;
import io.gpuspec.scheduling.internal.rules.QueueSharesOrdered;
import io.gpuspec.scheduling.internal.rules.QueueWeightInRange;
import io.gpuspec.scheduling.internal.rules.QuotaAdmitsEveryPod;
import io.gpuspec.scheduling.internal.rules.RbacObjectsValid;
import io.gpuspec.scheduling.internal.rules.ResourceFlavorExists;
import io.gpuspec.scheduling.internal.rules.ResourceFlavorLabelsValid;
import io.gpuspec.scheduling.internal.rules.StorageClassValid;
import io.gpuspec.scheduling.internal.rules.TopologyFlavorHasNodeLabels;
import io.gpuspec.scheduling.internal.rules.TopologyLevelsValid;
import io.gpuspec.scheduling.internal.rules.TopologyLevelsWidestFirst;
import io.gpuspec.scheduling.internal.rules.VolcanoJobInLeafQueue;
import io.gpuspec.scheduling.internal.rules.VolcanoJobMinAvailableWithinTasks;
import io.gpuspec.scheduling.internal.rules.VolcanoJobTierExists;
import io.gpuspec.scheduling.internal.rules.VolcanoJobWellFormed;
import io.gpuspec.scheduling.internal.rules.VolcanoPodBudgetValid;
import io.gpuspec.scheduling.internal.rules.VolcanoQueueExists;
import io.gpuspec.scheduling.internal.rules.VolcanoQueueHierarchyValid;
import io.gpuspec.scheduling.internal.rules.VolcanoQueueWithinParent;
import io.gpuspec.scheduling.internal.rules.WorkloadPriorityClassExists;
import io.gpuspec.scheduling.internal.support.VolcanoJobAdapter;
import io.gpuspec.scheduling.model.kueue.ClusterQueue;
import io.gpuspec.scheduling.model.kueue.ClusterQueueV1beta1;
import io.gpuspec.scheduling.model.kueue.Cohort;
import io.gpuspec.scheduling.model.kueue.CohortV1beta1;
import io.gpuspec.scheduling.model.kueue.LocalQueue;
import io.gpuspec.scheduling.model.kueue.LocalQueueV1beta1;
import io.gpuspec.scheduling.model.kueue.ResourceFlavor;
import io.gpuspec.scheduling.model.kueue.ResourceFlavorV1beta1;
import io.gpuspec.scheduling.model.kueue.Topology;
import io.gpuspec.scheduling.model.kueue.TopologyV1beta1;
import io.gpuspec.scheduling.model.kueue.WorkloadPriorityClass;
import io.gpuspec.scheduling.model.kueue.WorkloadPriorityClassV1beta1;
import io.gpuspec.scheduling.model.volcano.PodGroup;
import io.gpuspec.scheduling.model.volcano.Queue;
import io.gpuspec.scheduling.model.volcano.batch.Job;
import io.gpuspec.scheduling.model.volcano.topology.HyperNode;
import java.util.List;

/**
 * The scheduling module: Volcano's PodGroup, Queue and Job and Kueue's kinds (v1beta2, and v1beta1
 * read into the same model) with their write phases (priorities, flavors, cohorts, cluster-level
 * queues, local queues and gangs before the workloads that use them), the Volcano Job's pod
 * templates, and the cross-object rules {@code SCH001}… (see {@code docs/scheduling.md}).
 */
public final class SchedulingModule implements GpuspecModule {

  @Override
  public String name() {
    return "scheduling";
  }

  @Override
  public List<ResourceKind> kinds() {
    return List.of(
        new ResourceKind(WorkloadPriorityClass.class, WritePhase.PRIORITY),
        new ResourceKind(WorkloadPriorityClassV1beta1.class, WritePhase.PRIORITY),
        new ResourceKind(Topology.class, WritePhase.FLAVOR),
        new ResourceKind(TopologyV1beta1.class, WritePhase.FLAVOR),
        new ResourceKind(ResourceFlavor.class, WritePhase.FLAVOR),
        new ResourceKind(ResourceFlavorV1beta1.class, WritePhase.FLAVOR),
        new ResourceKind(HyperNode.class, WritePhase.FLAVOR),
        new ResourceKind(Cohort.class, WritePhase.COHORT),
        new ResourceKind(CohortV1beta1.class, WritePhase.COHORT),
        new ResourceKind(ClusterQueue.class, WritePhase.CLUSTER_QUEUE),
        new ResourceKind(ClusterQueueV1beta1.class, WritePhase.CLUSTER_QUEUE),
        new ResourceKind(Queue.class, WritePhase.CLUSTER_QUEUE),
        new ResourceKind(LocalQueue.class, WritePhase.LOCAL_QUEUE),
        new ResourceKind(LocalQueueV1beta1.class, WritePhase.LOCAL_QUEUE),
        new ResourceKind(PodGroup.class, WritePhase.POD_GROUP),
        new ResourceKind(Job.class, WritePhase.WORKLOAD));
  }

  @Override
  public List<WorkloadAdapter> workloadAdapters() {
    return List.of(new VolcanoJobAdapter());
  }

  @Override
  public List<Rule> rules() {
    return List.of(
        new PriorityClassExists(),
        new WorkloadPriorityClassExists(),
        new VolcanoQueueExists(),
        new LocalQueueExists(),
        new PodGroupExists(),
        new ResourceFlavorExists(),
        new ClusterQueueExists(),
        new PodGroupFitsItsPods(),
        new VolcanoJobMinAvailableWithinTasks(),
        new QueueWeightInRange(),
        new QueueSharesOrdered(),
        new FlavorsListCoveredResources(),
        new BorrowingNeedsACohort(),
        new LendingWithinNominalQuota(),
        new QuotaAdmitsEveryPod(),
        new GpuQuotaWithinFleet(),
        new GroupMembersUseVolcano(),
        new ClusterQueueSelectsNamespace(),
        new LimitRangeDefaultsOrdered(),
        new FlavorTaintsUnique(),
        new FairSharingWeightValid(),
        new ClusterQueueWithinKueueTotals(),
        new ClaimsRequestStorage(),
        new PodSetTopologyAnnotationsValid(),
        new PodSetTopologyLevelExists(),
        new TopologyFlavorHasNodeLabels(),
        new FlavorTopologyExists(),
        new TopologyLevelsValid(),
        new TopologyLevelsWidestFirst(),
        new HyperNodeTiersContiguous(),
        new HyperNodeMembersValid(),
        new VolcanoJobTierExists(),
        new StorageClassValid(),
        new RbacObjectsValid(),
        new VolcanoJobWellFormed(),
        new KueueJobLabelsValid(),
        new VolcanoQueueHierarchyValid(),
        new VolcanoJobInLeafQueue(),
        new VolcanoQueueWithinParent(),
        new PodGroupTopologyValid(),
        new VolcanoPodBudgetValid(),
        new ClusterQueueSelectorValid(),
        new AdmissionCheckFlavorsExist(),
        new ResourceFlavorLabelsValid());
  }
}
