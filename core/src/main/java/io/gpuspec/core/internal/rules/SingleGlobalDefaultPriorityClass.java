package io.gpuspec.core.internal.rules;

import io.fabric8.kubernetes.api.model.scheduling.v1.PriorityClass;
import io.gpuspec.core.manifest.ManifestSet;
import io.gpuspec.core.report.Severity;
import io.gpuspec.core.spi.BaseRule;
import io.gpuspec.core.spi.CheckContext;
import io.gpuspec.core.spi.RuleInfo;
import io.gpuspec.core.spi.Subject;

/**
 * K8S006: at most one PriorityClass in a cluster may be the global default; admission rejects a
 * second one (<a
 * href="https://kubernetes.io/docs/concepts/scheduling-eviction/pod-priority-preemption/#priorityclass">Kubernetes
 * documentation</a>). Every default after the first in the set is reported.
 */
public final class SingleGlobalDefaultPriorityClass extends BaseRule {
  public SingleGlobalDefaultPriorityClass() {
    super(
        RuleInfo.builder()
            .apiServerRejects(true)
            .id("K8S006")
            .severity(Severity.ERROR)
            .title("At most one PriorityClass has globalDefault: true")
            .why("Admission rejects a second PriorityClass with globalDefault: true.")
            .fix("Keep globalDefault: true on exactly one PriorityClass.")
            .addKinds("PriorityClass")
            .documentation(
                "https://kubernetes.io/docs/concepts/scheduling-eviction/pod-priority-preemption/#priorityclass")
            .build());
  }

  @Override
  public void check(ManifestSet manifests, CheckContext context) {
    PriorityClass first = null;
    for (PriorityClass priorityClass : manifests.ofType(PriorityClass.class)) {
      if (!Boolean.TRUE.equals(priorityClass.getGlobalDefault())) {
        continue;
      }
      if (first == null) {
        first = priorityClass;
        continue;
      }
      context.report(
          priorityClass,
          "globalDefault",
          "globalDefault: true, but "
              + Subject.of(first)
              + " is already the global default; admission rejects a second one",
          "set globalDefault: false here, or on " + Subject.of(first));
    }
  }
}
