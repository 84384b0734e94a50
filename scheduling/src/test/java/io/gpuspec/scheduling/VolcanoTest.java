package io.gpuspec.scheduling;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.fabric8.kubernetes.api.model.PodTemplateSpec;
import io.fabric8.kubernetes.api.model.PodTemplateSpecBuilder;
import io.fabric8.kubernetes.api.model.Quantity;
import io.gpuspec.core.InvalidSpecException;
import io.gpuspec.scheduling.model.volcano.PodGroup;
import io.gpuspec.scheduling.model.volcano.Queue;
import java.util.Map;
import org.junit.jupiter.api.Test;

class VolcanoTest {

  private static VolcanoQueue.Builder gpuQueue() {
    return VolcanoQueue.named("research").putCapability("nvidia.com/gpu", "32");
  }

  @Test
  void queueWeight_outsideOneTo65535_isRejected() {
    assertThatThrownBy(() -> gpuQueue().weight(0).build())
        .isInstanceOf(InvalidSpecException.class)
        .hasMessage(
            "Queue/research spec.weight: weight 0 is outside 1 to 65535; the API server rejects the"
                + " queue; set a weight from 1 to 65535 (the queue's share relative to others)");
    assertThatThrownBy(() -> gpuQueue().weight(65_536).build())
        .isInstanceOf(InvalidSpecException.class);
    assertThat(gpuQueue().weight(65_535).build().toQueue().getSpec().getWeight()).isEqualTo(65_535);
  }

  @Test
  void queueGuarantee_aboveDeserved_isRejected() {
    assertThatThrownBy(
            () ->
                gpuQueue()
                    .putDeserved("nvidia.com/gpu", "8")
                    .putGuarantee("nvidia.com/gpu", "16")
                    .build())
        .isInstanceOf(InvalidSpecException.class)
        .hasMessage(
            "Queue/research spec.guarantee.resource[nvidia.com/gpu]: guarantee nvidia.com/gpu 16"
                + " is more than the deserved 8; Volcano rejects the queue; lower the guarantee of"
                + " nvidia.com/gpu to at most 8 (guarantee ≤ deserved ≤ capability), or raise the"
                + " deserved");
  }

  @Test
  void queueDeserved_aboveCapability_isRejected() {
    assertThatThrownBy(() -> gpuQueue().putDeserved("nvidia.com/gpu", "33").build())
        .isInstanceOf(InvalidSpecException.class)
        .hasMessageContaining("deserved nvidia.com/gpu 33 is more than the capability 32");
  }

  @Test
  void queueGuarantee_withoutDeserved_isRejected_asVolcanosWebhookDoes() {
    assertThatThrownBy(() -> gpuQueue().putGuarantee("nvidia.com/gpu", "8").build())
        .isInstanceOf(InvalidSpecException.class)
        .hasMessageContaining(
            "spec.deserved[nvidia.com/gpu]: the queue guarantees nvidia.com/gpu but has no"
                + " deserved share of it");
  }

  @Test
  void queueQuantities_compareAcrossSuffixes() {
    VolcanoQueue queue =
        VolcanoQueue.named("mem")
            .putCapability("memory", "1Ti")
            .putDeserved("memory", "1024Gi")
            .putGuarantee("memory", "512Gi")
            .build();

    assertThat(queue.toQueue().getSpec().getDeserved())
        .containsEntry("memory", new Quantity("1024Gi"));
    assertThatThrownBy(
            () ->
                VolcanoQueue.named("mem")
                    .putCapability("memory", "1Ti")
                    .putDeserved("memory", "1025Gi")
                    .build())
        .isInstanceOf(InvalidSpecException.class);
  }

  @Test
  void queueQuantity_thatDoesNotParse_isRejected() {
    assertThatThrownBy(() -> VolcanoQueue.named("q").putCapability("cpu", "lots").build())
        .isInstanceOf(InvalidSpecException.class)
        .hasMessage(
            "volcano queue \"q\" capability cpu: \"lots\" is not a quantity; write a number with an"
                + " optional suffix, e.g. 8, 500m or 64Gi");
  }

  @Test
  void consistentQueue_rendersEveryField() {
    Queue queue =
        gpuQueue()
            .weight(3)
            .putDeserved("nvidia.com/gpu", "16")
            .putGuarantee("nvidia.com/gpu", "8")
            .reclaimable(false)
            .build()
            .toQueue();

    assertThat(queue.getApiVersion()).isEqualTo("scheduling.volcano.sh/v1beta1");
    assertThat(queue.getSpec().getWeight()).isEqualTo(3);
    assertThat(queue.getSpec().getGuarantee().getResource())
        .containsEntry("nvidia.com/gpu", new Quantity("8"));
    assertThat(queue.getSpec().getReclaimable()).isFalse();
    assertThat(queue.getMetadata().getNamespace()).isNull();
  }

