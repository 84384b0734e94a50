package io.gpuspec.testing;

import io.gpuspec.core.check.CheckOptions;
import io.gpuspec.core.check.Gpuspec;
import io.gpuspec.core.report.Report;
import io.gpuspec.core.report.Severity;
import io.gpuspec.core.report.SourceLocation;
import io.gpuspec.core.report.Violation;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

/**
 * Asserts the exact findings of YAML files: every module's rule tests go through it. A file states
 * what it must produce in comments, one per finding, inside the YAML document the finding is on:
 *
 * <pre>
 * # expect: GPU002 error spec.template.spec.tolerations
 * apiVersion: apps/v1
 * kind: Deployment
 * ...
 * </pre>
 *
 * <p>{@link #verify(Path)} reads the file with the registry's reader, lints it (reader problems and
 * rule violations) and fails with an {@link AssertionError} listing what is missing and what is
 * extra: nothing may be missing, nothing extra. A file without {@code # expect:} lines must produce
 * no finding at all (a "stays quiet" case). Findings are matched by document, rule id, severity and
 * field path. The path is the rest of the line, so it may hold the spaces of an invalid key, e.g.
 * {@code # expect: K8S003 error metadata.annotations[team owner]}. A line may end in {@code
 * @line:column} to state where the finding points as well, e.g. {@code # expect: GPU001 error
 * spec.containers[0].resources.limits[nvidia.com/gpu] @14:11}.
 */
public final class RuleTester {

  private static final Pattern EXPECT =
      Pattern.compile(
          "^\\s*#\\s*expect:\\s*(\\S+)\\s+(error|warning)\\s+(\\S(?:.*?\\S)?)"
              + "(?:\\s+@(\\d+):(\\d+))?\\s*$");
  private static final Pattern DOCUMENT_START = Pattern.compile("^---(\\s.*)?$");

  private final Gpuspec gpuspec;
  private final CheckOptions options;
  private final boolean fleetFindings;

  private RuleTester(Gpuspec gpuspec, CheckOptions options, boolean fleetFindings) {
    this.gpuspec = gpuspec;
    this.options = options;
    this.fleetFindings = fleetFindings;
  }

  /** A tester checking with every rule of {@code gpuspec}, no fleet known. */
  public static RuleTester of(Gpuspec gpuspec) {
    return new RuleTester(gpuspec, CheckOptions.defaults(), false);
  }

  /** The same tester checking with {@code options} (e.g. a fleet, or strict). */
  public RuleTester withOptions(CheckOptions options) {
    return new RuleTester(gpuspec, options, fleetFindings);
  }

  /**
   * The same tester expecting the fleet check's findings too ({@code FLEET001}…, as {@code gpuspec
   * lint --fleet} reports them) when the options know a fleet; without this, files state only the
   * rules' findings.
   */
  public RuleTester withFleetFindings() {
    return new RuleTester(gpuspec, options, true);
  }

  /**
   * One expected finding: document index in the file, rule id, severity, field path, and the line
   * and column it points at (0 when the file does not state them).
   */
  public record Expectation(
      int document, String ruleId, Severity severity, String path, int line, int column) {

    /** An expectation that does not state where the finding points. */
    public Expectation(int document, String ruleId, Severity severity, String path) {
      this(document, ruleId, severity, path, 0, 0);
    }

    /** Whether a finding meets this expectation. */
    boolean matches(Violation v) {
      return v.source().map(SourceLocation::document).orElse(0) == document
          && v.ruleId().equals(ruleId)
          && v.severity() == severity
          && v.path().equals(path)
          && (line == 0
              || v.source().map(s -> s.line() == line && s.column() == column).orElse(false));
    }

    @Override
    public String toString() {
      return "document "
          + document
          + ": "
          + ruleId
          + " "
          + severity.name().toLowerCase(Locale.ROOT)
          + " "
          + path
          + (line == 0 ? "" : " @" + line + ":" + column);
    }
  }

  /** The YAML files under a directory, sorted: one test case each. */
  public static List<Path> cases(Path directory) {
    try (Stream<Path> files = Files.walk(directory)) {
      return files
          .filter(Files::isRegularFile)
          .filter(p -> p.toString().endsWith(".yaml") || p.toString().endsWith(".yml"))
          .sorted()
          .toList();
    } catch (IOException e) {
      throw new UncheckedIOException("cannot list rule test files in " + directory, e);
    }
  }

  /** The expectations a file states. */
  public static List<Expectation> expectations(Path file) {
    List<String> lines;
    try {
      lines = Files.readAllLines(file, StandardCharsets.UTF_8);
    } catch (IOException e) {
      throw new UncheckedIOException("cannot read rule test file " + file, e);
    }
    List<Expectation> expected = new ArrayList<>();
    int document = -1;
    for (String line : lines) {
      Matcher expect = EXPECT.matcher(line);
      if (expect.matches()) {
        expected.add(
            new Expectation(
                Math.max(document, 0),
                expect.group(1),
                Severity.valueOf(expect.group(2).toUpperCase(Locale.ROOT)),
                expect.group(3),
                expect.group(4) == null ? 0 : Integer.parseInt(expect.group(4)),
                expect.group(5) == null ? 0 : Integer.parseInt(expect.group(5))));
      } else if (DOCUMENT_START.matcher(line).matches()) {
        document++;
      } else if (document < 0 && !line.isBlank() && !line.stripLeading().startsWith("#")) {
        document = 0;
      }
    }
    return expected;
  }

  /**
   * Lints one file and asserts that its findings are exactly its expectations.
   *
   * @return the number of expectations checked
   * @throws AssertionError naming the missing and the unexpected findings
   */
  public int verify(Path file) {
    List<Expectation> expected = expectations(file);
    Report report =
        fleetFindings
            ? gpuspec.lint(gpuspec.read(List.of(file)), options)
            : gpuspec.engine().lint(gpuspec.read(List.of(file)), options);
    List<Violation> unexpected = new ArrayList<>();
    List<Expectation> missing = new ArrayList<>(expected);
    for (Violation violation : report.violations()) {
      Optional<Expectation> met = missing.stream().filter(e -> e.matches(violation)).findFirst();
      if (met.isPresent()) {
        missing.remove(met.get());
      } else {
        unexpected.add(violation);
      }
    }
    if (!missing.isEmpty() || !unexpected.isEmpty()) {
      StringBuilder message = new StringBuilder(file.toString()).append(": findings differ\n");
      missing.forEach(e -> message.append("  missing:    ").append(e).append('\n'));
      unexpected.forEach(
          v ->
              message
                  .append("  unexpected: # expect: ")
                  .append(v.ruleId())
                  .append(' ')
                  .append(v.severity().name().toLowerCase(Locale.ROOT))
                  .append(' ')
                  .append(v.path())
                  .append(v.source().map(s -> " @" + s.line() + ":" + s.column()).orElse(""))
                  .append("   (")
                  .append(v)
                  .append(")\n"));
      throw new AssertionError(message.toString());
    }
    return expected.size();
  }
}
