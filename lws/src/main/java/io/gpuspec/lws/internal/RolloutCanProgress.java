package io.gpuspec.lws.internal;

import io.fabric8.kubernetes.api.model.GenericKubernetesResource;
import io.gpuspec.core.manifest.ManifestSet;
import io.gpuspec.core.report.Severity;
import io.gpuspec.core.spi.BaseRule;
import io.gpuspec.core.spi.CheckContext;
import io.gpuspec.core.spi.RuleInfo;
import io.gpuspec.lws.facts.LwsFacts;

/**
 * LWS001 (error): a LeaderWorkerSet's rolling update can make progress: {@code maxUnavailable} and
 * {@code maxSurge} are valid counts or percentages and not both 0. The LWS webhook rejects the
 * object otherwise.
 *
 * <p>Upstream: <a href="https://lws.sigs.k8s.io/docs/concepts/rollout-strategy/">LeaderWorkerSet
 * rollout strategy</a>.
 */
public final class RolloutCanProgress extends BaseRule {

  public RolloutCanProgress() {
    super(
        RuleInfo.builder()
            .id(LwsFacts.ROLLOUT)
            .severity(Severity.ERROR)
            .title("A LeaderWorkerSet's rolling update can take a group down or add one")
            .why(
                "The LeaderWorkerSet webhook rejects maxUnavailable and maxSurge that are negative,"
                    + " above 100% or both 0: an update could never replace a group.")
            .fix("Set maxUnavailable to 1, or maxSurge to 1 to add a group before removing one.")
            .addKinds(LwsFacts.KIND)
            .apiServerRejects(true)
            .documentation("https://lws.sigs.k8s.io/docs/concepts/rollout-strategy/")
            .build());
  }

  @Override
  public void check(ManifestSet manifests, CheckContext context) {
    for (GenericKubernetesResource object : manifests.ofType(GenericKubernetesResource.class)) {
      if (LwsFacts.isLeaderWorkerSet(object)) {
        LwsFacts.rollout(object).forEach(finding -> context.report(object, finding));
      }
    }
  }
}
