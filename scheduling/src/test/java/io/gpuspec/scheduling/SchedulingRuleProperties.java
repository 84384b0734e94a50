package io.gpuspec.scheduling;

import static org.assertj.core.api.Assertions.assertThat;

import io.fabric8.kubernetes.api.model.HasMetadata;
import io.fabric8.kubernetes.api.model.ObjectMetaBuilder;
import io.fabric8.kubernetes.api.model.PodTemplateSpec;
import io.fabric8.kubernetes.api.model.Quantity;
import io.fabric8.kubernetes.api.model.scheduling.v1.PriorityClass;
import io.gpuspec.core.ManifestSource;
import io.gpuspec.core.NodePool;
import io.gpuspec.core.Platform;
import io.gpuspec.core.TestGpuspec;
import io.gpuspec.core.manifest.ManifestSet;
import io.gpuspec.core.report.Report;
import io.gpuspec.core.report.Severity;
import io.gpuspec.scheduling.model.kueue.ClusterQueue;
import io.gpuspec.scheduling.model.kueue.LocalQueue;
import io.gpuspec.scheduling.model.kueue.ResourceFlavor;
import io.gpuspec.scheduling.model.kueue.WorkloadPriorityClass;
import io.gpuspec.scheduling.model.volcano.Guarantee;
import io.gpuspec.scheduling.model.volcano.PodGroup;
import io.gpuspec.scheduling.model.volcano.Queue;
import io.gpuspec.scheduling.model.volcano.QueueSpec;
import io.gpuspec.scheduling.model.volcano.batch.JobSpec;
import io.gpuspec.scheduling.model.volcano.batch.TaskSpec;
import io.gpuspec.scheduling.testkind.PyTorchJob;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.constraints.IntRange;
import net.jqwik.api.constraints.Size;

/** Invariants of the scheduling rules and of gangs, over generated platforms and workloads. */
class SchedulingRuleProperties {

  @Provide
  Arbitrary<SchedulingArbitraries.PolicySpec> policies() {
    return SchedulingArbitraries.policies();
  }

  /**
   * Any DSL-built policy, checked with every rule on its own pools and as errors, passes; the one
   * thing the DSL lets through is GPU quota above what the pools have (SCH016), which is reported
   * whenever the teams' quotas exceed the fleet and never when every pool holds its quotas.
   */
  @Property(tries = 60)
  void anyDslBuiltPolicyPassesEveryRuleButOvercommittedQuota(
      @ForAll("policies") SchedulingArbitraries.PolicySpec spec) {
    Platform.Builder platform = Platform.builder().addAllPools(spec.pools());
    List<ManifestSource> sources = new ArrayList<>();
    sources.add(spec.tiers());
    sources.add(spec.kueue());
    sources.addAll(spec.tenants());
    sources.addAll(spec.volcanoQueues());
    sources.addAll(spec.gangs());
    sources.add(spec.storage());
    sources.forEach(platform::add);

    Report report = TestGpuspec.GPUSPEC.check(platform.build());

    assertThat(report.violations()).allSatisfy(v -> assertThat(v.ruleId()).isEqualTo("SCH016"));
    int fleet = spec.pools().stream().mapToInt(NodePool::totalGpus).sum();
    int quota = 0;
    boolean everyPoolHoldsItsQuotas = true;
    for (int p = 0; p < spec.pools().size(); p++) {
      int pool = p;
      int inPool = spec.teams().stream().mapToInt(t -> t.quotas().get(pool).nominal()).sum();
      quota += inPool;
      everyPoolHoldsItsQuotas &= inPool <= spec.pools().get(p).totalGpus();
    }
    if (everyPoolHoldsItsQuotas) {
      assertThat(report.violations()).isEmpty();
    }
    if (quota > fleet) {
      assertThat(report.violations()).isNotEmpty();
    }
  }

