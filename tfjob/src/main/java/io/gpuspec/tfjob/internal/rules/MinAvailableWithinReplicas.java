package io.gpuspec.tfjob.internal.rules;

import io.gpuspec.core.manifest.ManifestSet;
import io.gpuspec.core.report.Severity;
import io.gpuspec.core.spi.BaseRule;
import io.gpuspec.core.spi.CheckContext;
import io.gpuspec.core.spi.RuleInfo;
import io.gpuspec.tfjob.facts.TfJobFacts;

/**
 * TFJ006: {@code runPolicy.schedulingPolicy.minAvailable} is at most the job's total replicas: a
 * gang that waits for more pods than the job creates never starts.
 *
 * <p>Upstream: <a
 * href="https://www.kubeflow.org/docs/components/trainer/legacy-v1/user-guides/tensorflow/">Kubeflow
 * TFJob guide</a>.
 */
public final class MinAvailableWithinReplicas extends BaseRule {
  public MinAvailableWithinReplicas() {
    super(
        RuleInfo.builder()
            .id(TfJobFacts.MIN_AVAILABLE)
            .severity(Severity.ERROR)
            .title("A TFJob's schedulingPolicy.minAvailable is at most its total replicas")
            .why("A gang whose minAvailable exceeds the job's replicas can never be admitted.")
            .fix("Set schedulingPolicy.minAvailable to at most the total number of replicas.")
            .addKinds("TFJob")
            .documentation(TfJobRules.DOCS)
            .build());
  }

  @Override
  public void check(ManifestSet manifests, CheckContext context) {
    TfJobRules.forEachJob(
        manifests,
        job -> TfJobFacts.minAvailable(job).forEach(finding -> context.report(job, finding)));
  }
}
