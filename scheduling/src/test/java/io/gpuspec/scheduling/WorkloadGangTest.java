package io.gpuspec.scheduling;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.fabric8.kubernetes.api.model.GenericKubernetesResource;
import io.fabric8.kubernetes.api.model.HasMetadata;
import io.fabric8.kubernetes.api.model.ObjectMetaBuilder;
import io.fabric8.kubernetes.api.model.PodTemplateSpec;
import io.fabric8.kubernetes.api.model.Quantity;
import io.fabric8.kubernetes.api.model.apps.Deployment;
import io.fabric8.kubernetes.api.model.batch.v1.Job;
import io.gpuspec.core.InvalidSpecException;
import io.gpuspec.core.Platform;
import io.gpuspec.core.TestGpuspec;
import io.gpuspec.core.kubeflow.RunPolicy;
import io.gpuspec.core.kubeflow.SchedulingPolicy;
import io.gpuspec.core.report.Report;
import io.gpuspec.scheduling.model.volcano.PodGroup;
import io.gpuspec.scheduling.testkind.PyTorchJob;
import java.util.Map;
import org.junit.jupiter.api.Test;

class WorkloadGangTest {

  private static final VolcanoQueue RESEARCH =
      VolcanoQueue.named("research").putCapability("nvidia.com/gpu", "48").build();

  private static WorkloadGang.Builder gang(HasMetadata workload) {
    return WorkloadGang.of(TestGpuspec.GPUSPEC, workload);
  }

  @Test
  void deployment_gangsEveryReplicaAndSumsTheirRequests() {
    Deployment serving = Workloads.deployment("llm", "serving", 3, 2);

    WorkloadGang gang = gang(serving).queue(RESEARCH).build();
    PodGroup group = gang.podGroup().toPodGroup();

    assertThat(group.getMetadata().getName()).isEqualTo("llm");
    assertThat(group.getMetadata().getNamespace()).isEqualTo("serving");
    assertThat(group.getSpec().getMinMember()).isEqualTo(3);
    assertThat(group.getSpec().getQueue()).isEqualTo("research");
    assertThat(group.getSpec().getMinResources())
        .containsEntry("nvidia.com/gpu", new Quantity("6"))
        .containsEntry("cpu", new Quantity("24"))
        .containsEntry("memory", new Quantity("96Gi"));
  }

  @Test
  void stamped_joinsEveryTemplateAndLeavesTheOriginalAlone() {
    Job resnet = Workloads.job("resnet", "ml", 2, 8);

    Job stamped = (Job) gang(resnet).priority(PriorityTier.trainingNormal()).build().stamped();

    PodTemplateSpec template = stamped.getSpec().getTemplate();
    assertThat(template.getSpec().getSchedulerName()).isEqualTo("volcano");
    assertThat(template.getSpec().getPriorityClassName()).isEqualTo("training-normal");
    assertThat(template.getMetadata().getAnnotations())
        .containsEntry("scheduling.k8s.io/group-name", "resnet");
    assertThat(resnet.getSpec().getTemplate().getSpec().getSchedulerName()).isNull();
    assertThat(resnet.getSpec().getTemplate().getMetadata().getAnnotations()).isNullOrEmpty();
    assertThat(stamped.getSpec().getParallelism()).isEqualTo(2);
  }

  @Test
  void kubeflowJob_masterAndFourWorkers_isAGangOfFiveWithItsSchedulingPolicy() {
    PyTorchJob job = Workloads.pytorch("bert", "ml", 4, 1, null);

    WorkloadGang gang = gang(job).queue(RESEARCH).priority(PriorityTier.trainingNormal()).build();
    PyTorchJob stamped = (PyTorchJob) gang.stamped();
    SchedulingPolicy policy = stamped.getSpec().getRunPolicy().getSchedulingPolicy();

    assertThat(gang.podsCreated()).isEqualTo(5);
    assertThat(gang.podGroup().minMember()).isEqualTo(5);
    assertThat(policy.getMinAvailable()).isEqualTo(5);
    assertThat(policy.getQueue()).isEqualTo("research");
    assertThat(policy.getPriorityClass()).isEqualTo("training-normal");
    assertThat(policy.getMinResources()).containsEntry("nvidia.com/gpu", new Quantity("5"));
    assertThat(stamped.getSpec().getPytorchReplicaSpecs().values())
        .allSatisfy(
            r -> {
              assertThat(r.getTemplate().getSpec().getSchedulerName()).isEqualTo("volcano");
              assertThat(r.getTemplate().getMetadata().getAnnotations())
                  .containsEntry("scheduling.k8s.io/group-name", "bert");
            });
  }

  @Test
  void minMember_belowThePods_takesTheSmallestPodsResources() {
    PyTorchJob job = Workloads.pytorch("bert", "ml", 4, 2, null);
    // the Master of 2 GPUs is replaced by a CPU-only one: the 3 smallest pods are it and 2 Workers
    job.getSpec().getPytorchReplicaSpecs().get("Master").setTemplate(cpuOnly());

    WorkloadGang gang = gang(job).minMember(3).build();

    assertThat(gang.podGroup().minMember()).isEqualTo(3);
    assertThat(gang.minResources()).containsEntry("nvidia.com/gpu", "4");
  }

