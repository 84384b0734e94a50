package io.gpuspec.core.facts;

import io.fabric8.kubernetes.api.model.LabelSelector;
import io.fabric8.kubernetes.api.model.LabelSelectorRequirement;
import io.gpuspec.core.k8s.Names;
import io.gpuspec.core.k8s.NullFree;
import io.gpuspec.core.report.Finding;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.jspecify.annotations.Nullable;

/**
 * The form of a label selector as apimachinery's {@code ValidateLabelSelector} checks it when label
 * values in selectors are not relaxed (on create): match labels that are labels, and expressions
 * with a known operator, values exactly when the operator takes them, qualified keys and label
 * values. Every finding is a rejection.
 */
public final class LabelSelectorChecks {

  private LabelSelectorChecks() {}

  /** The findings on the selector at {@code path}; none for an absent selector. */
  public static List<Finding> of(@Nullable LabelSelector selector, String path) {
    List<Finding> findings = new ArrayList<>();
    check(selector, path, findings);
    return findings;
  }

  /** The findings on the selector at {@code path}; none for an absent selector. */
  static void check(@Nullable LabelSelector selector, String path, List<Finding> findings) {
    if (selector == null) {
      return;
    }
    Map<String, String> labels = selector.getMatchLabels();
    if (labels != null) {
      MetadataFacts.labels(labels, path + ".matchLabels").stream()
          .map(f -> Finding.rejection(f.path(), f.message(), f.fix()))
          .forEach(findings::add);
    }
    expressions(selector, path, findings);
  }

  /**
   * The findings on the selector's match expressions only (an absent entry is an expression with no
   * operator, as the API server decodes it); none for an absent selector.
   */
  static void expressions(@Nullable LabelSelector selector, String path, List<Finding> findings) {
    List<LabelSelectorRequirement> expressions =
        selector == null ? List.of() : NullFree.list(selector.getMatchExpressions());
    for (int i = 0; i < expressions.size(); i++) {
      LabelSelectorRequirement requirement = expressions.get(i);
      requirement(
          requirement == null ? new LabelSelectorRequirement() : requirement,
          path + ".matchExpressions[" + i + "]",
          findings);
    }
  }

  private static void requirement(
      LabelSelectorRequirement requirement, String at, List<Finding> findings) {
    String operator = requirement.getOperator() == null ? "" : requirement.getOperator();
    List<String> values = requirement.getValues() == null ? List.of() : requirement.getValues();
    switch (operator) {
      case "In", "NotIn" -> {
        if (values.isEmpty()) {
          findings.add(
              Finding.rejection(
                  at + ".values",
                  "operator " + operator + " needs at least one value",
                  "list the label values to match, or use Exists"));
        }
      }
      case "Exists", "DoesNotExist" -> {
        if (!values.isEmpty()) {
          findings.add(
              Finding.rejection(
                  at + ".values",
                  "operator " + operator + " takes no values",
                  "remove values, or use In or NotIn"));
        }
      }
      default ->
          findings.add(
              Finding.rejection(
                  at + ".operator",
                  "\"" + operator + "\" is not a selector operator",
                  "use In, NotIn, Exists or DoesNotExist"));
    }
    String key = requirement.getKey() == null ? "" : requirement.getKey();
    if (!Names.isQualifiedName(key)) {
      findings.add(
          Finding.rejection(
              at + ".key",
              "key \"" + key + "\" is not a qualified name",
              "use a label key such as app or example.com/role"));
    }
    for (int v = 0; v < values.size(); v++) {
      String value = values.get(v) == null ? "" : values.get(v);
      if (!Names.isValue(value)) {
        findings.add(
            Finding.rejection(
                at + ".values[" + v + "]",
                "\"" + value + "\" is not a valid label value",
                "use at most 63 letters, digits, '-', '_' or '.', starting and ending"
                    + " alphanumeric"));
      }
    }
  }
}
