package io.gpuspec.sharing.dra;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.fabric8.kubernetes.api.model.Container;
import io.fabric8.kubernetes.api.model.GenericKubernetesResource;
import io.fabric8.kubernetes.api.model.PodSpec;
import io.fabric8.kubernetes.api.model.apps.Deployment;
import io.fabric8.kubernetes.api.model.resource.v1.DeviceClaim;
import io.fabric8.kubernetes.api.model.resource.v1.ExactDeviceRequest;
import io.fabric8.kubernetes.api.model.resource.v1.ResourceClaimTemplate;
import io.gpuspec.core.GpuCatalogue;
import io.gpuspec.core.InferenceDeployment;
import io.gpuspec.core.InvalidSpecException;
import io.gpuspec.core.NodePool;
import io.gpuspec.core.NodeTaint;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** DRA claim templates and their wiring into pods, as the DSL renders them. */
class DraDslTest {

  private static final GpuClaimTemplate A100 =
      GpuClaimTemplate.named("a100-40gb")
          .namespace("serving")
          .addRequests(
              GpuClaimRequest.gpu("gpu")
                  .productContains("A100")
                  .minMemory("40Gi")
                  .sharing(DraSharing.timeSlicing(DraSharing.Interval.LONG))
                  .build())
          .build();

  private static DeviceClaim devices(GpuClaimTemplate template) {
    ResourceClaimTemplate rendered = template.toResourceClaimTemplate();
    return rendered.getSpec().getSpec().getDevices();
  }

  @Test
  void gpuRequest_rendersTheClassCountSelectorsAndTheDriversConfig() {
    DeviceClaim devices = devices(A100);

    ExactDeviceRequest exactly = devices.getRequests().get(0).getExactly();
    assertThat(exactly.getDeviceClassName()).isEqualTo("gpu.nvidia.com");
    assertThat(exactly.getAllocationMode()).isEqualTo("ExactCount");
    assertThat(exactly.getCount()).isEqualTo(1L);
    assertThat(exactly.getSelectors())
        .extracting(s -> s.getCel().getExpression())
        .containsExactly(
            "device.attributes['gpu.nvidia.com'].productName.lowerAscii().contains('a100')",
            "device.capacity['gpu.nvidia.com'].memory.compareTo(quantity('40Gi')) >= 0");
    assertThat(devices.getConfig()).hasSize(1);
    assertThat(devices.getConfig().get(0).getRequests()).containsExactly("gpu");
    assertThat(devices.getConfig().get(0).getOpaque().getDriver()).isEqualTo("gpu.nvidia.com");
    GenericKubernetesResource parameters =
        (GenericKubernetesResource) devices.getConfig().get(0).getOpaque().getParameters();
    assertThat(parameters.getApiVersion()).isEqualTo("resource.nvidia.com/v1beta1");
    assertThat(parameters.getKind()).isEqualTo("GpuConfig");
    assertThat(parameters.getAdditionalProperties())
        .containsExactly(
            Map.entry(
                "sharing",
                Map.of(
                    "strategy", "TimeSlicing", "timeSlicingConfig", Map.of("interval", "Long"))));
  }

  @Test
  void migRequest_selectsTheProfile_andSharesWithAMigDeviceConfig() {
    GpuClaimTemplate slices =
        GpuClaimTemplate.named("slices")
            .namespace("ml")
            .addRequests(
                GpuClaimRequest.mig("slice", "1g.10gb")
                    .count(2)
                    .sharing(
                        DraSharing.builder()
                            .strategy(DraSharing.Strategy.MPS)
                            .activeThreadPercentage(50)
                            .pinnedMemoryLimit("4Gi")
                            .build())
                    .build())
            .build();

    DeviceClaim devices = devices(slices);
    assertThat(devices.getRequests().get(0).getExactly().getDeviceClassName())
        .isEqualTo("mig.nvidia.com");
    assertThat(
            devices
                .getRequests()
                .get(0)
                .getExactly()
                .getSelectors()
                .get(0)
                .getCel()
                .getExpression())
        .isEqualTo("device.attributes['gpu.nvidia.com'].profile == '1g.10gb'");
    assertThat(String.valueOf(devices.getConfig().get(0).getOpaque().getParameters()))
        .contains("kind=MigDeviceConfig")
        .contains("defaultActiveThreadPercentage=50")
        .contains("defaultPinnedDeviceMemoryLimit=4Gi");
  }

  @Test
  void requestsWithoutSharing_getNoConfig() {
    GpuClaimTemplate plain =
        GpuClaimTemplate.named("plain")
            .addRequests(GpuClaimRequest.gpu("gpu").count(2).build())
            .build();

    assertThat(devices(plain).getConfig()).isEmpty();
    assertThat(plain.namespace()).isEqualTo("default");
  }

  private static GpuClaimTemplate.Builder sharing(GpuClaimRequest request) {
    return GpuClaimTemplate.named("t").namespace("serving").addRequests(request);
  }

