package io.gpuspec.core.check.rules;

import io.fabric8.kubernetes.api.model.scheduling.v1.PriorityClass;
import io.gpuspec.core.check.BaseRule;
import io.gpuspec.core.check.CheckContext;
import io.gpuspec.core.check.Severity;
import io.gpuspec.core.manifest.ManifestSet;
import java.net.URI;

/**
 * K8S006: at most one PriorityClass in a cluster may be the global default; admission rejects a
 * second one (GPU-FACTS §1). Every default after the first in the set is reported.
 */
public final class K8s006SingleGlobalDefault extends BaseRule {
  public K8s006SingleGlobalDefault() {
    super(
        "K8S006",
        Severity.ERROR,
        "At most one PriorityClass has globalDefault: true",
        URI.create(
            "https://kubernetes.io/docs/concepts/scheduling-eviction/pod-priority-preemption/#priorityclass"));
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
          Subjects.of(priorityClass)
              + ": globalDefault: true, but "
              + Subjects.of(first)
              + " is already the global default; admission rejects a second one",
          "set globalDefault: false here, or on " + Subjects.of(first));
    }
  }
}
