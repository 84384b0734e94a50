package io.gpuspec.core.k8s;

import static org.assertj.core.api.Assertions.assertThat;

import io.fabric8.kubernetes.api.model.ContainerBuilder;
import io.fabric8.kubernetes.api.model.PodSpec;
import io.fabric8.kubernetes.api.model.PodSpecBuilder;
import io.fabric8.kubernetes.api.model.Quantity;
import java.math.BigDecimal;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** A check's memo: derived once per spec or text inside it, nothing kept outside it. */
class CheckMemoTest {

  private static PodSpec spec(String gpus) {
    return new PodSpecBuilder()
        .addToContainers(
            new ContainerBuilder()
                .withName("c")
                .withNewResources()
                .addToLimits("nvidia.com/gpu", new Quantity(gpus))
                .addToLimits("cpu", new Quantity("500m"))
                .endResources()
                .build())
        .build();
  }

  private static void setGpus(PodSpec spec, String gpus) {
    spec.getContainers()
        .get(0)
        .getResources()
        .getLimits()
        .put("nvidia.com/gpu", new Quantity(gpus));
  }

  @Test
  void outsideACheck_eachCallSeesTheSpecAsItIsNow() {
    PodSpec spec = spec("2");
    assertThat(GpuResources.gpuRequests(spec)).containsEntry("nvidia.com/gpu", new BigDecimal(2));
    setGpus(spec, "4");
    assertThat(GpuResources.gpuRequests(spec)).containsEntry("nvidia.com/gpu", new BigDecimal(4));
    assertThat(PodRequests.of(spec)).containsEntry("nvidia.com/gpu", new BigDecimal(4));
  }

  @Test
  void insideACheck_eachSpecIsDerivedOnce_andEachCallerGetsItsOwnCopy() {
    PodSpec spec = spec("2");
    try (CheckMemo memo = CheckMemo.open()) {
      Map<String, BigDecimal> first = PodRequests.of(spec);
      assertThat(first).containsEntry("nvidia.com/gpu", new BigDecimal(2)).hasSize(2);
      first.clear(); // a caller's change stays its own
      setGpus(spec, "4"); // not done while rules run; shows the value is kept
      assertThat(PodRequests.of(spec)).containsEntry("nvidia.com/gpu", new BigDecimal(2));
      assertThat(GpuResources.gpuRequests(spec))
          .containsExactly(Map.entry("nvidia.com/gpu", new BigDecimal(2)));
      assertThat(PodRequests.of(spec(("3")))).containsEntry("nvidia.com/gpu", new BigDecimal(3));
    }
    assertThat(PodRequests.of(spec)).containsEntry("nvidia.com/gpu", new BigDecimal(4));
  }

  @Test
  void aCheckInsideACheck_hasItsOwnMemo_andTheOuterOneComesBack() {
    PodSpec spec = spec("1");
    try (CheckMemo outer = CheckMemo.open()) {
      assertThat(GpuResources.gpusPerPod(spec)).isEqualTo(1);
      setGpus(spec, "2");
      try (CheckMemo inner = CheckMemo.open()) {
        assertThat(GpuResources.gpusPerPod(spec)).isEqualTo(2);
      }
      assertThat(GpuResources.gpusPerPod(spec)).isEqualTo(1);
    }
    assertThat(GpuResources.gpusPerPod(spec)).isEqualTo(2);
  }

  @Test
  void nullFreeSpecs_areMadeOncePerCheck() {
    PodSpec spec = new PodSpec();
    spec.setTolerations(null); // a missing list: each call outside a check copies the spec
    assertThat(NullFree.podSpec(spec)).isNotSameAs(NullFree.podSpec(spec));
    try (CheckMemo memo = CheckMemo.open()) {
      PodSpec filled = NullFree.podSpec(spec);
      assertThat(filled).isNotSameAs(spec).isSameAs(NullFree.podSpec(spec));
      assertThat(filled.getContainers()).isEmpty();
    }
  }

  @Test
  void texts_areKeyedByValue_objectsByIdentity() {
    int[] derived = new int[1];
    try (CheckMemo memo = CheckMemo.open()) {
      for (String text : new String[] {"a: 1", new StringBuilder("a: ").append(1).toString()}) {
        assertThat(CheckMemo.<Integer>ofText("t", text, t -> ++derived[0])).isEqualTo(1);
      }
      PodSpec one = spec("1");
      PodSpec same = spec("1");
      assertThat(CheckMemo.<PodSpec, Integer>ofObject("o", one, s -> ++derived[0])).isEqualTo(2);
      assertThat(CheckMemo.<PodSpec, Integer>ofObject("o", same, s -> ++derived[0])).isEqualTo(3);
      assertThat(CheckMemo.<PodSpec, Integer>ofObject("o", one, s -> ++derived[0])).isEqualTo(2);
    }
    assertThat(CheckMemo.<Integer>ofText("t", "a: 1", t -> ++derived[0])).isEqualTo(4);
  }
}
