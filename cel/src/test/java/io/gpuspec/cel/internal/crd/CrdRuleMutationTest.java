package io.gpuspec.cel.internal.crd;

import static org.assertj.core.api.Assertions.assertThat;

import io.gpuspec.core.check.Gpuspec;
import io.gpuspec.core.report.Report;
import io.gpuspec.core.report.Violation;
import java.io.IOException;
import java.net.URISyntaxException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;
import java.util.stream.Stream;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestFactory;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ObjectNode;
import tools.jackson.dataformat.yaml.YAMLMapper;

/**
 * For every {@code x-kubernetes-validations} rule of every bundled CRD: it compiles, and a test
 * generated for it mutates a valid resource (an upstream example, or a minimal valid object) so
 * that exactly that rule fails, and gpuspec reports it as CRD002 with the CRD's message at the API
 * server's field path. The counts per CRD and the skipped rules are written to {@code
 * target/crd-rules.md}.
 */
class CrdRuleMutationTest {

  private static final YAMLMapper YAML = YAMLMapper.builder().build();
  private static final Gpuspec GPUSPEC = Gpuspec.load();

  static List<CrdVersion> bundledVersions() {
    List<CrdVersion> out = new ArrayList<>();
    for (String key : new TreeMap<>(CrdCatalog.bundledFiles()).keySet()) {
      int slash = key.indexOf('/');
      out.addAll(CrdCatalog.bundled().versions(key.substring(0, slash), key.substring(slash + 1)));
    }
    return out;
  }

  @Test
  void everyRule_compiles_andTheCountsAreRecorded() throws IOException {
    StringBuilder table =
        new StringBuilder(
            "| CRD | version | rules | compiled | skipped |\n|---|---|---|---|---|\n");
    StringBuilder skipped = new StringBuilder();
    List<String> errors = new ArrayList<>();
    int total = 0;
    for (CrdVersion crd : bundledVersions()) {
      List<ValidationRules.Located> rules = ValidationRules.of(crd);
      int compiled = 0;
      int skip = 0;
      for (ValidationRules.Located rule : rules) {
        Optional<String> error = rule.compileError();
        error.ifPresent(e -> errors.add(crd.kind() + " " + rule.path() + ": " + e));
        if (error.isEmpty()) {
          compiled++;
        }
        if (rule.skipReason().isPresent()) {
          skip++;
          skipped
              .append("- ")
              .append(crd.kind())
              .append(' ')
              .append(crd.version())
              .append(' ')
              .append(rule.path().isEmpty() ? "<root>" : rule.path())
              .append(": `")
              .append(rule.ruleText().replace("\n", " "))
              .append("`: ")
              .append(rule.skipReason().get())
              .append('\n');
        }
      }
      total += rules.size();
      table
          .append("| ")
          .append(crd.kind())
          .append(" | ")
          .append(crd.version())
          .append(" | ")
          .append(rules.size())
          .append(" | ")
          .append(compiled)
          .append(" | ")
          .append(skip)
          .append(" |\n");
    }
    Path out = Path.of("target", "crd-rules.md");
    Files.createDirectories(out.getParent());
    Files.writeString(out, table + "\nTotal rules: " + total + "\n\nSkipped:\n" + skipped);
    System.out.println(table + "\nTotal rules: " + total);
    assertThat(errors).isEmpty();
    assertThat(total).isGreaterThan(50);
  }

  @TestFactory
  Stream<DynamicTest> everyRule_aMutationFailingOnlyIt_isReportedAtItsPath() throws Exception {
    Map<String, List<JsonNode>> examples = examples();
    List<DynamicTest> tests = new ArrayList<>();
    for (CrdVersion crd : bundledVersions()) {
      for (ValidationRules.Located rule : ValidationRules.of(crd)) {
        if (rule.skipReason().isPresent()) {
          continue;
        }
        String name =
            crd.kind()
                + " "
                + crd.version()
                + " "
                + rule.path()
                + ": "
                + rule.ruleText().replace("\n", " ");
        tests.add(
            DynamicTest.dynamicTest(
                name, () -> mutationIsReported(crd, rule, bases(crd, examples))));
      }
    }
    return tests.stream();
  }

