package io.gpuspec.core.report.format;

import io.gpuspec.core.check.RuleEngine;
import io.gpuspec.core.report.Report;
import io.gpuspec.core.report.Severity;
import io.gpuspec.core.report.SourceLocation;
import io.gpuspec.core.report.Violation;
import io.gpuspec.core.spi.RuleInfo;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;
import tools.jackson.databind.json.JsonMapper;
import tools.jackson.databind.node.ArrayNode;
import tools.jackson.databind.node.ObjectNode;

/**
 * How a {@link Report} is printed: for people ({@link #TEXT}), for programs ({@link #JSON}) and for
 * code-scanning UIs ({@link #SARIF}, version 2.1.0). The CLI and the build plugins all print
 * through these, so their output is the same.
 */
public enum ReportFormat {

  /** One line per finding ({@link #line}), then a summary. */
  TEXT {
    @Override
    public String render(Report report, List<RuleInfo> rules) {
      StringBuilder text = new StringBuilder();
      for (Violation v : report.violations()) {
        text.append(line(v)).append('\n');
      }
      return text.append("gpuspec: ").append(report.summary()).append('\n').toString();
    }
  },

  /** {@code {"summary": {...}, "violations": [{"rule", "severity", "object", ...}]}}. */
  JSON {
    @Override
    public String render(Report report, List<RuleInfo> rules) {
      ObjectNode root = MAPPER.createObjectNode();
      ObjectNode summary = root.putObject("summary");
      summary.put("objects", report.objectsChecked());
      summary.put("rules", report.rulesChecked());
      summary.put("errors", report.errors().size());
      summary.put("warnings", report.warnings().size());
      ArrayNode violations = root.putArray("violations");
      for (Violation v : report.violations()) {
        ObjectNode item = violations.addObject();
        item.put("rule", v.ruleId());
        item.put("severity", level(v.severity()));
        item.put("object", v.object().toString());
        item.put("apiVersion", v.object().apiVersion());
        item.put("kind", v.object().kind());
        item.put("namespace", v.object().namespace());
        item.put("name", v.object().name());
        item.put("path", v.path());
        item.put("message", v.message());
        item.put("fix", v.fix());
        v.source()
            .ifPresent(
                s -> {
                  item.put("file", uri(s.file()));
                  item.put("line", s.line());
                  item.put("column", s.column());
                  item.put("document", s.document());
                });
      }
      return MAPPER.writerWithDefaultPrettyPrinter().writeValueAsString(root) + "\n";
    }
  },

  /**
   * SARIF 2.1.0 (https://docs.oasis-open.org/sarif/sarif/v2.1.0/sarif-v2.1.0.html): one run of the
   * {@code gpuspec} driver with every rule's metadata and one result per finding.
   */
  SARIF {
    @Override
    public String render(Report report, List<RuleInfo> rules) {
      Map<String, RuleInfo> byId = new TreeMap<>();
      rules.forEach(r -> byId.put(r.id(), r));
      report.violations().stream()
          .filter(v -> !byId.containsKey(v.ruleId()))
          .forEach(v -> byId.put(v.ruleId(), builtIn(v.ruleId(), v.severity())));
      List<String> ids = new ArrayList<>(byId.keySet());

      ObjectNode root = MAPPER.createObjectNode();
      root.put("$schema", "https://json.schemastore.org/sarif-2.1.0.json");
      root.put("version", "2.1.0");
      ObjectNode run = root.putArray("runs").addObject();
      ObjectNode driver = run.putObject("tool").putObject("driver");
      driver.put("name", "gpuspec");
      ArrayNode ruleArray = driver.putArray("rules");
      for (RuleInfo info : byId.values()) {
        ObjectNode rule = ruleArray.addObject();
        rule.put("id", info.id());
        rule.putObject("shortDescription").put("text", info.title());
        rule.putObject("fullDescription").put("text", info.why());
        rule.putObject("help").put("text", info.fix());
        rule.put("helpUri", info.documentation().toString());
        rule.putObject("defaultConfiguration").put("level", level(info.severity()));
      }
      ArrayNode results = run.putArray("results");
      for (Violation v : report.violations()) {
        ObjectNode result = results.addObject();
        result.put("ruleId", v.ruleId());
        result.put("ruleIndex", ids.indexOf(v.ruleId()));
        result.put("level", level(v.severity()));
        result.putObject("message").put("text", v.message() + "; " + v.fix());
        ObjectNode location = result.putArray("locations").addObject();
        v.source()
            .ifPresent(
                s -> {
                  ObjectNode physical = location.putObject("physicalLocation");
                  physical.putObject("artifactLocation").put("uri", uri(s.file()));
                  ObjectNode region = physical.putObject("region");
                  region.put("startLine", s.line());
                  region.put("startColumn", s.column());
                });
        ObjectNode logical = location.putArray("logicalLocations").addObject();
        logical.put("fullyQualifiedName", v.object() + (v.path().isEmpty() ? "" : "." + v.path()));
        logical.put("kind", "object");
      }
      return MAPPER.writerWithDefaultPrettyPrinter().writeValueAsString(root) + "\n";
    }
  };

