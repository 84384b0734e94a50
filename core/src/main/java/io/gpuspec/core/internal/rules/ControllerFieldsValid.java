package io.gpuspec.core.internal.rules;

import io.fabric8.kubernetes.api.model.HasMetadata;
import io.fabric8.kubernetes.api.model.apps.DaemonSet;
import io.fabric8.kubernetes.api.model.apps.Deployment;
import io.fabric8.kubernetes.api.model.apps.ReplicaSet;
import io.fabric8.kubernetes.api.model.apps.StatefulSet;
import io.fabric8.kubernetes.api.model.batch.v1.Job;
import io.gpuspec.core.facts.ControllerFacts;
import io.gpuspec.core.manifest.ManifestSet;
import io.gpuspec.core.report.Finding;
import io.gpuspec.core.report.Severity;
import io.gpuspec.core.spi.BaseRule;
import io.gpuspec.core.spi.CheckContext;
import io.gpuspec.core.spi.RuleInfo;
import java.util.List;

/**
 * K8S030: the API server rejects a Deployment, ReplicaSet, DaemonSet or StatefulSet with negative
 * counts, an {@code activeDeadlineSeconds} in its pod template, an unknown update strategy or
 * rolling-update amounts that are malformed or stop the rollout, a malformed selector expression,
 * or (StatefulSet) a name or serviceName that is not a DNS label; and a Job's hand-written selector
 * with a malformed expression. The facts are {@link ControllerFacts}.
 *
 * <p>Upstream: <a
 * href="https://kubernetes.io/docs/concepts/workloads/controllers/deployment/#writing-a-deployment-spec">Writing
 * a Deployment spec</a> and <a
 * href="https://github.com/kubernetes/kubernetes/blob/master/pkg/apis/apps/validation/validation.go">apps
 * validation</a>.
 */
public final class ControllerFieldsValid extends BaseRule {
  public ControllerFieldsValid() {
    super(
        RuleInfo.builder()
            .apiServerRejects(true)
            .id(ControllerFacts.RULE)
            .severity(Severity.ERROR)
            .title("Controllers' counts, update strategies and selector expressions are valid")
            .why(
                "The API server rejects apps/v1 controllers with negative replicas or limits, activeDeadlineSeconds in the pod template, unknown strategy types, rollingUpdate with Recreate or OnDelete, maxSurge and maxUnavailable that are not counts or percentages or are both 0, selector expressions of the wrong form, and StatefulSets whose name or serviceName is not a DNS label.")
            .fix(
                "Keep counts at 0 or more, drop activeDeadlineSeconds from the template, use RollingUpdate/Recreate (Deployment) or RollingUpdate/OnDelete (DaemonSet, StatefulSet) with amounts such as 1 or \"25%\", and name StatefulSets without dots.")
            .addKinds("Deployment", "ReplicaSet", "DaemonSet", "StatefulSet", "Job")
            .documentation(
                "https://kubernetes.io/docs/concepts/workloads/controllers/deployment/#writing-a-deployment-spec")
            .build());
  }

  @Override
  public void check(ManifestSet manifests, CheckContext context) {
    for (HasMetadata object : manifests) {
      findings(object).forEach(f -> context.report(object, f));
    }
  }

  private static List<Finding> findings(HasMetadata object) {
    if (object instanceof Deployment d) {
      return ControllerFacts.deployment(d.getSpec());
    } else if (object instanceof ReplicaSet r) {
      return ControllerFacts.replicaSet(r.getSpec());
    } else if (object instanceof DaemonSet d) {
      return ControllerFacts.daemonSet(d.getSpec());
    } else if (object instanceof StatefulSet s) {
      String name = s.getMetadata() == null ? null : s.getMetadata().getName();
      return ControllerFacts.statefulSet(name, s.getSpec());
    } else if (object instanceof Job job && job.getSpec() != null) {
      return ControllerFacts.selectorExpressions("spec.selector", job.getSpec().getSelector());
    }
    return List.of();
  }
}
