package io.gpuspec.scheduling.facts;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.gpuspec.core.TestGpuspec;
import io.gpuspec.core.check.CheckOptions;
import io.gpuspec.core.report.Report;
import io.gpuspec.core.report.Severity;
import io.gpuspec.core.report.Violation;
import io.gpuspec.core.spi.InputFileException;
import java.math.BigDecimal;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class KueueConfigurationTest {

  private static final Path DIR = Path.of("src/test/resources/kueue-config");
  private static final Path HAMI = DIR.resolve("sample-hami.yaml");
  private static final Path HAMI_CONFIG = DIR.resolve("hami-configuration.yaml");

  private static Map<String, BigDecimal> amounts(Object... pairs) {
    java.util.Map<String, BigDecimal> map = new java.util.TreeMap<>();
    for (int i = 0; i < pairs.length; i += 2) {
      map.put((String) pairs[i], new BigDecimal(pairs[i + 1].toString()));
    }
    return map;
  }

  @Test
  void effective_hamiTransformations_multiplyPerVgpuAmountsByTheVgpus_andReplaceTheInputs() {
    KueueConfiguration config = KueueConfiguration.read(HAMI_CONFIG);

    Map<String, BigDecimal> counted =
        config.effective(
            amounts("nvidia.com/gpu", 2, "nvidia.com/gpucores", 30, "nvidia.com/gpumem", 1024));

    assertThat(counted)
        .isEqualTo(
            amounts(
                "nvidia.com/gpu", 2,
                "nvidia.com/total-gpucores", 60,
                "nvidia.com/total-gpumem", 2048));
  }

  @Test
  void effective_retainKeepsTheInput_outputsAddUp_excludedPrefixesDropped() {
    KueueConfiguration config =
        new KueueConfiguration(
            List.of("example.com/"),
            Map.of(
                "a.com/x",
                new KueueConfiguration.Transformation(
                    "a.com/x",
                    false,
                    java.util.Optional.empty(),
                    Map.of("a.com/total", BigDecimal.ONE)),
                "a.com/y",
                new KueueConfiguration.Transformation(
                    "a.com/y",
                    true,
                    java.util.Optional.empty(),
                    Map.of("a.com/total", new BigDecimal("2")))),
            false);

    assertThat(
            config.effective(amounts("a.com/x", 3, "a.com/y", 4, "example.com/fpga", 1, "cpu", 2)))
        .isEqualTo(amounts("a.com/x", 3, "a.com/total", 11, "cpu", 2));
  }

  @Test
  void read_badFile_namesTheFileAndTheField() {
    Path bad = DIR.resolve("bad-output-quantity.yaml");

    assertThatThrownBy(() -> KueueConfiguration.read(bad))
        .isInstanceOf(InputFileException.class)
        .hasMessageStartingWith(
            bad + " resources.transformations[0].outputs[nvidia.com/total-gpucores]: ")
        .hasMessageContaining("is not a quantity");
    assertThatThrownBy(() -> KueueConfiguration.read(HAMI))
        .isInstanceOf(InputFileException.class)
        .hasMessageStartingWith(HAMI + ": holds more than one YAML document");
    assertThatThrownBy(() -> KueueConfiguration.read(DIR.resolve("missing.yaml")))
        .isInstanceOf(InputFileException.class)
        .hasMessageContaining("cannot be read");
  }

  @Test
  void upstreamHamiExample_withoutTheConfiguration_aWarningNotAnError() {
    Report report = TestGpuspec.GPUSPEC.lint(List.of(HAMI), CheckOptions.defaults());

    assertThat(report.errors()).as(report.summary()).isEmpty();
    assertThat(report.byRule("SCH015"))
        .singleElement()
        .satisfies(
            v -> {
              assertThat(v.severity()).isEqualTo(Severity.WARNING);
              assertThat(v.message()).contains("nvidia.com/gpucores", "nvidia.com/total-gpucores");
              assertThat(v.fix()).contains("--kueue-config");
            });
  }

  @Test
  void upstreamHamiExample_withTheConfiguration_quiet() {
    Report report =
        TestGpuspec.GPUSPEC.lint(
            List.of(HAMI),
            CheckOptions.builder().putInput(KueueConfiguration.INPUT, HAMI_CONFIG).build());

    assertThat(report.errors()).as(report.summary()).isEmpty();
    assertThat(report.violations()).extracting(Violation::ruleId).doesNotContain("SCH015");
  }

  @Test
  void check_withABadConfigurationFile_stopsWithTheFileAndField() {
    Path bad = DIR.resolve("bad-output-quantity.yaml");
    CheckOptions options = CheckOptions.builder().putInput(KueueConfiguration.INPUT, bad).build();

    assertThatThrownBy(() -> TestGpuspec.GPUSPEC.lint(List.of(HAMI), options))
        .isInstanceOf(InputFileException.class)
        .hasMessageContaining("resources.transformations[0].outputs");
  }
}
