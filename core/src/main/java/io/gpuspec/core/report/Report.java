package io.gpuspec.core.report;

import java.util.Comparator;
import java.util.List;

/** The outcome of a check: the violations found, and how many objects and rules were checked. */
public record Report(List<Violation> violations, int objectsChecked, int rulesChecked) {

  public Report {
    violations =
        violations.stream()
            .sorted(
                Comparator.comparing((Violation v) -> v.severity())
                    .reversed()
                    .thenComparing(v -> v.object().toString())
                    .thenComparing(Violation::ruleId)
                    .thenComparing(Violation::path))
            .toList();
  }

  public List<Violation> errors() {
    return violations.stream().filter(v -> v.severity() == Severity.ERROR).toList();
  }

  public List<Violation> warnings() {
    return violations.stream().filter(v -> v.severity() == Severity.WARNING).toList();
  }

  public boolean hasErrors() {
    return violations.stream().anyMatch(v -> v.severity() == Severity.ERROR);
  }

  /**
   * Whether the report has a finding at or above {@code threshold}: errors for {@code ERROR}, any
   * finding for {@code WARNING}. Builds and CI fail on this.
   */
  public boolean failsAt(Severity threshold) {
    return violations.stream().anyMatch(v -> v.severity().compareTo(threshold) >= 0);
  }

  /** The violations of one rule. */
  public List<Violation> byRule(String ruleId) {
    return violations.stream().filter(v -> v.ruleId().equals(ruleId)).toList();
  }

  /** {@code 12 objects, 14 rules: 1 error, 2 warnings}. */
  public String summary() {
    return objectsChecked
        + " objects, "
        + rulesChecked
        + " rules: "
        + plural(errors().size(), "error")
        + ", "
        + plural(warnings().size(), "warning");
  }

  private static String plural(int count, String noun) {
    return count + " " + noun + (count == 1 ? "" : "s");
  }
}
