package io.gpuspec.core.internal.rules;

import io.fabric8.kubernetes.api.model.HasMetadata;
import io.fabric8.kubernetes.api.model.Toleration;
import io.gpuspec.core.Labels;
import io.gpuspec.core.manifest.AnnotatedTolerations;
import io.gpuspec.core.manifest.ManifestSet;
import io.gpuspec.core.report.Severity;
import io.gpuspec.core.spi.BaseRule;
import io.gpuspec.core.spi.CheckContext;
import io.gpuspec.core.spi.PodTemplate;
import io.gpuspec.core.spi.RuleInfo;
import io.gpuspec.core.spi.Workload;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * K8S008: the API server validates every toleration (<a
 * href="https://kubernetes.io/docs/concepts/scheduling-eviction/taint-and-toleration/">Taints and
 * Tolerations</a>): the operator is {@code Equal} (the default) or {@code Exists}; an empty key
 * needs {@code Exists}; {@code Exists} takes no value; an {@code Equal} value is a label value; the
 * key is a label key; the effect is empty or {@code NoSchedule}, {@code PreferNoSchedule}, {@code
 * NoExecute}; {@code tolerationSeconds} needs {@code NoExecute}. The tolerations of a pod's {@code
 * scheduler.alpha.kubernetes.io/tolerations} annotation are checked the same way.
 */
public final class TolerationsValid extends BaseRule {
  public TolerationsValid() {
    super(
        RuleInfo.builder()
            .apiServerRejects(true)
            .id("K8S008")
            .severity(Severity.ERROR)
            .title("Tolerations have a valid key, operator, value, effect and tolerationSeconds")
            .why(
                "The API server rejects a toleration with an unknown operator or effect, a value with Exists, an empty key without Exists, an invalid key or value, or tolerationSeconds without effect NoExecute.")
            .fix(
                "Write {key: <label key>, operator: Equal, value: <label value>, effect: NoSchedule} or {key: <key>, operator: Exists}; give tolerationSeconds only with effect NoExecute.")
            .addKinds("*")
            .documentation(
                "https://kubernetes.io/docs/concepts/scheduling-eviction/taint-and-toleration/")
            .build());
  }

  private static final Set<String> EFFECTS = Set.of("NoSchedule", "PreferNoSchedule", "NoExecute");

  @Override
  public void check(ManifestSet manifests, CheckContext context) {
    for (Workload workload : context.workloads()) {
      for (PodTemplate template : workload.templates()) {
        List<Toleration> tolerations = template.spec().getTolerations();
        for (int i = 0; i < tolerations.size(); i++) {
          check(
              workload.object(),
              tolerations.get(i),
              template.specPath() + ".tolerations[" + i + "]",
              context);
        }
        Map<String, String> annotations = template.metadata().getAnnotations();
        String annotated = annotations == null ? null : annotations.get(AnnotatedTolerations.KEY);
        List<Toleration> decoded =
            annotated == null
                ? List.of()
                : AnnotatedTolerations.decode(annotated).orElse(List.of());
        for (int i = 0; i < decoded.size(); i++) {
          check(
              workload.object(),
              decoded.get(i) == null ? new Toleration() : decoded.get(i),
              template.metadataPath() + ".annotations[" + AnnotatedTolerations.KEY + "][" + i + "]",
              context);
        }
      }
    }
  }

  private static void check(HasMetadata object, Toleration t, String path, CheckContext context) {
    String key = orEmpty(t.getKey());
    String operator = orEmpty(t.getOperator());
    String value = orEmpty(t.getValue());
    String effect = orEmpty(t.getEffect());
    if (!key.isEmpty() && !Labels.isQualifiedName(key)) {
      context.report(
          object,
          path + ".key",
          "key \"" + key + "\" is not a valid label key",
          "use the taint's key: an optional DNS-1123 subdomain and '/', then at most 63 letters,"
              + " digits, '-', '_' or '.'");
    }
    boolean exists = operator.equals("Exists");
    if (!exists && !operator.equals("Equal") && !operator.isEmpty()) {
      context.report(
          object,
          path + ".operator",
          "operator \"" + operator + "\" is not supported; it is Equal or Exists",
          "write operator: Equal (key and value must match) or operator: Exists (key only)");
    } else if (key.isEmpty() && !exists) {
      context.report(
          object,
          path + ".operator",
          "an empty key needs operator Exists (which tolerates every taint); with "
              + (operator.isEmpty() ? "no operator (Equal)" : "operator Equal")
              + " a key is required",
          "set key to the taint's key, or operator: Exists to tolerate every taint");
    } else if (exists && !value.isEmpty()) {
      context.report(
          object,
          path + ".value",
          "operator Exists takes no value, but value is \"" + value + "\"",
          "drop value, or use operator: Equal to match the value");
    } else if (!exists && !Labels.isValue(value)) {
      context.report(
          object,
          path + ".value",
          "value \"" + value + "\" is not a valid label value",
          "use the taint's value: at most 63 letters, digits, '-', '_' or '.', starting and ending"
              + " alphanumeric (or empty)");
    }
    if (!effect.isEmpty() && !EFFECTS.contains(effect)) {
      context.report(
          object,
          path + ".effect",
          "effect \""
              + effect
              + "\" is not supported; it is NoSchedule, PreferNoSchedule or NoExecute",
          "write one of NoSchedule, PreferNoSchedule, NoExecute, or leave effect empty to match"
              + " every effect");
    } else if (t.getTolerationSeconds() != null && !effect.equals("NoExecute")) {
      context.report(
          object,
          path + ".effect",
          "tolerationSeconds is set but effect is "
              + (effect.isEmpty() ? "empty" : effect)
              + "; tolerationSeconds applies only to NoExecute",
          "set effect: NoExecute, or drop tolerationSeconds");
    }
  }

  private static String orEmpty(String text) {
    return text == null ? "" : text;
  }
}