  @Test
  void podGroupMinMember_zero_isRejected() {
    assertThatThrownBy(() -> VolcanoPodGroup.named("g").minMember(0).build())
        .isInstanceOf(InvalidSpecException.class)
        .hasMessage(
            "PodGroup/default/g spec.minMember: minMember is 0, so the group gangs nothing:"
                + " Volcano starts its pods one by one; set minMember to the number of pods that"
                + " must start together, at least 1");
  }

  @Test
  void podGroupMinMember_negative_isRejectedAsTheDslsShape() {
    assertThatThrownBy(() -> VolcanoPodGroup.named("g").minMember(-1).build())
        .isInstanceOf(InvalidSpecException.class)
        .hasMessage(
            "podgroup \"g\" minMember: -1 is negative; give the number of pods that must start"
                + " together, at least 1");
  }

  @Test
  void podGroup_takesQueueAndPriorityClassFromObjects() {
    PodGroup group =
        VolcanoPodGroup.named("bert")
            .namespace("nlp")
            .minMember(2)
            .putMinTaskMember("worker", 2)
            .queue(gpuQueue().build())
            .priority(PriorityTier.trainingNormal())
            .build()
            .toPodGroup();

    assertThat(group.getSpec().getQueue()).isEqualTo("research");
    assertThat(group.getSpec().getPriorityClassName()).isEqualTo("training-normal");
    assertThat(group.getSpec().getMinTaskMember()).containsEntry("worker", 2);
    assertThat(group.getMetadata().getNamespace()).isEqualTo("nlp");
  }

  @Test
  void podGroupMinTaskMember_negative_isRejected() {
    assertThatThrownBy(
            () -> VolcanoPodGroup.named("g").minMember(2).putMinTaskMember("ps", -1).build())
        .isInstanceOf(InvalidSpecException.class)
        .hasMessageContaining("minTaskMember ps: -1 is negative");
  }

  @Test
  void gang_podGroupNeedsAllPodsAndTheirResources() {
    Gang gang =
        Gang.named("resnet")
            .namespace("ml")
            .pods(4)
            .putPerPod("nvidia.com/gpu", "8")
            .putPerPod("memory", "32Gi")
            .putPerPod("cpu", "500m")
            .build();

    PodGroup group = gang.podGroup().toPodGroup();

    assertThat(group.getSpec().getMinMember()).isEqualTo(4);
    assertThat(group.getSpec().getMinResources())
        .containsEntry("nvidia.com/gpu", new Quantity("32"))
        .containsEntry("memory", new Quantity("128Gi"))
        .containsEntry("cpu", new Quantity("2000m"));
    assertThat(gang.toManifests()).containsExactly(group);
  }

  @Test
  void gangStamp_addsSchedulerAndGroupAnnotationAndKeepsTheRest() {
    Gang gang = Gang.named("resnet").pods(2).putPerPod("nvidia.com/gpu", "1").build();
    PodTemplateSpec template =
        new PodTemplateSpecBuilder()
            .withNewMetadata()
            .addToLabels("app", "resnet")
            .addToAnnotations("note", "kept")
            .endMetadata()
            .withNewSpec()
            .withRestartPolicy("OnFailure")
            .addNewContainer()
            .withName("main")
            .withImage("nvcr.io/nvidia/pytorch:24.08-py3")
            .endContainer()
            .endSpec()
            .build();

    PodTemplateSpec stamped = gang.stamp(template);

    assertThat(stamped.getSpec().getSchedulerName()).isEqualTo("volcano");
    assertThat(stamped.getMetadata().getAnnotations())
        .containsEntry("scheduling.k8s.io/group-name", "resnet")
        .containsEntry("note", "kept");
    assertThat(stamped.getMetadata().getLabels()).containsEntry("app", "resnet");
    assertThat(stamped.getSpec().getContainers()).isEqualTo(template.getSpec().getContainers());
    assertThat(template.getSpec().getSchedulerName()).as("input left unchanged").isNull();
    assertThat(gang.podAnnotations()).isEqualTo(Map.of("scheduling.k8s.io/group-name", "resnet"));
  }

  @Test
  void gangStamp_templateOfAnotherScheduler_isRejected() {
    Gang gang = Gang.named("resnet").pods(2).build();
    PodTemplateSpec template =
        new PodTemplateSpecBuilder()
            .withNewSpec()
            .withSchedulerName("default-scheduler")
            .endSpec()
            .build();

    assertThatThrownBy(() -> gang.stamp(template))
        .isInstanceOf(InvalidSpecException.class)
        .hasMessage(
            "gang \"resnet\" pod template schedulerName: it already names scheduler"
                + " \"default-scheduler\"; remove schedulerName so that Volcano schedules the gang");
  }

  @Test
  void gang_withoutPods_isRejected() {
    assertThatThrownBy(() -> Gang.named("g").pods(0).build())
        .isInstanceOf(InvalidSpecException.class)
        .hasMessageStartingWith(
            "PodGroup/default/g spec.minMember: minMember is 0, so the group gangs nothing");
  }
}
