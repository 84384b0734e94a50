package io.gpuspec.cel;

import static org.assertj.core.api.Assertions.assertThat;

import io.gpuspec.core.check.CheckOptions;
import io.gpuspec.core.check.Gpuspec;
import io.gpuspec.core.report.Report;
import io.gpuspec.core.report.Violation;
import java.net.URISyntaxException;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;

class AdmissionPolicyTest {

  private static final Gpuspec GPUSPEC = Gpuspec.load();

  private static Report lint(String resource) throws URISyntaxException {
    Path file = Path.of(AdmissionPolicyTest.class.getResource(resource).toURI());
    return GPUSPEC.lint(List.of(file), CheckOptions.defaults());
  }

  @Test
  void gpuDeploymentWithoutTeamLabel_isDenied_labelledOneIsNot() throws Exception {
    Report report = lint("/vap/gpu-team-label.yaml");
    List<Violation> denials = report.byRule("VAP002");
    assertThat(denials).hasSize(1);
    assertThat(denials.get(0).toString()).contains("unlabelled");
    assertThat(denials.get(0).message())
        .contains("gpu-deployments-need-team")
        .contains("GPU Deployment unlabelled needs a team label");
    assertThat(report.byRule("VAP001")).isEmpty();
    assertThat(report.byRule("VAP003")).isEmpty();
  }

  @Test
  void policyThatDoesNotCompile_andBindingToMissingPolicy_areErrors() throws Exception {
    Report report = lint("/vap/broken.yaml");
    List<Violation> errors = report.byRule("VAP001");
    assertThat(errors)
        .extracting(Violation::path)
        .containsExactlyInAnyOrder("spec.validations[0].expression", "spec.policyName");
    assertThat(errors).anySatisfy(v -> assertThat(v.message()).contains("no-such-policy"));
  }

  @Test
  void warnBinding_givesAWarning_andUnknownNamespaceLabels_areStatedNotGuessed() throws Exception {
    Report report = lint("/vap/offline-limits.yaml");
    List<Violation> warned = report.byRule("VAP002");
    assertThat(warned).hasSize(1);
    assertThat(warned.get(0).severity()).isEqualTo(io.gpuspec.core.report.Severity.WARNING);
    assertThat(warned.get(0).toString()).contains("in-ml");
    assertThat(warned.get(0).message()).contains("images must come from registry.example.com");
    List<Violation> unknown = report.byRule("VAP003");
    assertThat(unknown).hasSize(1);
    assertThat(unknown.get(0).toString()).contains("in-web");
    assertThat(unknown.get(0).message()).contains("namespace \"web\"");
  }
}
