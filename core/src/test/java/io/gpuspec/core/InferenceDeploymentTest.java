package io.gpuspec.core;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.fabric8.kubernetes.api.model.Container;
import io.fabric8.kubernetes.api.model.PodSpec;
import io.fabric8.kubernetes.api.model.Quantity;
import io.fabric8.kubernetes.api.model.apps.Deployment;
import java.util.Map;
import org.junit.jupiter.api.Test;

class InferenceDeploymentTest {

  private static InferenceDeployment.Builder llm() {
    return InferenceDeployment.named("llm")
        .namespace("serving")
        .image("nvcr.io/nvidia/tritonserver:24.08-py3")
        .onPool(Fixtures.L40S_INFERENCE)
        .port("http", 8000);
  }

  @Test
  void toDeployment_gpuRequestsEqualLimits() {
    Deployment d = llm().gpus(2).cpu("8").memory("32Gi").build().toDeployment();
    Container main = d.getSpec().getTemplate().getSpec().getContainers().get(0);
    assertThat(main.getResources().getLimits()).containsEntry("nvidia.com/gpu", new Quantity("2"));
    assertThat(main.getResources().getRequests()).isEqualTo(main.getResources().getLimits());
    assertThat(main.getResources().getLimits()).containsEntry("cpu", new Quantity("8"));
  }

  @Test
  void toManifests_handsOutWhatBuildRenderedOnceThenFreshRenders() {
    InferenceDeployment llm = llm().gpus(1).build();
    Deployment first = (Deployment) llm.toManifests().get(0);
    first.getSpec().setReplicas(7);
    Deployment second = (Deployment) llm.toManifests().get(0);
    assertThat(second).isNotSameAs(first).isEqualTo(llm.toDeployment());
    assertThat(second.getSpec().getReplicas()).isNotEqualTo(7);
  }

  @Test
  void toDeployment_toleratesExactlyThePoolTaintsAndPinsItsLabels() {
    PodSpec spec = llm().build().toDeployment().getSpec().getTemplate().getSpec();
    assertThat(spec.getTolerations())
        .containsExactlyElementsOf(GpuPlacement.on(Fixtures.L40S_INFERENCE).tolerations());
    var term =
        spec.getAffinity()
            .getNodeAffinity()
            .getRequiredDuringSchedulingIgnoredDuringExecution()
            .getNodeSelectorTerms()
            .get(0);
    assertThat(term.getMatchExpressions())
        .extracting(e -> Map.entry(e.getKey(), e.getValues().get(0)))
        .containsExactlyInAnyOrderElementsOf(Fixtures.L40S_INFERENCE.selectorLabels().entrySet());
    assertThat(Fixtures.L40S_INFERENCE.selectorLabels())
        .containsEntry("gpu-type", "l40s")
        .containsEntry("workload-class", "inference")
        .containsEntry("node-type", "gpu");
  }

  @Test
  void toDeployment_isRestrictedByDefault() {
    PodSpec spec = llm().build().toDeployment().getSpec().getTemplate().getSpec();
    assertThat(spec.getSecurityContext().getRunAsNonRoot()).isTrue();
    assertThat(spec.getSecurityContext().getSeccompProfile().getType()).isEqualTo("RuntimeDefault");
    assertThat(spec.getAutomountServiceAccountToken()).isFalse();
    Container main = spec.getContainers().get(0);
    assertThat(main.getSecurityContext().getAllowPrivilegeEscalation()).isFalse();
    assertThat(main.getSecurityContext().getCapabilities().getDrop()).containsExactly("ALL");
  }

  @Test
  void toDeployment_selectorMatchesTemplateLabels() {
    Deployment d = llm().putLabel("team", "search").build().toDeployment();
    assertThat(d.getSpec().getTemplate().getMetadata().getLabels())
        .containsAllEntriesOf(d.getSpec().getSelector().getMatchLabels())
        .containsEntry("app.kubernetes.io/managed-by", "gpuspec")
        .containsEntry("team", "search");
    assertThat(d.getSpec().getTemplate().getSpec().getRestartPolicy()).isEqualTo("Always");
  }

  @Test
  void toDeployment_spreadsReplicasAcrossHosts() {
    PodSpec spread = llm().replicas(3).build().toDeployment().getSpec().getTemplate().getSpec();
    assertThat(
            spread
                .getAffinity()
                .getPodAntiAffinity()
                .getPreferredDuringSchedulingIgnoredDuringExecution()
                .get(0)
                .getPodAffinityTerm()
                .getTopologyKey())
        .isEqualTo("kubernetes.io/hostname");
    PodSpec single = llm().replicas(1).build().toDeployment().getSpec().getTemplate().getSpec();
    assertThat(single.getAffinity().getPodAntiAffinity()).isNull();
  }