  /**
   * A gang made of any workload has minMember = the pods the workload runs at once and minResources
   * = their requests: a Kubeflow job's Master and Workers, a Deployment's replicas, a Job's
   * parallel pods; every template joins it, and the stamped workload still passes every rule.
   */
  @Property(tries = 80)
  void gangMinMemberEqualsThePodsCreatedForAnyWorkloadShape(
      @ForAll @IntRange(min = 0, max = 2) int kind,
      @ForAll @IntRange(min = 1, max = 7) int pods,
      @ForAll @IntRange(min = 1, max = 6) int gpus) {
    HasMetadata workload =
        switch (kind) {
          case 0 -> Workloads.pytorch("bert", "ml", pods - 1 == 0 ? 1 : pods - 1, gpus, null);
          case 1 -> Workloads.deployment("llm", "ml", pods, gpus);
          default -> Workloads.job("resnet", "ml", pods, gpus);
        };
    int expected = kind == 0 ? Math.max(2, pods) : pods;

    WorkloadGang gang =
        WorkloadGang.of(TestGpuspec.GPUSPEC, workload)
            .priority(PriorityTier.trainingNormal())
            .build();

    assertThat(gang.podGroup().minMember()).isEqualTo(expected);
    assertThat(gang.minResources())
        .containsEntry("nvidia.com/gpu", Integer.toString(expected * gpus));
    assertThat(TestGpuspec.workload(gang.stamped()).orElseThrow().templates())
        .allSatisfy(
            t -> {
              assertThat(t.metadata().getAnnotations())
                  .containsEntry("scheduling.k8s.io/group-name", gang.name());
              assertThat(t.spec().getSchedulerName()).isEqualTo("volcano");
            });
    if (gang.stamped() instanceof PyTorchJob job) {
      assertThat(job.getSpec().getRunPolicy().getSchedulingPolicy().getMinAvailable())
          .isEqualTo(expected);
    }
    Platform platform =
        Platform.builder()
            .addPools(Fixtures.A100_TRAIN)
            .add(PriorityTiers.standard(), gang)
            .build();
    assertThat(TestGpuspec.GPUSPEC.check(platform).violations()).isEmpty();
  }

  /** What a removed object was referenced by: the rule that must fire and the decoy of its kind. */
  enum Referenced {
    PRIORITY_CLASS("SCH001", "training-normal"),
    WORKLOAD_PRIORITY_CLASS("SCH002", "training-normal"),
    VOLCANO_QUEUE("SCH003", "research"),
    LOCAL_QUEUE("SCH004", "training"),
    POD_GROUP("SCH005", "resnet"),
    RESOURCE_FLAVOR("SCH006", "a100-train"),
    CLUSTER_QUEUE("SCH007", "ml");

    final String rule;
    final String name;

    Referenced(String rule, String name) {
      this.rule = rule;
      this.name = name;
    }
  }

  /**
   * In a consistent platform (a Job ganged by Volcano and queued in Kueue), removing any object
   * that something references makes that reference's rule fire: as an error when the set still
   * defines another object of the kind, as a warning when it defines none.
   */
  @Property(tries = 60)
  void removingAReferencedObjectMakesItsReferenceRuleFire(
      @ForAll Referenced removed, @ForAll boolean decoy) {
    List<HasMetadata> objects = new ArrayList<>(referencingPlatform(decoy));
    assertThat(TestGpuspec.GPUSPEC.engine().check(ManifestSet.of(objects)).violations())
        .as("the full platform")
        .isEmpty();

    Class<? extends HasMetadata> type = typeOf(removed);
    objects.removeIf(o -> type.isInstance(o) && o.getMetadata().getName().equals(removed.name));
    Report report = TestGpuspec.GPUSPEC.engine().check(ManifestSet.of(objects));

    boolean stillDefinesTheKind = decoy || removed == Referenced.PRIORITY_CLASS;
    assertThat(report.violations())
        .isNotEmpty()
        .allSatisfy(
            v -> {
              assertThat(v.ruleId()).isEqualTo(removed.rule);
              assertThat(v.severity())
                  .isEqualTo(stillDefinesTheKind ? Severity.ERROR : Severity.WARNING);
            });
  }

