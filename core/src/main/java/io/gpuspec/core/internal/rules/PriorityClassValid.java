package io.gpuspec.core.internal.rules;

import io.fabric8.kubernetes.api.model.scheduling.v1.PriorityClass;
import io.gpuspec.core.manifest.ManifestSet;
import io.gpuspec.core.report.Severity;
import io.gpuspec.core.spi.BaseRule;
import io.gpuspec.core.spi.CheckContext;
import io.gpuspec.core.spi.RuleInfo;
import java.util.Set;

/**
 * K8S005: the API server rejects a user PriorityClass whose value is above one billion, whose name
 * takes the reserved {@code system-} prefix, or whose preemptionPolicy is not {@code
 * PreemptLowerPriority} or {@code Never} (<a
 * href="https://kubernetes.io/docs/concepts/scheduling-eviction/pod-priority-preemption/#priorityclass">Kubernetes
 * documentation</a>).
 */
public final class PriorityClassValid extends BaseRule {
  public PriorityClassValid() {
    super(
        RuleInfo.builder()
            .apiServerRejects(true)
            .id("K8S005")
            .severity(Severity.ERROR)
            .title(
                "PriorityClass value at most 1,000,000,000, no system- name, a known preemptionPolicy")
            .why(
                "The API server rejects a user PriorityClass above 1,000,000,000, named system-*, or with an unknown preemptionPolicy.")
            .fix(
                "Keep the value at most 1,000,000,000, pick another name, and use PreemptLowerPriority or Never.")
            .addKinds("PriorityClass")
            .documentation(
                "https://kubernetes.io/docs/concepts/scheduling-eviction/pod-priority-preemption/#priorityclass")
            .build());
  }

  /** The highest value a user-defined PriorityClass may have. */
  static final int HIGHEST_USER_PRIORITY = 1_000_000_000;

  private static final Set<String> PREEMPTION_POLICIES = Set.of("PreemptLowerPriority", "Never");

  @Override
  public void check(ManifestSet manifests, CheckContext context) {
    for (PriorityClass priorityClass : manifests.ofType(PriorityClass.class)) {
      Integer value = priorityClass.getValue();
      if (value != null && value > HIGHEST_USER_PRIORITY) {
        context.report(
            priorityClass,
            "value",
            "value " + value + " is above 1000000000, the highest a user PriorityClass may have",
            "set value to at most 1000000000");
      }
      String name =
          priorityClass.getMetadata() == null ? null : priorityClass.getMetadata().getName();
      if (name != null && name.startsWith("system-")) {
        context.report(
            priorityClass,
            "metadata.name",
            "the prefix \"system-\" is reserved for built-in PriorityClasses",
            "rename it, e.g. to \"" + name.substring("system-".length()) + "\"");
      }
      String policy = priorityClass.getPreemptionPolicy();
      if (policy != null && !PREEMPTION_POLICIES.contains(policy)) {
        context.report(
            priorityClass,
            "preemptionPolicy",
            "preemptionPolicy \"" + policy + "\" is not a known policy",
            "set preemptionPolicy to PreemptLowerPriority (the default) or Never");
      }
    }
  }
}
