package io.gpuspec.core.internal.rules;

import io.fabric8.kubernetes.api.model.scheduling.v1.PriorityClass;
import io.gpuspec.core.facts.PriorityClassFacts;
import io.gpuspec.core.manifest.ManifestSet;
import io.gpuspec.core.report.Severity;
import io.gpuspec.core.spi.BaseRule;
import io.gpuspec.core.spi.CheckContext;
import io.gpuspec.core.spi.RuleInfo;

/**
 * K8S005: the API server rejects a user PriorityClass whose value is above one billion, whose name
 * takes the reserved {@code system-} prefix, or whose preemptionPolicy is not {@code
 * PreemptLowerPriority} or {@code Never} (<a
 * href="https://kubernetes.io/docs/concepts/scheduling-eviction/pod-priority-preemption/#priorityclass">Kubernetes
 * documentation</a>). The fact is {@link PriorityClassFacts#valid}.
 */
public final class PriorityClassValid extends BaseRule {
  public PriorityClassValid() {
    super(
        RuleInfo.builder()
            .apiServerRejects(true)
            .id(PriorityClassFacts.VALID)
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

  @Override
  public void check(ManifestSet manifests, CheckContext context) {
    for (PriorityClass priorityClass : manifests.ofType(PriorityClass.class)) {
      PriorityClassFacts.valid(priorityClass).forEach(f -> context.report(priorityClass, f));
    }
  }
}