  private static void mutationIsReported(
      CrdVersion crd, ValidationRules.Located rule, List<JsonNode> bases) {
    String expectedPath = expectedPath(rule);
    Optional<JsonNode> mutated = Optional.empty();
    for (JsonNode base : bases) {
      mutated =
          RuleMutations.find(
              base, rule, candidate -> failsOnlyThisRule(candidate, crd, rule, expectedPath));
      if (mutated.isPresent()) {
        break;
      }
    }
    assertThat(mutated)
        .as(
            rule.path()
                + " `"
                + rule.ruleText()
                + "`: a mutation that fails only this rule; the prepared bases have: "
                + bases.stream()
                    .map(
                        b ->
                            SchemaValidator.validate(RuleMutations.prepared(b, rule), crd)
                                .toString())
                    .toList())
        .isPresent();
    Report report =
        GPUSPEC
            .engine()
            .check(
                GPUSPEC.read(YAML.writeValueAsString(mutated.get()), "mutated.yaml").manifests());
    List<Violation> crd002 = report.byRule("CRD002");
    assertThat(crd002).hasSize(1);
    assertThat(crd002.get(0).path()).isEqualTo(expectedPath);
    String message = rule.rule().path("message").asString("");
    if (!message.isEmpty() && rule.rule().path("messageExpression").asString("").isEmpty()) {
      assertThat(crd002.get(0).message()).contains(message);
    }
    assertThat(report.byRule("CRD001")).isEmpty();
  }

  private static boolean failsOnlyThisRule(
      JsonNode candidate, CrdVersion crd, ValidationRules.Located rule, String path) {
    List<CrdProblem> problems = SchemaValidator.validate(candidate, crd);
    return problems.size() == 1
        && problems.get(0).source() == CrdProblem.Source.CEL
        && problems.get(0).path().equals(path)
        && !problems.get(0).message().contains("rule evaluation error")
        && problems.get(0).fix().contains("`" + rule.ruleText() + "`");
  }

  private static String expectedPath(ValidationRules.Located rule) {
    String node = RuleMutations.concretePath(rule);
    String fieldPath = rule.rule().path("fieldPath").asString("");
    if (fieldPath.isEmpty()) {
      return node;
    }
    if (node.isEmpty()) {
      return fieldPath.startsWith(".") ? fieldPath.substring(1) : fieldPath;
    }
    return node + fieldPath;
  }

  /** Valid upstream examples of this kind and version, else a minimal valid object. */
  private static List<JsonNode> bases(CrdVersion crd, Map<String, List<JsonNode>> examples) {
    List<JsonNode> out = new ArrayList<>();
    for (JsonNode example : examples.getOrDefault(crd.kind(), List.of())) {
      ObjectNode copy = (ObjectNode) example.deepCopy();
      copy.put("apiVersion", crd.apiVersion());
      if (SchemaValidator.validate(copy, crd).isEmpty()) {
        out.add(copy);
      }
    }
    ObjectNode minimal = (ObjectNode) RuleMutations.minimal(crd.schema(), 0);
    minimal.put("apiVersion", crd.apiVersion());
    minimal.put("kind", crd.kind());
    minimal.putObject("metadata").put("name", "example").put("namespace", "default");
    if (SchemaValidator.validate(minimal, crd).isEmpty()) {
      out.add(minimal);
    }
    return out;
  }

  private static Map<String, List<JsonNode>> examples() throws IOException, URISyntaxException {
    Path root = Path.of(CrdRuleMutationTest.class.getResource("/upstream").toURI());
    Map<String, List<JsonNode>> byKind = new TreeMap<>();
    try (Stream<Path> walk = Files.walk(root)) {
      for (Path file : walk.filter(p -> p.toString().endsWith(".yaml")).sorted().toList()) {
        for (JsonNode doc :
            YAML.readerFor(JsonNode.class).<JsonNode>readValues(file.toFile()).readAll()) {
          if (doc != null && doc.has("kind")) {
            byKind.computeIfAbsent(doc.get("kind").asString(), k -> new ArrayList<>()).add(doc);
          }
        }
      }
    }
    return byKind;
  }
}
