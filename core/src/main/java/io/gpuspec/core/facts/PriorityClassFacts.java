package io.gpuspec.core.facts;

import io.fabric8.kubernetes.api.model.scheduling.v1.PriorityClass;
import io.gpuspec.core.report.Finding;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;

/**
 * PriorityClasses as the API server admits them (<a
 * href="https://kubernetes.io/docs/concepts/scheduling-eviction/pod-priority-preemption/#priorityclass">Kubernetes
 * documentation</a>): a user class's value is at most one billion, its name does not take the
 * reserved {@code system-} prefix, its preemptionPolicy is known (reported by {@value #VALID}); at
 * most one class of a cluster is the global default ({@value #SINGLE_DEFAULT}). The scheduling
 * module's priority tiers throw the first finding when built.
 */
public final class PriorityClassFacts {

  /** The id of the rule that reports {@link #valid}. */
  public static final String VALID = "K8S005";

  /** The id of the rule that reports {@link #singleGlobalDefault}. */
  public static final String SINGLE_DEFAULT = "K8S006";

  /** The highest value a user-defined PriorityClass may have. */
  public static final int HIGHEST_USER_PRIORITY = 1_000_000_000;

  private static final String SYSTEM_PREFIX = "system-";
  private static final Set<String> PREEMPTION_POLICIES = Set.of("PreemptLowerPriority", "Never");

  private PriorityClassFacts() {}

  /** K8S005: the value, the name's prefix and the preemptionPolicy of one PriorityClass. */
  public static List<Finding> valid(PriorityClass priorityClass) {
    List<Finding> findings = new ArrayList<>();
    Integer value = priorityClass.getValue();
    if (value != null && value > HIGHEST_USER_PRIORITY) {
      findings.add(
          new Finding(
              "value",
              "value " + value + " is above 1000000000, the highest a user PriorityClass may have",
              "set value to at most 1000000000"));
    }
    String name = name(priorityClass);
    if (name.startsWith(SYSTEM_PREFIX)) {
      findings.add(
          new Finding(
              "metadata.name",
              "the prefix \"system-\" is reserved for built-in PriorityClasses",
              "rename it, e.g. to \"" + name.substring(SYSTEM_PREFIX.length()) + "\""));
    }
    String policy = priorityClass.getPreemptionPolicy();
    if (policy != null && !PREEMPTION_POLICIES.contains(policy)) {
      findings.add(
          new Finding(
              "preemptionPolicy",
              "preemptionPolicy \"" + policy + "\" is not a known policy",
              "set preemptionPolicy to PreemptLowerPriority (the default) or Never"));
    }
    return findings;
  }

  /**
   * K8S006: {@code priorityClass} is not a second global default: when it has {@code globalDefault:
   * true}, no class before it in {@code classes} (the set, in order) has.
   */
  public static List<Finding> singleGlobalDefault(
      PriorityClass priorityClass, List<PriorityClass> classes) {
    if (!Boolean.TRUE.equals(priorityClass.getGlobalDefault())) {
      return List.of();
    }
    for (PriorityClass earlier : classes) {
      if (earlier == priorityClass) {
        return List.of();
      }
      if (Boolean.TRUE.equals(earlier.getGlobalDefault())) {
        String first = "PriorityClass \"" + name(earlier) + "\"";
        return List.of(
            new Finding(
                "globalDefault",
                "globalDefault: true, but "
                    + first
                    + " is already the global default; admission rejects a second one",
                "set globalDefault: false here, or on " + first));
      }
    }
    return List.of();
  }

  private static String name(PriorityClass priorityClass) {
    return priorityClass.getMetadata() == null || priorityClass.getMetadata().getName() == null
        ? ""
        : priorityClass.getMetadata().getName();
  }
}
