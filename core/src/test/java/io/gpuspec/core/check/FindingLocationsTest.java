package io.gpuspec.core.check;

import static org.assertj.core.api.Assertions.assertThat;

import io.gpuspec.core.TestGpuspec;
import io.gpuspec.core.manifest.ManifestSet;
import io.gpuspec.core.report.Report;
import io.gpuspec.core.report.Severity;
import io.gpuspec.core.report.Violation;
import io.gpuspec.core.spi.BaseRule;
import io.gpuspec.core.spi.CheckContext;
import io.gpuspec.core.spi.RuleInfo;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;

/**
 * Rule findings on objects read from files point at the offending field: line and column of its key
 * in a mapping, of the item in a list, or of the nearest ancestor that was written.
 */
class FindingLocationsTest {

  /** Reports each of its paths on every object. */
  static final class ReportsAt extends BaseRule {
    private final List<String> paths;

    ReportsAt(String... paths) {
      super(
          RuleInfo.builder()
              .id("LOC001")
              .severity(Severity.WARNING)
              .title("reports at given paths")
              .why("a test rule")
              .fix("none needed")
              .documentation("https://kubernetes.io/docs/reference/using-api/api-concepts/")
              .build());
      this.paths = List.of(paths);
    }

    @Override
    public void check(ManifestSet manifests, CheckContext context) {
      manifests.forEach(o -> paths.forEach(p -> context.report(o, p, "here", "none")));
    }
  }

  /** {@code object path -> line:column} of each finding. */
  private static Map<String, String> positions(String yaml, String... paths) {
    Report report =
        TestGpuspec.engine(new ReportsAt(paths))
            .lint(TestGpuspec.read(yaml, "case.yaml"), CheckOptions.defaults());
    assertThat(report.violations()).allMatch(v -> v.ruleId().equals("LOC001"));
    return report.violations().stream()
        .collect(
            Collectors.toMap(
                v -> v.object().name() + " " + v.path(), FindingLocationsTest::position));
  }

  private static String position(Violation v) {
    return v.source().map(s -> s.document() + "@" + s.line() + ":" + s.column()).orElse("none");
  }

  private static final String DEPLOYMENT =
      """
      apiVersion: apps/v1
      kind: Deployment
      metadata:
        name: llm
        labels: {app: llm, "quoted/key": x}
      spec:
        selector:
          matchLabels: {app: llm}
        template:
          metadata:
            labels: {app: llm}
          spec:
            containers:
            - name: server
              image: vllm/vllm-openai:v0.6.3
              resources: &res
                limits:
                  nvidia.com/gpu: 1
                "requests": {nvidia.com/gpu: 1}
            -   name: sidecar
                image: busybox:1.36
                resources: *res
            - {name: flow, image: "busybox:1.36"}
      """;

  @Test
  void fieldsInBlockAndFlowStyle_pointAtTheirKeys() {
    assertThat(
            positions(
                DEPLOYMENT,
                "metadata.name",
                "metadata.labels[quoted/key]",
                "spec.template.spec.containers[0].resources.limits[nvidia.com/gpu]",
                "spec.template.spec.containers[0].resources.requests[nvidia.com/gpu]",
                "spec.template.spec.containers[2].image"))
        .containsExactlyInAnyOrderEntriesOf(
            Map.of(
                "llm metadata.name", "0@4:3",
                "llm metadata.labels[quoted/key]", "0@5:22",
                "llm spec.template.spec.containers[0].resources.limits[nvidia.com/gpu]", "0@18:13",
                "llm spec.template.spec.containers[0].resources.requests[nvidia.com/gpu]",
                    "0@19:24",
                "llm spec.template.spec.containers[2].image", "0@23:22"));
  }

  @Test
  void listItems_pointAtTheItem_andAnAliasAtWhereItIsUsed() {
    assertThat(
            positions(
                DEPLOYMENT,
                "spec.template.spec.containers[1]",
                "spec.template.spec.containers[1].resources",
                "spec.template.spec.containers[1].resources.limits[nvidia.com/gpu]"))
        .containsExactlyInAnyOrderEntriesOf(
            Map.of(
                "llm spec.template.spec.containers[1]", "0@20:11",
                "llm spec.template.spec.containers[1].resources", "0@22:11",
                // inside the alias: where the anchored value wrote it
                "llm spec.template.spec.containers[1].resources.limits[nvidia.com/gpu]",
                    "0@18:13"));
  }

