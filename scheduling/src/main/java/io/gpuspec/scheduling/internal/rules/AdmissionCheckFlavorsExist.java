package io.gpuspec.scheduling.internal.rules;

import io.gpuspec.core.manifest.ManifestSet;
import io.gpuspec.core.report.Severity;
import io.gpuspec.core.spi.BaseRule;
import io.gpuspec.core.spi.CheckContext;
import io.gpuspec.core.spi.RuleInfo;
import io.gpuspec.scheduling.facts.KueueAdmissionFacts;
import io.gpuspec.scheduling.model.kueue.ClusterQueue;

/**
 * SCH043: the flavors an admission check of a ClusterQueue applies to ({@code
 * admissionChecksStrategy.admissionChecks[].onFlavors}) are flavors of the queue, as Kueue's
 * webhook requires. The fact is {@link KueueAdmissionFacts#admissionCheckFlavors}.
 *
 * <p>Upstream: <a
 * href="https://github.com/kubernetes-sigs/kueue/blob/v0.19.2/pkg/webhooks/clusterqueue_webhook.go">Kueue's
 * ClusterQueue webhook</a>.
 */
public final class AdmissionCheckFlavorsExist extends BaseRule {

  public AdmissionCheckFlavorsExist() {
    super(
        RuleInfo.builder()
            .apiServerRejects(true)
            .id("SCH043")
            .severity(Severity.ERROR)
            .title("An admission check's onFlavors are flavors of its ClusterQueue")
            .why(
                "Kueue's ClusterQueue webhook rejects an admission check whose onFlavors names a flavor the queue's resource groups do not have.")
            .fix("Name flavors of the queue's resource groups in onFlavors.")
            .addKinds("ClusterQueue")
            .documentation(Sched.KUEUE_CLUSTER_QUEUE_DOCS)
            .build());
  }

  @Override
  public void check(ManifestSet manifests, CheckContext context) {
    for (ClusterQueue queue : manifests.ofType(ClusterQueue.class)) {
      KueueAdmissionFacts.admissionCheckFlavors(queue).forEach(f -> context.report(queue, f));
    }
  }
}