  private static final JsonMapper MAPPER = JsonMapper.builder().build();

  /** Prints the report; {@code rules} are the rules that ran (SARIF lists their metadata). */
  public abstract String render(Report report, List<RuleInfo> rules);

  /** The format named {@code text}, {@code json} or {@code sarif} (any case). */
  public static Optional<ReportFormat> named(String name) {
    for (ReportFormat format : values()) {
      if (format.name().equalsIgnoreCase(name)) {
        return Optional.of(format);
      }
    }
    return Optional.empty();
  }

  /**
   * One text line for a finding, {@code file:line:column: SEVERITY RULE-ID kind/namespace/name
   * field.path: message; fix} (an object built in code prints its reference instead of a position):
   * the one line format of the CLI, the build plugins' logs and their JUnit reports.
   */
  public static String line(Violation v) {
    String where = v.source().map(SourceLocation::position).orElse(v.object().toString());
    return where
        + ": "
        + v.severity()
        + " "
        + v.ruleId()
        + " "
        + v.object()
        + (v.path().isEmpty() ? "" : " " + v.path())
        + ": "
        + v.message()
        + "; "
        + v.fix();
  }

  private static String level(Severity severity) {
    return severity.name().toLowerCase(Locale.ROOT);
  }

  private static String uri(Path file) {
    String text = file.toString().replace('\\', '/');
    return file.isAbsolute() ? file.toUri().toString() : text;
  }

  /** Findings of the reader and the engine itself have no rule class; describe them here. */
  private static RuleInfo builtIn(String id, Severity severity) {
    boolean reader = id.startsWith("YAML");
    boolean suppression =
        id.equals(RuleEngine.SUPPRESSION_WITHOUT_REASON)
            || id.equals(RuleEngine.SUPPRESSION_IGNORED)
            || id.equals(RuleEngine.SUPPRESSION_OF_UNKNOWN_RULE);
    return RuleInfo.builder()
        .id(id)
        .severity(severity)
        .title(
            reader
                ? "The file reads as Kubernetes objects"
                : suppression
                    ? "Suppressions give a reason and name a rule that can be suppressed"
                    : "gpuspec itself")
        .why(
            reader
                ? "A file that does not read as Kubernetes objects cannot be applied or checked."
                : suppression
                    ? "A suppression without a reason, of a rule the API server enforces anyway,"
                        + " or of a rule that does not exist suppresses nothing."
                    : "A rule failed on an object, so the object is not fully checked.")
        .fix("See the finding's own fix.")
        .documentation("https://kubernetes.io/docs/concepts/overview/working-with-objects/")
        .build();
  }
}