  @Test
  void missingFields_pointAtTheNearestAncestorWritten_andRootAtTheObject() {
    assertThat(
            positions(
                DEPLOYMENT,
                "spec.template.spec.containers[0].resources.limits[example.com/fpga]",
                "spec.template.spec.containers[7].image",
                "spec.template.spec.tolerations",
                "status.conditions[0]",
                "<root>"))
        .containsExactlyInAnyOrderEntriesOf(
            Map.of(
                "llm spec.template.spec.containers[0].resources.limits[example.com/fpga]",
                    "0@17:11",
                "llm spec.template.spec.containers[7].image", "0@13:7",
                "llm spec.template.spec.tolerations", "0@12:5",
                "llm status.conditions[0]", "0@1:1",
                "llm <root>", "0@1:1"));
  }

  @Test
  void mergeKeys_pointAtTheMergedEntry_explicitKeysAtThemselves() {
    String yaml =
        """
        apiVersion: v1
        kind: List
        items:
        - apiVersion: v1
          kind: ConfigMap
          metadata:
            name: base
            labels: &common
              team: ml
              tier: gold
        - apiVersion: v1
          kind: ConfigMap
          metadata:
            name: merged
            labels:
              <<: *common
              tier: silver
        """;
    assertThat(positions(yaml, "metadata.labels[team]", "metadata.labels[tier]"))
        .containsExactlyInAnyOrderEntriesOf(
            Map.of(
                "base metadata.labels[team]", "0@9:7",
                "base metadata.labels[tier]", "0@10:7",
                "merged metadata.labels[team]", "0@9:7",
                "merged metadata.labels[tier]", "0@17:7"));
  }

  @Test
  void itemsOfAList_pointIntoTheirItem() {
    String yaml =
        """
        # a comment first
        apiVersion: v1
        kind: List
        items:
        - apiVersion: v1
          kind: ConfigMap
          metadata: {name: a}
        -   apiVersion: v1
            kind: ConfigMap
            metadata:
              name: b
            data:
              key: value
        """;
    assertThat(positions(yaml, "metadata.name", "data[key]", "<root>"))
        .containsExactlyInAnyOrderEntriesOf(
            Map.of(
                "a metadata.name", "0@7:14",
                "a data[key]", "0@5:3",
                "a <root>", "0@5:3",
                "b metadata.name", "0@11:7",
                "b data[key]", "0@13:7",
                "b <root>", "0@8:5"));
  }

  @Test
  void keysWithDotsOrBrackets_areFoundWhetherThePathBracketsThemOrNot() {
    String yaml =
        """
        apiVersion: v1
        kind: ConfigMap
        metadata:
          name: keys
          annotations:
            example.com/a.b: "1"
            "odd]key": "2"
        """;
    assertThat(
            positions(
                yaml,
                "metadata.annotations[example.com/a.b]",
                "metadata.annotations.example.com/a.b",
                "metadata.annotations[odd]key]"))
        .containsExactlyInAnyOrderEntriesOf(
            Map.of(
                "keys metadata.annotations[example.com/a.b]", "0@6:5",
                "keys metadata.annotations.example.com/a.b", "0@6:5",
                "keys metadata.annotations[odd]key]", "0@7:5"));
  }

  @Test
  void objectsBuiltInCode_haveNoLocation() {
    Report report =
        TestGpuspec.engine(new ReportsAt("metadata.name"))
            .check(TestGpuspec.read(DEPLOYMENT, "case.yaml").manifests().filter(o -> true));
    assertThat(report.violations()).extracting(FindingLocationsTest::position).contains("0@4:3");
    Report built =
        TestGpuspec.engine(new ReportsAt("metadata.name"))
            .check(
                ManifestSet.of(
                    TestGpuspec.read(DEPLOYMENT, "case.yaml").manifests().objects().get(0)));
    assertThat(built.violations()).extracting(FindingLocationsTest::position).contains("none");
  }
}
