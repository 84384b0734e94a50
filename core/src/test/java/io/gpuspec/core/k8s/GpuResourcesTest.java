package io.gpuspec.core.k8s;

import static org.assertj.core.api.Assertions.assertThat;

import io.fabric8.kubernetes.api.model.Container;
import io.fabric8.kubernetes.api.model.ContainerBuilder;
import io.fabric8.kubernetes.api.model.PodSpec;
import io.fabric8.kubernetes.api.model.PodSpecBuilder;
import io.fabric8.kubernetes.api.model.Quantity;
import io.gpuspec.core.k8s.GpuResources.Vendor;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class GpuResourcesTest {

  @ParameterizedTest
  @ValueSource(
      strings = {
        "nvidia.com/gpu",
        "nvidia.com/gpu.shared",
        "nvidia.com/mig-1g.5gb",
        "nvidia.com/mig-1g.10gb",
        "nvidia.com/mig-3g.40gb",
        "nvidia.com/mig-1g.10gb+me",
        "nvidia.com/mig-1g.10gb.me",
        "nvidia.com/mig-1g.24gb.me.all.shared",
        "nvidia.com/mig-1g.24gb+me.all",
        "nvidia.com/mig-2g.48gb+gfx",
        "nvidia.com/mig-1g.24gb-me",
        "nvidia.com/mig-7g.141gb",
        "nvidia.com/mig-1g.10gb.shared",
        "amd.com/gpu",
        "gpu.intel.com/i915",
        "gpu.intel.com/xe"
      })
  void vendorsResourceNames_areGpus(String resource) {
    assertThat(GpuResources.isGpu(resource)).isTrue();
  }

  @ParameterizedTest
  @ValueSource(
      strings = {
        "nvidia.com/gpumem",
        "nvidia.com/gpucores",
        "nvidia.com/gpumem-percentage",
        "nvidia.com/gpu-foo",
        "nvidia.com/gpu.sharedx",
        "nvidia.com/mig-",
        "nvidia.com/mig-foo",
        "nvidia.com/mig-0g.10gb",
        "nvidia.com/mig-1g.10gb+xx",
        "nvidia.com/mig-1g.10gb.xx",
        "aliyun.com/gpu-mem",
        "aliyun.com/gpu-count",
        "amd.com/gpu-mem",
        "amd.com/gpux",
        "gpu.intel.com/millicores",
        "gpu.intel.com/memory.max",
        "example.com/gpu",
        "cpu"
      })
  void otherNames_areNotGpuCounts(String resource) {
    assertThat(GpuResources.isGpu(resource)).isFalse();
  }

  @Test
  void vendor_followsTheResource() {
    assertThat(GpuResources.vendor("nvidia.com/mig-1g.10gb")).contains(Vendor.NVIDIA);
    assertThat(GpuResources.vendor("amd.com/gpu")).contains(Vendor.AMD);
    assertThat(GpuResources.vendor("gpu.intel.com/xe")).contains(Vendor.INTEL);
    assertThat(GpuResources.migProfile("nvidia.com/mig-1g.10gb.shared")).contains("1g.10gb");
    assertThat(GpuResources.migProfile("nvidia.com/mig-1g.10gb.me")).contains("1g.10gb+me");
  }

  private static Container container(
      String name, String restartPolicy, Map<String, String> limits) {
    ContainerBuilder builder =
        new ContainerBuilder().withName(name).withRestartPolicy(restartPolicy);
    builder
        .withNewResources()
        .withLimits(
            limits.entrySet().stream()
                .collect(
                    java.util.stream.Collectors.toMap(
                        Map.Entry::getKey, e -> new Quantity(e.getValue()))))
        .endResources();
    return builder.build();
  }

  private static PodSpec pod(List<Container> init, List<Container> regular) {
    return new PodSpecBuilder().withInitContainers(init).withContainers(regular).build();
  }

  @ParameterizedTest
  @ValueSource(strings = {"0", "0m", "0e0", "0.0"})
  void zero_howeverSpelt_requestsNoGpu(String amount) {
    PodSpec spec = pod(List.of(), List.of(container("c", null, Map.of("nvidia.com/gpu", amount))));
    assertThat(GpuResources.requestsGpus(spec)).isFalse();
    assertThat(GpuResources.gpusPerPod(spec)).isZero();
  }

  @ParameterizedTest
  @ValueSource(strings = {"1", "1e0", "1000m", "1.0"})
  void one_howeverSpelt_isOneGpu(String amount) {
    PodSpec spec = pod(List.of(), List.of(container("c", null, Map.of("nvidia.com/gpu", amount))));
    assertThat(GpuResources.requestsGpus(spec)).isTrue();
    assertThat(GpuResources.gpusPerPod(spec)).isEqualTo(1);
  }

  @Test
  void gpuMemoryShares_requestNoGpu() {
    PodSpec spec =
        pod(
            List.of(),
            List.of(
                container(
                    "c", null, Map.of("nvidia.com/gpumem", "3000", "nvidia.com/gpucores", "30"))));
    assertThat(GpuResources.requestsGpus(spec)).isFalse();
  }

  @Test
  void podDemand_sumsSidecarsAndTakesTheMaxOfClassicInitContainers() {
    PodSpec spec =
        pod(
            List.of(
                container("sidecar", "Always", Map.of("nvidia.com/gpu", "1")),
                container("warmup", null, Map.of("nvidia.com/gpu", "4"))),
            List.of(
                container("a", null, Map.of("nvidia.com/gpu", "1")),
                container("b", null, Map.of("nvidia.com/gpu", "1"))));
    // regular 2 + sidecar 1 = 3; while "warmup" runs: sidecar 1 + 4 = 5
    assertThat(GpuResources.gpusPerPod(spec)).isEqualTo(5);
    PodSpec small =
        pod(
            List.of(
                container("sidecar", "Always", Map.of("nvidia.com/gpu", "1")),
                container("warmup", null, Map.of("nvidia.com/gpu", "1"))),
            List.of(container("a", null, Map.of("nvidia.com/gpu", "2"))));
    assertThat(GpuResources.gpusPerPod(small)).isEqualTo(3);
  }

  @Test
  void vendors_areThoseRequested() {
    PodSpec spec =
        pod(
            List.of(),
            List.of(container("c", null, Map.of("amd.com/gpu", "1", "nvidia.com/gpu", "0"))));
    assertThat(GpuResources.vendors(spec)).containsExactly(Vendor.AMD);
  }
}
