package io.gpuspec.core.check;

import io.fabric8.kubernetes.api.model.HasMetadata;
import io.fabric8.kubernetes.api.model.ObjectMeta;
import io.gpuspec.core.manifest.ManifestSet;
import io.gpuspec.core.report.ObjectRef;
import io.gpuspec.core.report.Severity;
import io.gpuspec.core.report.Violation;
import io.gpuspec.core.spi.RuleInfo;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * The per-object suppression annotations {@code gpuspec.io/ignore-check.<RULE-ID>: "<reason>"}:
 * whether one silences a rule's findings, and the findings about the annotations themselves.
 *
 * <p>A suppression applies only when it says why: a blank reason is reported ({@value
 * RuleEngine#SUPPRESSION_WITHOUT_REASON}) and suppresses nothing. A rule whose findings the API
 * server rejects anyway ({@link RuleInfo#apiServerRejects()}) cannot be suppressed: its findings
 * stay and the annotation is reported ({@value RuleEngine#SUPPRESSION_IGNORED}). An annotation
 * naming no known rule is reported too ({@value RuleEngine#SUPPRESSION_OF_UNKNOWN_RULE}).
 */
final class Suppressions {

  private Suppressions() {}

  /** Whether {@code object} carries an annotation that suppresses {@code rule}. */
  static boolean suppresses(HasMetadata object, RuleInfo rule) {
    if (rule.apiServerRejects()) {
      return false;
    }
    String reason = annotations(object).get(RuleEngine.IGNORE_ANNOTATION_PREFIX + rule.id());
    return reason != null && !reason.isBlank();
  }

  /**
   * The findings about the suppression annotations of every object: a blank reason, a rule that
   * cannot be suppressed, a rule id no module defines. Warnings (errors when {@code options} is
   * strict), unless {@code options} disables their id.
   */
  static List<Violation> check(
      ManifestSet manifests, Map<String, RuleInfo> known, CheckOptions options) {
    List<Violation> found = new ArrayList<>();
    for (HasMetadata object : manifests) {
      for (Map.Entry<String, String> annotation : annotations(object).entrySet()) {
        String key = annotation.getKey();
        if (!key.startsWith(RuleEngine.IGNORE_ANNOTATION_PREFIX)) {
          continue;
        }
        String id = key.substring(RuleEngine.IGNORE_ANNOTATION_PREFIX.length());
        RuleInfo rule = known.get(id);
        String path = "metadata.annotations[" + key + "]";
        if (rule == null) {
          String upper = id.toUpperCase(Locale.ROOT);
          add(
              found,
              options,
              manifests,
              object,
              RuleEngine.SUPPRESSION_OF_UNKNOWN_RULE,
              path,
              "the annotation "
                  + key
                  + " names no rule of the modules loaded, so it suppresses nothing",
              known.containsKey(upper)
                  ? "write the rule id in capitals: " + RuleEngine.IGNORE_ANNOTATION_PREFIX + upper
                  : "check the rule id (gpuspec rules lists them), or remove the annotation");
        } else if (rule.apiServerRejects()) {
          add(
              found,
              options,
              manifests,
              object,
              RuleEngine.SUPPRESSION_IGNORED,
              path,
              "the annotation "
                  + key
                  + " is ignored: "
                  + id
                  + " reports what the API server rejects, so the object would not be admitted"
                  + " anyway; its findings are still reported",
              "fix what " + id + " reports, then remove the annotation");
        } else if (annotation.getValue() == null || annotation.getValue().isBlank()) {
          add(
              found,
              options,
              manifests,
              object,
              RuleEngine.SUPPRESSION_WITHOUT_REASON,
              path,
              "the annotation "
                  + key
                  + " gives no reason, so it does not suppress "
                  + id
                  + "; its findings on this object are still reported",
              "say why "
                  + id
                  + " does not apply to this object in the annotation's value, e.g. "
                  + key
                  + ": \"reviewed by the platform team: ...\"");
        }
      }
    }
    return found;
  }

  private static void add(
      List<Violation> found,
      CheckOptions options,
      ManifestSet manifests,
      HasMetadata object,
      String id,
      String path,
      String message,
      String fix) {
    if (options.disabledRules().contains(id)) {
      return;
    }
    found.add(
        new Violation(
            id,
            options.strict() ? Severity.ERROR : Severity.WARNING,
            ObjectRef.of(object),
            path,
            message,
            fix,
            manifests.sourceOf(object, path)));
  }

  private static Map<String, String> annotations(HasMetadata object) {
    ObjectMeta meta = object.getMetadata();
    return meta == null || meta.getAnnotations() == null ? Map.of() : meta.getAnnotations();
  }
}
