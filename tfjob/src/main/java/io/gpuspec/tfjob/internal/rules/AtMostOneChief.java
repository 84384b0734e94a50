package io.gpuspec.tfjob.internal.rules;

import io.gpuspec.core.manifest.ManifestSet;
import io.gpuspec.core.report.Severity;
import io.gpuspec.core.spi.BaseRule;
import io.gpuspec.core.spi.CheckContext;
import io.gpuspec.core.spi.RuleInfo;
import io.gpuspec.tfjob.facts.TfJobFacts;

/**
 * TFJ002: a TFJob has at most one of Chief and Master, and it runs at most one pod; the operator's
 * webhook rejects more.
 *
 * <p>Upstream: <a
 * href="https://www.kubeflow.org/docs/components/trainer/legacy-v1/user-guides/tensorflow/">Kubeflow
 * TFJob guide</a>.
 */
public final class AtMostOneChief extends BaseRule {
  public AtMostOneChief() {
    super(
        RuleInfo.builder()
            .id(TfJobFacts.COORDINATOR)
            .severity(Severity.ERROR)
            .title("A TFJob has at most one Chief or Master replica spec, with at most 1 replica")
            .why(
                "A TFJob has at most one Chief or Master, with at most one replica; the operator rejects more.")
            .fix("Keep one Chief (or Master) replica spec with replicas: 1.")
            .addKinds("TFJob")
            .documentation(TfJobRules.DOCS)
            .build());
  }

  @Override
  public void check(ManifestSet manifests, CheckContext context) {
    TfJobRules.forEachJob(
        manifests,
        job -> TfJobFacts.coordinator(job).forEach(finding -> context.report(job, finding)));
  }
}