  @Test
  void sharingSettingsOfTheOtherStrategy_failAtBuild_withTheRulesFinding() {
    DraSharing intervalWithMps =
        DraSharing.builder()
            .strategy(DraSharing.Strategy.MPS)
            .interval(DraSharing.Interval.SHORT)
            .build();
    assertThatThrownBy(
            () -> sharing(GpuClaimRequest.gpu("g").sharing(intervalWithMps).build()).build())
        .isInstanceOf(InvalidSpecException.class)
        .satisfies(e -> assertThat(((InvalidSpecException) e).ruleId()).contains("SHR011"))
        .hasMessageStartingWith(
            "ResourceClaimTemplate/serving/t spec.spec.devices.config[0].opaque.parameters.sharing");
    DraSharing tooManyThreads =
        DraSharing.builder().strategy(DraSharing.Strategy.MPS).activeThreadPercentage(101).build();
    assertThatThrownBy(
            () -> sharing(GpuClaimRequest.gpu("g").sharing(tooManyThreads).build()).build())
        .isInstanceOf(InvalidSpecException.class)
        .hasMessageContaining("defaultActiveThreadPercentage");
    assertThatThrownBy(
            () ->
                sharing(
                        GpuClaimRequest.mig("s", "1g.10gb")
                            .sharing(DraSharing.timeSlicing(DraSharing.Interval.LONG))
                            .build())
                    .build())
        .isInstanceOf(InvalidSpecException.class)
        .satisfies(e -> assertThat(((InvalidSpecException) e).ruleId()).contains("SHR011"));
  }

  @Test
  void productFragment_thatIsNotPlain_failsAtBuild() {
    assertThatThrownBy(
            () -> GpuClaimRequest.gpu("g").productContains("a100') || true || ('").build())
        .isInstanceOf(InvalidSpecException.class)
        .hasMessageContaining("is not a plain product name fragment");
  }

  @Test
  void claimedWorkload_declaresTheClaim_givesItToTheContainers_andToleratesGpuNodes() {
    ClaimedWorkload vision =
        ClaimedWorkload.builder()
            .workload(
                InferenceDeployment.named("vision")
                    .namespace("serving")
                    .image("img:1")
                    .gpus(0)
                    .build())
            .addClaims(PodClaim.of("gpu", A100))
            .addTolerate(NodeTaint.GPU)
            .build();

    Deployment deployment = (Deployment) vision.toManifests().get(0);
    PodSpec spec = deployment.getSpec().getTemplate().getSpec();
    assertThat(spec.getResourceClaims())
        .singleElement()
        .satisfies(
            c -> {
              assertThat(c.getName()).isEqualTo("gpu");
              assertThat(c.getResourceClaimTemplateName()).isEqualTo("a100-40gb");
            });
    Container main = spec.getContainers().get(0);
    assertThat(main.getResources().getClaims()).extracting(c -> c.getName()).containsExactly("gpu");
    assertThat(main.getResources().getLimits()).doesNotContainKey("nvidia.com/gpu");
    assertThat(spec.getTolerations()).containsExactly(NodeTaint.GPU.toleration());
  }

  @Test
  void claimedWorkload_withGpusFromTheDevicePlugin_failsAtBuild() {
    NodePool t4 = NodePool.named("t4").model(GpuCatalogue.T4).gpusPerNode(1).build();

    assertThatThrownBy(
            () ->
                ClaimedWorkload.builder()
                    .workload(
                        InferenceDeployment.named("both")
                            .namespace("serving")
                            .image("img:1")
                            .onPool(t4)
                            .build())
                    .addClaims(PodClaim.of("gpu", A100))
                    .build())
        .isInstanceOf(InvalidSpecException.class)
        .hasMessage(
            "deployment \"both\" container \"main\": requests GPUs from the device plugin as well"
                + " as through DRA claims; build the workload with .gpus(0) and no pool; the claims"
                + " bring the GPUs");
  }

  @Test
  void claimedWorkload_inAnotherNamespaceThanTheTemplate_failsAtBuild() {
    assertThatThrownBy(
            () ->
                ClaimedWorkload.builder()
                    .workload(
                        InferenceDeployment.named("v")
                            .namespace("ml")
                            .image("img:1")
                            .gpus(0)
                            .build())
                    .addClaims(PodClaim.of("gpu", A100))
                    .build())
        .isInstanceOf(InvalidSpecException.class)
        .hasMessage(
            "deployment \"v\" claim \"gpu\": template \"a100-40gb\" is in namespace serving but the"
                + " pods in ml; put the template in the pods' namespace");
  }

  @Test
  void podClaim_ofARequestTheTemplateLacks_failsAtBuild() {
    assertThatThrownBy(
            () ->
                ClaimedWorkload.builder()
                    .workload(
                        InferenceDeployment.named("v")
                            .namespace("serving")
                            .image("img:1")
                            .gpus(0)
                            .build())
                    .addClaims(
                        PodClaim.builder().name("gpu").template(A100).request("gpu-1").build())
                    .build())
        .isInstanceOf(InvalidSpecException.class)
        .hasMessage(
            "Deployment/serving/v spec.template.spec.containers[0].resources.claims[0].request:"
                + " container \"main\" uses request \"gpu-1\" of claim \"gpu\", which has requests"
                + " [gpu]; name one of its requests, or leave request out for all of them")
        .satisfies(e -> assertThat(((InvalidSpecException) e).ruleId()).contains("SHR012"));
  }

  @Test
  void claimTemplate_withTwoRequestsOfOneName_failsWithSHR013() {
    assertThatThrownBy(
            () ->
                GpuClaimTemplate.named("two")
                    .namespace("serving")
                    .addRequests(
                        GpuClaimRequest.gpu("gpu").build(), GpuClaimRequest.gpu("gpu").build())
                    .build())
        .isInstanceOf(InvalidSpecException.class)
        .hasMessage(
            "ResourceClaimTemplate/serving/two spec.spec.devices.requests[1].name: request \"gpu\""
                + " is listed twice (first at requests[0]); give each request of the claim its own"
                + " name")
        .satisfies(e -> assertThat(((InvalidSpecException) e).ruleId()).contains("SHR013"));
  }
}