  private static Class<? extends HasMetadata> typeOf(Referenced removed) {
    return switch (removed) {
      case PRIORITY_CLASS -> PriorityClass.class;
      case WORKLOAD_PRIORITY_CLASS -> WorkloadPriorityClass.class;
      case VOLCANO_QUEUE -> Queue.class;
      case LOCAL_QUEUE -> LocalQueue.class;
      case POD_GROUP -> PodGroup.class;
      case RESOURCE_FLAVOR -> ResourceFlavor.class;
      case CLUSTER_QUEUE -> ClusterQueue.class;
    };
  }

  /**
   * The tiers, a Volcano queue, Kueue flavors and queues, and a Job in both; with {@code decoy},
   * one more unreferenced object of each referenced kind (names starting with {@code decoy}). The
   * standard tiers' PriorityClasses are all there, so removing training-normal leaves the others.
   */
  private static List<HasMetadata> referencingPlatform(boolean decoy) {
    VolcanoQueue research = VolcanoQueue.named("research").build();
    KueueFlavor a100 = Fixtures.a100Flavor();
    KueueClusterQueue ml =
        KueueClusterQueue.named("ml")
            .addNamespace("ml")
            .resourceGroup(
                g ->
                    g.covers("cpu", "memory", "nvidia.com/gpu")
                        .flavor(
                            a100,
                            f ->
                                f.quota("cpu", "64")
                                    .quota("memory", "512Gi")
                                    .quota("nvidia.com/gpu", "16")))
            .build();
    KueueLocalQueue training =
        KueueLocalQueue.named("training").namespace("ml").clusterQueue(ml).build();
    KueuePolicy.Builder kueue =
        KueuePolicy.builder()
            .addFlavors(a100)
            .addClusterQueues(ml)
            .addLocalQueues(training)
            .addWorkloadPriorities(PriorityTier.trainingNormal());
    WorkloadGang gang =
        WorkloadGang.of(TestGpuspec.GPUSPEC, Workloads.job("resnet", "ml", 2, 8))
            .queue(research)
            .priority(PriorityTier.trainingNormal())
            .build();
    KueueWorkload queued =
        KueueWorkload.of(gang.stamped())
            .queue(training)
            .priority(PriorityTier.trainingNormal())
            .build();
    List<ManifestSource> sources = new ArrayList<>();
    sources.add(PriorityTiers.standard());
    sources.add(research);
    sources.add(gang.podGroup());
    sources.add(queued);
    if (decoy) {
      sources.add(VolcanoQueue.named("decoy-queue").build());
      sources.add(VolcanoPodGroup.named("decoy-group").namespace("other").minMember(1).build());
      kueue
          .addFlavors(KueueFlavor.named("decoy-flavor").build())
          .addClusterQueues(
              KueueClusterQueue.named("decoy-cq")
                  .resourceGroup(
                      g -> g.covers("cpu").flavor("decoy-flavor", f -> f.quota("cpu", "1")))
                  .build())
          .addLocalQueues(
              KueueLocalQueue.named("decoy-lq").namespace("other").clusterQueue("decoy-cq").build())
          .addWorkloadPriorities(PriorityTier.named("decoy-tier").value(1).build());
    }
    sources.add(kueue.build());
    return sources.stream().flatMap(s -> s.toManifests().stream()).toList();
  }

  /** SCH009 fires exactly when a Volcano Job's minAvailable is above its tasks' replicas. */
  @Property(tries = 200)
  void volcanoJobMinAvailableFiresExactlyAboveTheTasksReplicas(
      @ForAll @Size(min = 1, max = 4) List<@IntRange(max = 8) Integer> replicas,
      @ForAll @IntRange(max = 40) int minAvailable) {
    JobSpec spec = new JobSpec();
    spec.setSchedulerName("volcano");
    spec.setMinAvailable(minAvailable);
    List<TaskSpec> tasks = new ArrayList<>();
    for (int i = 0; i < replicas.size(); i++) {
      TaskSpec task = new TaskSpec();
      task.setName("task-" + i);
      task.setReplicas(replicas.get(i));
      task.setTemplate(new PodTemplateSpec());
      tasks.add(task);
    }
    spec.setTasks(tasks);
    io.gpuspec.scheduling.model.volcano.batch.Job job =
        new io.gpuspec.scheduling.model.volcano.batch.Job(
            new ObjectMetaBuilder().withName("sweep").withNamespace("ml").build(), spec);

    Report report = TestGpuspec.GPUSPEC.engine().only("SCH009").check(ManifestSet.of(job));

    int total = replicas.stream().mapToInt(Integer::intValue).sum();
    assertThat(report.violations().isEmpty()).isEqualTo(minAvailable <= total);
  }

