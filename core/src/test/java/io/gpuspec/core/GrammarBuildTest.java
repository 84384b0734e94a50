package io.gpuspec.core;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatCode;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.gpuspec.core.k8s.GrammarTables;
import io.gpuspec.core.k8s.GrammarTables.MigRow;
import io.gpuspec.core.k8s.GrammarTables.QuantityRow;
import io.gpuspec.core.k8s.MigNames;
import java.math.BigDecimal;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;
import org.junit.jupiter.params.provider.ValueSource;

/** The grammar tables through the DSL: the catalogue's profiles and what {@code build()} takes. */
class GrammarBuildTest {

  /** The largest amount a quantity may stand for, 2^63-1 (cores for cpu are millicores). */
  private static final BigDecimal MAX = BigDecimal.valueOf(Long.MAX_VALUE);

  private static final String IMAGE = "nvcr.io/nvidia/pytorch:24.08-py3";

  /** A MIG GPU that offers every profile of the table, so only the grammar decides. */
  private static final GpuModel EVERY_PROFILE =
      migGpu()
          .addAllMigProfiles(
              GrammarTables.MIG_PROFILES.stream()
                  .flatMap(row -> row.canonical().stream())
                  .distinct()
                  .toList())
          .build();

  private static final NodePool MIG_POOL =
      NodePool.named("mig").model(EVERY_PROFILE).gpusPerNode(8).nodeCount(1).build();

  private static GpuModel.Builder migGpu() {
    return GpuModel.builder()
        .name("every-profile")
        .family("Lab")
        .memoryGiB(192)
        .architecture(Architecture.BLACKWELL)
        .computeCapability("10.0")
        .migCapable(true)
        .addProductLabels("NVIDIA-Lab-192GB");
  }

  static Stream<MigRow> migProfiles() {
    return GrammarTables.MIG_PROFILES.stream();
  }

  static Stream<QuantityRow> quantities() {
    return GrammarTables.QUANTITIES.stream();
  }

  private static TrainingJob.Builder job() {
    return TrainingJob.named("resnet").namespace("ml").image(IMAGE).gpus(0);
  }

  @ParameterizedTest
  @MethodSource("migProfiles")
  void catalogueProfile_takesCanonicalNamesOnly(MigRow row) {
    boolean canonical = row.canonical().filter(row.text()::equals).isPresent();
    Runnable build = () -> migGpu().addMigProfiles(row.text()).build();
    if (canonical) {
      assertThatCode(build::run).doesNotThrowAnyException();
    } else {
      assertThatThrownBy(build::run).isInstanceOf(InvalidSpecException.class);
    }
  }

  /**
   * A resource in either spelling is a MIG device to {@code build()} as it is to the rules; a
   * {@code +} is refused, as the API server refuses it in a resource name (K8S010).
   */
  @ParameterizedTest
  @MethodSource("migProfiles")
  void migResource_isAcceptedByBuild_inTheDevicePluginsSpelling(MigRow row) {
    String resource = MigNames.RESOURCE_PREFIX + row.text();
    Runnable build = () -> job().onPool(MIG_POOL).gpus(1).gpuResource(resource).build();
    if (row.canonical().isPresent() && !row.text().contains("+")) {
      assertThatCode(build::run).as(resource).doesNotThrowAnyException();
    } else {
      assertThatThrownBy(build::run).as(resource).isInstanceOf(InvalidSpecException.class);
    }
  }

  @ParameterizedTest
  @ValueSource(strings = {"nvidia.com/mig-1g.10gb", "nvidia.com/mig-1g.10gb.me"})
  void advertisedMediaExtensionProfile_onAnA100Pool_isAccepted(String resource) {
    TrainingJob built = job().onPool(Fixtures.A100_TRAIN).gpus(1).gpuResource(resource).build();
    assertThat(built.gpuResource()).isEqualTo(resource);
  }

  @Test
  void graphicsProfile_onAnA100Pool_isRefused_sinceTheA100OffersNone() {
    assertThatThrownBy(
            () ->
                job()
                    .onPool(Fixtures.A100_TRAIN)
                    .gpus(1)
                    .gpuResource("nvidia.com/mig-1g.10gb.gfx")
                    .build())
        .isInstanceOf(InvalidSpecException.class)
        .hasMessageContaining("requests nvidia.com/mig-1g.10gb.gfx but is pinned to")
        .hasMessageContaining("A100-80GB offers");
  }

  @ParameterizedTest
  @MethodSource("quantities")
  void cpu_isAcceptedByBuild_fromOneMillicoreTo2To63Millicores(QuantityRow row) {
    boolean fits =
        row.amount()
            .filter(a -> a.compareTo(new BigDecimal("0.001")) >= 0)
            .filter(a -> a.compareTo(MAX.movePointLeft(3)) <= 0)
            .isPresent();
    Runnable build = () -> job().cpu(row.text()).build();
    if (fits) {
      assertThatCode(build::run).as(row.toString()).doesNotThrowAnyException();
    } else {
      assertThatThrownBy(build::run).as(row.toString()).isInstanceOf(InvalidSpecException.class);
    }
  }

  @ParameterizedTest
  @MethodSource("quantities")
  void memory_isAcceptedByBuild_fromOneByteTo2To63(QuantityRow row) {
    boolean fits =
        row.amount()
            .filter(a -> a.compareTo(BigDecimal.ONE) >= 0)
            .filter(a -> a.compareTo(MAX) <= 0)
            .isPresent();
    Runnable build = () -> job().memory(row.text()).build();
    if (fits) {
      assertThatCode(build::run).as(row.toString()).doesNotThrowAnyException();
    } else {
      assertThatThrownBy(build::run).as(row.toString()).isInstanceOf(InvalidSpecException.class);
    }
  }
}