  @Test
  void toDeployment_probesUseTheFirstPort() {
    Container main =
        llm()
            .readinessPath("/v2/health/ready")
            .build()
            .toDeployment()
            .getSpec()
            .getTemplate()
            .getSpec()
            .getContainers()
            .get(0);
    assertThat(main.getReadinessProbe().getHttpGet().getPort().getStrVal()).isEqualTo("http");
    assertThat(main.getLivenessProbe()).isNull();
  }

  @Test
  void build_moreGpusThanANodeHas_namesPoolAndFix() {
    assertThatThrownBy(() -> llm().gpus(3).build())
        .isInstanceOf(InvalidSpecException.class)
        .hasMessage(
            "Deployment/serving/llm spec.template.spec.containers: the pod requests 3 GPUs per pod"
                + " but the nodes of the pools it selects have at most 2; it can never schedule;"
                + " request at most 2 GPUs per pod, or select a pool with larger nodes");
  }

  @Test
  void build_negativeReplicas_fails() {
    assertThatThrownBy(() -> llm().replicas(-1).build())
        .isInstanceOf(InvalidSpecException.class)
        .hasMessageStartingWith("deployment \"llm\" replicas: -1 is negative;");
  }

  @Test
  void build_emptyImage_fails() {
    assertThatThrownBy(
            () ->
                InferenceDeployment.named("llm").image("").onPool(Fixtures.L40S_INFERENCE).build())
        .isInstanceOf(InvalidSpecException.class)
        .hasMessage(
            "Deployment/default/llm spec.template.spec.containers[0].image: Required value:"
                + " container \"main\" has no image; set spec.template.spec.containers[0].image to"
                + " the container image, e.g. registry/name:tag")
        .extracting(e -> ((InvalidSpecException) e).ruleId())
        .isEqualTo(java.util.Optional.of("K8S007"));
  }

  @Test
  void build_missingImage_failsTheSameWay() {
    assertThatThrownBy(
            () -> InferenceDeployment.named("llm").onPool(Fixtures.L40S_INFERENCE).build())
        .isInstanceOf(InvalidSpecException.class)
        .hasMessageContaining("Required value: container \"main\" has no image");
  }

  @Test
  void build_gpusWithoutPool_asksForAPool() {
    assertThatThrownBy(() -> InferenceDeployment.named("llm").image("img:1").gpus(1).build())
        .isInstanceOf(InvalidSpecException.class)
        .hasMessageContaining("no pool given")
        .hasMessageContaining(".onPool(pool)");
  }

  @Test
  void build_cpuOnlyWithoutPool_isFine() {
    Deployment d =
        InferenceDeployment.named("proxy").image("nginx:1.27").gpus(0).build().toDeployment();
    PodSpec spec = d.getSpec().getTemplate().getSpec();
    assertThat(spec.getTolerations()).isEmpty();
    assertThat(spec.getAffinity()).isNull();
    assertThat(spec.getContainers().get(0).getResources().getLimits())
        .doesNotContainKey("nvidia.com/gpu");
  }

  @Test
  void build_badName_fails() {
    assertThatThrownBy(() -> InferenceDeployment.named("LLM_Server").image("i:1").gpus(0).build())
        .isInstanceOf(InvalidSpecException.class)
        .hasMessage(
            "Deployment/default/LLM_Server metadata.name: \"LLM_Server\" is not a DNS-1123"
                + " subdomain (at most 253 of [a-z0-9-.], alphanumeric at both ends); rename it,"
                + " e.g. to \"llm-server\"");
  }

  @Test
  void build_badQuantity_fails() {
    assertThatThrownBy(() -> llm().memory("lots").build())
        .isInstanceOf(InvalidSpecException.class)
        .hasMessageContaining(
            "Deployment/serving/llm spec.template.spec.containers[0].resources.limits[memory]:"
                + " \"lots\" is not a quantity");
  }

  @Test
  void build_emptyCpu_failsWithTheSpecError() {
    assertThatThrownBy(() -> llm().cpu("").build())
        .isInstanceOf(InvalidSpecException.class)
        .hasMessageContaining("deployment \"llm\" cpu: \"\" cannot be written as a quantity");
  }

  @Test
  void build_probeWithoutPort_fails() {
    assertThatThrownBy(
            () ->
                InferenceDeployment.named("llm")
                    .image("i:1")
                    .onPool(Fixtures.L40S_INFERENCE)
                    .readinessPath("/health")
                    .build())
        .isInstanceOf(InvalidSpecException.class)
        .hasMessageContaining("an HTTP probe needs a port");
  }
}
