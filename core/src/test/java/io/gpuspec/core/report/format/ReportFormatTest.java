package io.gpuspec.core.report.format;

import static org.assertj.core.api.Assertions.assertThat;

import io.gpuspec.core.TestGpuspec;
import io.gpuspec.core.report.ObjectRef;
import io.gpuspec.core.report.Report;
import io.gpuspec.core.report.Severity;
import io.gpuspec.core.report.SourceLocation;
import io.gpuspec.core.report.Violation;
import io.gpuspec.core.spi.Rule;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

class ReportFormatTest {

  private static final Violation FROM_FILE =
      new Violation(
          "GPU001",
          Severity.ERROR,
          new ObjectRef("apps/v1", "Deployment", "ml", "llm"),
          "spec.template.spec.containers[0].resources.limits[nvidia.com/gpu]",
          "requests nvidia.com/gpu=2 but limits=1",
          "set both to the same count",
          Optional.of(new SourceLocation(Path.of("k8s/llm.yaml"), 0, 21, 9)));
  private static final Violation FROM_CODE =
      new Violation(
          "SEC001",
          Severity.WARNING,
          new ObjectRef("batch/v1", "Job", "ml", "train"),
          "spec.template.spec.securityContext",
          "runs as root",
          "set runAsNonRoot: true",
          Optional.empty());
  private static final Violation READER =
      new Violation(
          "YAML004",
          Severity.WARNING,
          new ObjectRef("example.com/v1", "Widget", "", "w"),
          "<root>",
          "kind example.com/v1 Widget is not known; it is not checked",
          "check the apiVersion and kind",
          Optional.of(new SourceLocation(Path.of("k8s/widget.yaml"), 1, 3)));
  private static final Report REPORT = new Report(List.of(FROM_FILE, FROM_CODE, READER), 3, 2);

  private static List<io.gpuspec.core.spi.RuleInfo> rules() {
    return TestGpuspec.GPUSPEC.rules().stream().map(Rule::info).toList();
  }

  @Test
  void text_printsPositionSeverityRuleObjectPathMessageAndFix() {
    assertThat(ReportFormat.TEXT.render(REPORT, rules()).split("\n"))
        .containsExactly(
            "k8s/llm.yaml:21:9: ERROR GPU001 Deployment/ml/llm"
                + " spec.template.spec.containers[0].resources.limits[nvidia.com/gpu]: requests"
                + " nvidia.com/gpu=2 but limits=1; set both to the same count",
            "Job/ml/train: WARNING SEC001 Job/ml/train spec.template.spec.securityContext: runs as"
                + " root; set runAsNonRoot: true",
            "k8s/widget.yaml:3:1: WARNING YAML004 Widget/w <root>: kind example.com/v1 Widget is"
                + " not known; it is not checked; check the apiVersion and kind",
            "gpuspec: 3 objects, 2 rules: 1 error, 2 warnings");
  }

  @Test
  void json_carriesEveryFieldAndTheSummary() {
    JsonNode json =
        JsonMapper.builder().build().readTree(ReportFormat.JSON.render(REPORT, rules()));
    assertThat(json.at("/summary/errors").asInt()).isEqualTo(1);
    assertThat(json.at("/summary/warnings").asInt()).isEqualTo(2);
    assertThat(json.at("/violations/0/rule").asString()).isEqualTo("GPU001");
    assertThat(json.at("/violations/0/line").asInt()).isEqualTo(21);
    assertThat(json.at("/violations/0/column").asInt()).isEqualTo(9);
    assertThat(json.at("/violations/0/namespace").asString()).isEqualTo("ml");
    assertThat(json.at("/violations/1/file").isMissingNode()).isTrue();
  }

  @Test
  void sarif_listsRuleMetadataAndResultsWithRegions() throws IOException {
    String sarif = ReportFormat.SARIF.render(REPORT, rules());
    JsonNode json = JsonMapper.builder().build().readTree(sarif);
    assertThat(json.at("/version").asString()).isEqualTo("2.1.0");
    JsonNode driver = json.at("/runs/0/tool/driver");
    assertThat(driver.at("/name").asString()).isEqualTo("gpuspec");
    JsonNode results = json.at("/runs/0/results");
    assertThat(results.size()).isEqualTo(3);
    int gpu001 = results.get(0).at("/ruleIndex").asInt();
    assertThat(driver.at("/rules/" + gpu001 + "/id").asString()).isEqualTo("GPU001");
    assertThat(results.get(0).at("/locations/0/physicalLocation/region/startLine").asInt())
        .isEqualTo(21);
    int reader = results.get(2).at("/ruleIndex").asInt();
    assertThat(driver.at("/rules/" + reader + "/defaultConfiguration/level").asString())
        .isEqualTo("warning");
    // CI validates this file against the SARIF 2.1.0 schema (src/test/resources/sarif).
    Files.createDirectories(Path.of("target"));
    Files.writeString(Path.of("target/report-format-sample.sarif"), sarif);
  }

  @Test
  void named_acceptsAnyCase() {
    assertThat(ReportFormat.named("Sarif")).contains(ReportFormat.SARIF);
    assertThat(ReportFormat.named("xml")).isEmpty();
  }
}
