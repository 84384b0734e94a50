package io.gpuspec.core.check.rules;

import io.fabric8.kubernetes.api.model.scheduling.v1.PriorityClass;
import io.gpuspec.core.check.BaseRule;
import io.gpuspec.core.check.CheckContext;
import io.gpuspec.core.check.Severity;
import io.gpuspec.core.manifest.ManifestSet;
import java.net.URI;
import java.util.Set;

/**
 * K8S005: the API server rejects a user PriorityClass whose value is above one billion, whose name
 * takes the reserved {@code system-} prefix, or whose preemptionPolicy is not {@code
 * PreemptLowerPriority} or {@code Never} (GPU-FACTS §1).
 */
public final class K8s005PriorityClass extends BaseRule {
  public K8s005PriorityClass() {
    super(
        "K8S005",
        Severity.ERROR,
        "PriorityClass value at most 1,000,000,000, no system- name, a known preemptionPolicy",
        URI.create(
            "https://kubernetes.io/docs/concepts/scheduling-eviction/pod-priority-preemption/#priorityclass"));
  }

  /** The highest value a user-defined PriorityClass may have. */
  static final int HIGHEST_USER_PRIORITY = 1_000_000_000;

  private static final Set<String> PREEMPTION_POLICIES = Set.of("PreemptLowerPriority", "Never");

  @Override
  public void check(ManifestSet manifests, CheckContext context) {
    for (PriorityClass priorityClass : manifests.ofType(PriorityClass.class)) {
      String subject = Subjects.of(priorityClass);
      Integer value = priorityClass.getValue();
      if (value != null && value > HIGHEST_USER_PRIORITY) {
        context.report(
            priorityClass,
            "value",
            subject
                + ": value "
                + value
                + " is above 1000000000, the highest a user PriorityClass may have",
            "set value to at most 1000000000");
      }
      String name =
          priorityClass.getMetadata() == null ? null : priorityClass.getMetadata().getName();
      if (name != null && name.startsWith("system-")) {
        context.report(
            priorityClass,
            "metadata.name",
            subject + ": the prefix \"system-\" is reserved for built-in PriorityClasses",
            "rename it, e.g. to \"" + name.substring("system-".length()) + "\"");
      }
      String policy = priorityClass.getPreemptionPolicy();
      if (policy != null && !PREEMPTION_POLICIES.contains(policy)) {
        context.report(
            priorityClass,
            "preemptionPolicy",
            subject + ": preemptionPolicy \"" + policy + "\" is not a known policy",
            "set preemptionPolicy to PreemptLowerPriority (the default) or Never");
      }
    }
  }
}