  @Test
  void renderedGang_passesEveryRuleOnThePlatform() {
    WorkloadGang gang =
        gang(Workloads.job("resnet", "ml", 2, 8))
            .queue(RESEARCH)
            .priority(PriorityTier.trainingNormal())
            .build();
    Platform platform =
        Platform.builder()
            .addPools(Fixtures.A100_TRAIN)
            .add(PriorityTiers.standard(), RESEARCH, gang)
            .build();

    Report report = TestGpuspec.GPUSPEC.check(platform);

    assertThat(report.violations()).isEmpty();
    assertThat(gang.toManifests()).hasSize(2).first().isInstanceOf(PodGroup.class);
  }

  @Test
  void existingSchedulingPolicy_thatAgrees_isKept() {
    RunPolicy policy = new RunPolicy();
    SchedulingPolicy scheduling = new SchedulingPolicy();
    scheduling.setQueue("research");
    scheduling.setScheduleTimeoutSeconds(600);
    policy.setSchedulingPolicy(scheduling);
    policy.setCleanPodPolicy("Running");

    PyTorchJob stamped =
        (PyTorchJob)
            gang(Workloads.pytorch("bert", "ml", 2, 1, policy)).queue(RESEARCH).build().stamped();

    assertThat(stamped.getSpec().getRunPolicy().getCleanPodPolicy()).isEqualTo("Running");
    assertThat(stamped.getSpec().getRunPolicy().getSchedulingPolicy().getScheduleTimeoutSeconds())
        .isEqualTo(600);
    assertThat(stamped.getSpec().getRunPolicy().getSchedulingPolicy().getMinAvailable())
        .isEqualTo(3);
  }

  @Test
  void minMember_aboveThePods_failsAtBuild() {
    assertThatThrownBy(() -> gang(Workloads.job("resnet", "ml", 2, 8)).minMember(3).build())
        .isInstanceOf(InvalidSpecException.class)
        .hasMessage(
            "PodGroup/ml/resnet spec.minMember: minMember 3 but only 2 pods join it"
                + " (Job \"resnet\" 2); Volcano waits for 3 pods that never come and never starts"
                + " the gang; set minMember to at most 2, or give the workloads more replicas");
  }

  @Test
  void templateOnAnotherScheduler_failsAtBuild() {
    Job job = Workloads.job("resnet", "ml", 2, 8);
    job.getSpec().getTemplate().getSpec().setSchedulerName("default-scheduler");

    assertThatThrownBy(() -> gang(job).build())
        .isInstanceOf(InvalidSpecException.class)
        .hasMessageContaining("schedulerName")
        .hasMessageContaining("remove schedulerName");
  }

  @Test
  void podsOfAnotherPriority_failAtBuild() {
    Job job = Workloads.job("resnet", "ml", 1, 8);
    job.getSpec().getTemplate().getSpec().setPriorityClassName("experiment-low");

    assertThatThrownBy(() -> gang(job).priority(PriorityTier.trainingNormal()).build())
        .isInstanceOf(InvalidSpecException.class)
        .hasMessageContaining("they name \"experiment-low\" but the gang's priority is");
  }

  @Test
  void schedulingPolicyThatDisagrees_failsAtBuild() {
    RunPolicy policy = new RunPolicy();
    SchedulingPolicy scheduling = new SchedulingPolicy();
    scheduling.setMinAvailable(2);
    policy.setSchedulingPolicy(scheduling);

    assertThatThrownBy(() -> gang(Workloads.pytorch("bert", "ml", 4, 1, policy)).build())
        .isInstanceOf(InvalidSpecException.class)
        .hasMessageContaining("schedulingPolicy minAvailable")
        .hasMessageContaining("the job says 2 but the gang 5");
  }

  @Test
  void kindNoModuleAdapts_failsAtBuildNamingTheKind() {
    GenericKubernetesResource unknown = new GenericKubernetesResource();
    unknown.setApiVersion("example.com/v1");
    unknown.setKind("Trainer");
    unknown.setMetadata(new ObjectMetaBuilder().withName("t").withNamespace("ml").build());

    assertThatThrownBy(() -> gang(unknown).build())
        .isInstanceOf(InvalidSpecException.class)
        .hasMessageContaining("example.com/v1 Trainer");
  }

  @Test
  void volcanoJob_isRefused() {
    io.gpuspec.scheduling.model.volcano.batch.Job vcjob =
        new io.gpuspec.scheduling.model.volcano.batch.Job(
            new ObjectMetaBuilder().withName("sweep").withNamespace("ml").build(),
            new io.gpuspec.scheduling.model.volcano.batch.JobSpec());

    assertThatThrownBy(() -> gang(vcjob).build())
        .isInstanceOf(InvalidSpecException.class)
        .hasMessageContaining("a Volcano Job makes its own PodGroup");
  }

  private static PodTemplateSpec cpuOnly() {
    Job cpu = Workloads.job("cpu", "ml", 1, 1);
    cpu.getSpec()
        .getTemplate()
        .getSpec()
        .getContainers()
        .get(0)
        .getResources()
        .setLimits(Map.of("memory", new Quantity("128Gi")));
    cpu.getSpec()
        .getTemplate()
        .getSpec()
        .getContainers()
        .get(0)
        .getResources()
        .setRequests(Map.of("cpu", new Quantity("16"), "memory", new Quantity("128Gi")));
    return cpu.getSpec().getTemplate();
  }
}
