package io.gpuspec.cel;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.gpuspec.core.check.Gpuspec;
import io.gpuspec.core.report.Report;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;

class AdmissionPolicyExportTest {

  @Test
  void render_isAPolicyAndBindingPerExportedRule_thatGpuspecAccepts() throws Exception {
    String yaml = AdmissionPolicyExport.render();
    Gpuspec gpuspec = Gpuspec.load();
    var read = gpuspec.read(yaml, "admission-policies.yaml");
    assertThat(read.problems()).isEmpty();
    assertThat(read.manifests().size()).isEqualTo(2 * AdmissionPolicyExport.exportedRules().size());
    Report report = gpuspec.engine().check(read.manifests());
    assertThat(report.violations()).isEmpty();
    Path out = Path.of("target", "admission-policies.yaml");
    Files.createDirectories(out.getParent());
    Files.writeString(out, yaml);
  }

  @Test
  void notExported_namesTheGpuRulesWithAReason() {
    assertThat(AdmissionPolicyExport.notExported())
        .containsKeys("GPU002", "GPU003", "GPU004", "K8S006");
    assertThatThrownBy(() -> AdmissionPolicyExport.policyOf("GPU002"))
        .hasMessageContaining("not exported");
  }
}