  /**
   * SCH015 fires exactly when a Job's pods, admitted together, need more GPUs than its
   * ClusterQueue's flavor holds with borrowing: never for a queue in a cohort without a borrowing
   * limit, whose borrowing the set cannot bound.
   */
  @Property(tries = 200)
  void kueueQuotaAdmitsExactlyWhatFitsNominalPlusBorrowing(
      @ForAll @IntRange(max = 32) int nominal,
      @ForAll Optional<@IntRange(max = 32) Integer> borrowing,
      @ForAll boolean cohort,
      @ForAll @IntRange(min = 1, max = 6) int parallelism,
      @ForAll @IntRange(min = 1, max = 8) int gpus) {
    KueueClusterQueue.Builder queue = KueueClusterQueue.named("ml").addNamespace("ml");
    if (cohort) {
      queue.cohort("gpu");
    }
    queue.resourceGroup(
        g ->
            g.covers("nvidia.com/gpu")
                .flavor(
                    Fixtures.a100Flavor(),
                    f ->
                        f.quota(
                            "nvidia.com/gpu",
                            Integer.toString(nominal),
                            q -> {
                              if (cohort) {
                                borrowing.map(String::valueOf).ifPresent(q::borrowingLimit);
                              }
                              return q;
                            })));
    KueueLocalQueue training =
        KueueLocalQueue.named("training").namespace("ml").clusterQueue("ml").build();
    List<HasMetadata> objects = new ArrayList<>();
    objects.add(Fixtures.a100Flavor().toResourceFlavor());
    objects.add(queue.build().toClusterQueue());
    objects.add(training.toLocalQueue());
    objects.addAll(
        KueueWorkload.of(Workloads.job("resnet", "ml", parallelism, gpus))
            .queue(training)
            .build()
            .toManifests());

    Report report = TestGpuspec.GPUSPEC.engine().only("SCH015").check(ManifestSet.of(objects));

    Optional<Integer> most = !cohort ? Optional.of(nominal) : borrowing.map(b -> nominal + b);
    boolean admissible = most.map(m -> parallelism * gpus <= m).orElse(true);
    assertThat(report.violations().isEmpty()).isEqualTo(admissible);
  }

  /**
   * SCH011 agrees with the DSL on hand-made Queues: it fires exactly when guarantee ≤ deserved ≤
   * capability is broken.
   */
  @Property(tries = 300)
  void queueSharesFireExactlyWhenOutOfOrder(
      @ForAll @IntRange(max = 64) int guarantee,
      @ForAll @IntRange(max = 64) int deserved,
      @ForAll @IntRange(max = 64) int capability) {
    QueueSpec spec = new QueueSpec();
    spec.setWeight(1);
    spec.setCapability(Map.of("nvidia.com/gpu", new Quantity(Integer.toString(capability))));
    spec.setDeserved(Map.of("nvidia.com/gpu", new Quantity(Integer.toString(deserved))));
    Guarantee reserved = new Guarantee();
    reserved.setResource(Map.of("nvidia.com/gpu", new Quantity(Integer.toString(guarantee))));
    spec.setGuarantee(reserved);
    Queue queue = new Queue(new ObjectMetaBuilder().withName("q").build(), spec);

    Report report = TestGpuspec.GPUSPEC.engine().only("SCH011").check(ManifestSet.of(queue));

    assertThat(report.violations().isEmpty())
        .isEqualTo(guarantee <= deserved && deserved <= capability);
  }
}
