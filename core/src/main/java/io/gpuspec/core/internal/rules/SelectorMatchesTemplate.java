package io.gpuspec.core.internal.rules;

import io.fabric8.kubernetes.api.model.HasMetadata;
import io.fabric8.kubernetes.api.model.LabelSelector;
import io.fabric8.kubernetes.api.model.LabelSelectorRequirement;
import io.fabric8.kubernetes.api.model.batch.v1.Job;
import io.gpuspec.core.k8s.NodeSelection;
import io.gpuspec.core.manifest.ManifestSet;
import io.gpuspec.core.report.Severity;
import io.gpuspec.core.spi.BaseRule;
import io.gpuspec.core.spi.CheckContext;
import io.gpuspec.core.spi.RuleInfo;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;

/**
 * K8S002: apps/v1 controllers find their pods by {@code spec.selector}; it is required, must not be
 * empty and must select the template's labels, or the API server rejects the object (<a
 * href="https://kubernetes.io/docs/concepts/workloads/controllers/deployment/#selector">Kubernetes
 * documentation</a>). A Job generates its own selector; one written by hand needs {@code
 * manualSelector: true}, and with it the Job's selector is required and must match like a
 * controller's.
 */
public final class SelectorMatchesTemplate extends BaseRule {
  public SelectorMatchesTemplate() {
    super(
        RuleInfo.builder()
            .apiServerRejects(true)
            .id("K8S002")
            .severity(Severity.ERROR)
            .title("Controllers have a non-empty selector matching their template labels")
            .why(
                "The API server rejects a controller whose selector is empty or does not match its template's labels.")
            .fix("Give the controller a selector whose labels the pod template carries.")
            .addKinds("Deployment", "StatefulSet", "DaemonSet", "ReplicaSet", "Job")
            .documentation(
                "https://kubernetes.io/docs/concepts/workloads/controllers/deployment/#selector")
            .build());
  }

  @Override
  public void check(ManifestSet manifests, CheckContext context) {
    for (HasMetadata object : manifests) {
      if (object instanceof Job job && job.getSpec() != null) {
        checkJob(job, context);
      } else if (Selectors.requiresSelector(object)) {
        Map<String, String> labels =
            context.workload(object).stream()
                .flatMap(w -> w.templates().stream())
                .map(t -> t.metadata().getLabels())
                .filter(l -> l != null)
                .findFirst()
                .orElse(Map.of());
        checkController(object, Selectors.of(object), labels, context);
      }
    }
  }

  private static void checkController(
      HasMetadata object,
      Optional<LabelSelector> selector,
      Map<String, String> labels,
      CheckContext context) {
    Map<String, String> matchLabels = selector.map(LabelSelector::getMatchLabels).orElse(Map.of());
    List<LabelSelectorRequirement> expressions =
        selector.map(LabelSelector::getMatchExpressions).orElse(List.of());
    if (matchLabels.isEmpty() && expressions.isEmpty()) {
      context.report(
          object,
          "spec.selector",
          "spec.selector is "
              + (selector.isEmpty() ? "missing" : "empty")
              + "; the API server requires a selector that names the template's labels",
          "set spec.selector.matchLabels to the labels of spec.template.metadata.labels"
              + (labels.isEmpty() ? " (add one, e.g. app: <name>, to both)" : ": " + labels));
      return;
    }
    for (Map.Entry<String, String> entry : matchLabels.entrySet()) {
      String actual = labels.get(entry.getKey());
      if (!Objects.equals(entry.getValue(), actual)) {
        context.report(
            object,
            "spec.selector.matchLabels[" + entry.getKey() + "]",
            "selector "
                + entry.getKey()
                + "="
                + entry.getValue()
                + " does not match the template label "
                + (actual == null ? "(absent)" : entry.getKey() + "=" + actual)
                + "; the API server rejects a selector that does not select its template",
            "set spec.template.metadata.labels["
                + entry.getKey()
                + "]: \""
                + entry.getValue()
                + "\" or change the selector to match");
      }
    }
    for (int i = 0; i < expressions.size(); i++) {
      // a null item decodes as an empty requirement, which matches no labels
      LabelSelectorRequirement requirement =
          expressions.get(i) == null ? new LabelSelectorRequirement() : expressions.get(i);
      if (!matches(requirement, labels)) {
        context.report(
            object,
            "spec.selector.matchExpressions[" + i + "]",
            "selector expression "
                + requirement.getKey()
                + " "
                + requirement.getOperator()
                + " "
                + (requirement.getValues() == null ? List.of() : requirement.getValues())
                + " does not match the template labels "
                + labels
                + "; the API server rejects a selector that does not select its template",
            "change spec.template.metadata.labels or the expression so that they match");
      }
    }
  }

  /** Label selectors know no {@code Gt}/{@code Lt}; the rest is node-selector semantics. */
  static boolean matches(LabelSelectorRequirement requirement, Map<String, String> labels) {
    String operator = requirement.getOperator();
    return !"Gt".equals(operator)
        && !"Lt".equals(operator)
        && NodeSelection.matches(requirement.getKey(), operator, requirement.getValues(), labels);
  }

  private static void checkJob(Job job, CheckContext context) {
    if (job.getSpec().getSelector() != null
        && !Boolean.TRUE.equals(job.getSpec().getManualSelector())) {
      context.report(
          job,
          "spec.selector",
          "sets spec.selector without spec.manualSelector: true; the Job controller"
              + " generates the selector and the API server rejects one written by hand",
          "remove spec.selector, or set spec.manualSelector: true if you must choose it");
    } else if (Boolean.TRUE.equals(job.getSpec().getManualSelector())) {
      var template = job.getSpec().getTemplate();
      Map<String, String> labels =
          template == null || template.getMetadata() == null
              ? null
              : template.getMetadata().getLabels();
      checkController(
          job,
          Optional.ofNullable(job.getSpec().getSelector()),
          labels == null ? Map.of() : labels,
          context);
    }
  }
}
