package io.gpuspec.sharing.internal.rules;

import static org.assertj.core.api.Assertions.assertThat;

import io.gpuspec.core.TestGpuspec;
import io.gpuspec.core.check.CheckOptions;
import io.gpuspec.core.check.RuleFiles;
import io.gpuspec.core.report.Severity;
import io.gpuspec.core.report.Violation;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The wording of the GPU Operator rules' findings (SHR020 to SHR023), on a ClusterPolicy and on
 * helm values read as one: what is named, what the operator or the device plugin then does, and the
 * fix.
 */
class GpuOperatorRuleMessagesTest {

  private static List<Violation> findings(String file, String ruleId) {
    return RuleFiles.findings(
            TestGpuspec.GPUSPEC, RuleFiles.RULES.resolve(file), CheckOptions.defaults())
        .stream()
        .filter(v -> v.ruleId().equals(ruleId))
        .toList();
  }

  @Test
  void shr020_aValueOutsideTheEnum_listsTheAllowedOnes() {
    Violation v =
        findings("SHR020/missing-required-field-and-values-outside-the-enums.yaml", "SHR020")
            .stream()
            .filter(f -> f.path().equals("spec.mig.strategy"))
            .findFirst()
            .orElseThrow();

    assertThat(v.message())
        .isEqualTo(
            "\"Mixed\" is not one of \"mixed\", \"none\", \"single\"; the API server rejects it");
    assertThat(v.fix()).isEqualTo("write one of \"mixed\", \"none\", \"single\"");
  }

  @Test
  void shr021_aMissingConfigMap_isAWarningNamingTheOneTheSetHolds() {
    Violation v = findings("SHR021/names-a-configmap-not-in-the-set.yaml", "SHR021").get(0);

    assertThat(v.severity()).isEqualTo(Severity.WARNING);
    assertThat(v.object().kind()).isEqualTo("ClusterPolicy");
    assertThat(v.message())
        .isEqualTo(
            "names ConfigMap \"time-slicing-config\", which is not in the set; the device"
                + " plugin's pods cannot start without it (the set holds such configs in ConfigMap"
                + " \"device-plugin-configs\")");
  }

  @Test
  void shr021_aDefaultThatIsNoKey_namesTheKeysThereAre() {
    Violation v = findings("SHR021/default-not-a-key-of-the-configmap.yaml", "SHR021").get(0);

    assertThat(v.message())
        .isEqualTo(
            "config \"any\" is not a data key of ConfigMap \"time-slicing-config\" (it has"
                + " \"tesla-t4\"); the device plugin fails on nodes without the"
                + " nvidia.com/device-plugin.config label");
    assertThat(v.fix()).isEqualTo("name one of its data keys, or add config \"any\" to it");
  }

  @Test
  void shr022_theDefaultLayout_isTheCrdDefaultWhenNotWritten() {
    Violation v = findings("SHR022/default-layout-missing-from-the-config.yaml", "SHR022").get(0);

    assertThat(v.message())
        .startsWith("layout \"all-disabled\" is not in mig-configs of ConfigMap")
        .contains("nvidia.com/mig.config=all-disabled");
  }

  @Test
  void shr023_helmValues_areReportedOnTheFileWithTheValuesPaths() {
    List<Violation> found =
        findings("SHR023/helm-values-strategy-overriding-a-config.yaml", "SHR023");

    assertThat(found)
        .extracting(Violation::message)
        .contains(
            "mixed overrides flags.migStrategy none of config \"tesla-t4\"",
            "mixed applies to config \"l4-mps\", which shares with MPS; the device plugin"
                + " refuses to start with both",
            "nvidia.com/mig-3g.40gb is never advertised: the GPU Operator's mig.strategy none"
                + " advertises no MIG devices");
    Violation onValues = found.get(0);
    assertThat(onValues.object().kind()).isEqualTo("ClusterPolicy");
    assertThat(onValues.object().name()).isEqualTo("helm-values-strategy-overriding-a-config-yaml");
    assertThat(onValues.path()).isEqualTo("mig.strategy");
  }
}
