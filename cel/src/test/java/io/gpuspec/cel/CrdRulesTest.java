package io.gpuspec.cel;

import static org.assertj.core.api.Assertions.assertThat;

import io.gpuspec.core.check.CheckOptions;
import io.gpuspec.core.check.Gpuspec;
import io.gpuspec.core.report.Report;
import io.gpuspec.core.report.Violation;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;

class CrdRulesTest {

  private static final Gpuspec GPUSPEC = Gpuspec.load();

  private static Path resource(String name) throws Exception {
    return Path.of(CrdRulesTest.class.getResource(name).toURI());
  }

  @Test
  void issueExamples_areRejectedWithTheCrdMessages_andTheMovedFieldGetsItsMove() throws Exception {
    Report report =
        GPUSPEC.lint(List.of(resource("/crd/issue-examples.yaml")), CheckOptions.defaults());
    assertThat(report.byRule("CRD002"))
        .extracting(Violation::path, Violation::message)
        .containsExactlyInAnyOrder(
            org.assertj.core.groups.Tuple.tuple(
                "spec.preemption",
                "Invalid value: \"object\": reclaimWithinCohort=Never and borrowWithinCohort.Policy!=Never"),
            org.assertj.core.groups.Tuple.tuple(
                "spec",
                "Invalid value: \"object\": no such key: nodeLabels evaluating rule: at least one"
                    + " nodeLabel is required when topology is set"));
    List<Violation> schema = report.byRule("CRD001");
    assertThat(schema).hasSize(1);
    assertThat(schema.get(0).path()).isEqualTo("spec.cleanPodPolicy");
    assertThat(schema.get(0).fix()).contains("move it to spec.runPolicy.cleanPodPolicy");
  }

  @Test
  void userCrd_validatesItsResources_bySchemaDefaultsAndCel() throws Exception {
    CheckOptions options =
        CheckOptions.builder().addCrdFiles(resource("/crd/widgets-crd.yaml")).build();
    Report report = GPUSPEC.lint(List.of(resource("/crd/widgets.yaml")), options);
    assertThat(report.byRule("CRD001")).extracting(Violation::path).containsExactly("spec.colour");
    assertThat(report.byRule("CRD002"))
        .extracting(Violation::path, Violation::message)
        .containsExactlyInAnyOrder(
            org.assertj.core.groups.Tuple.tuple(
                "spec.memory", "Invalid value: \"string\": memory must be a quantity above 1Gi"),
            org.assertj.core.groups.Tuple.tuple(
                "spec.gpus", "Invalid value: \"object\": a shared widget has at most one GPU"));
    assertThat(report.violations()).noneMatch(v -> v.toString().contains(" ok"));
    assertThat(report.byRule("YAML004")).as("a kind whose CRD is given is known").isEmpty();
  }

  @Test
  void kindWithoutCrd_staysNotKnown_kindOfABundledCrdIsKnown() throws Exception {
    Report report = GPUSPEC.lint(List.of(resource("/crd/widgets.yaml")), CheckOptions.defaults());
    assertThat(report.byRule("YAML004")).isNotEmpty();
    assertThat(report.byRule("CRD001")).isEmpty();
    Report hyperNode =
        GPUSPEC.lint(List.of(resource("/crd/hypernode.yaml")), CheckOptions.defaults());
    assertThat(hyperNode.violations()).isEmpty();
  }

  @Test
  void crdInTheCheckedSet_isUsedToo() throws Exception {
    Report report =
        GPUSPEC.lint(
            List.of(resource("/crd/widgets-crd.yaml"), resource("/crd/widgets.yaml")),
            CheckOptions.defaults());
    assertThat(report.byRule("CRD002")).hasSize(2);
    assertThat(report.byRule("CRD001")).hasSize(1);
  }

  @Test
  void missingCrdFile_isAnError() throws Exception {
    CheckOptions options = CheckOptions.builder().addCrdFiles(Path.of("no-such-dir")).build();
    Report report = GPUSPEC.lint(List.of(resource("/crd/widgets.yaml")), options);
    assertThat(report.errors()).anySatisfy(v -> assertThat(v.message()).contains("no-such-dir"));
  }
}
