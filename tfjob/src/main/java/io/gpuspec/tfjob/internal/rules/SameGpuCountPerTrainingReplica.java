package io.gpuspec.tfjob.internal.rules;

import io.gpuspec.core.manifest.ManifestSet;
import io.gpuspec.core.report.Severity;
import io.gpuspec.core.spi.BaseRule;
import io.gpuspec.core.spi.CheckContext;
import io.gpuspec.core.spi.RuleInfo;
import io.gpuspec.tfjob.facts.TfJobFacts;

/**
 * TFJ004: the Chief/Master and Worker replicas that request GPUs all request the same number per
 * pod. Synchronous data-parallel training runs at the pace of the slowest replica, so unequal GPU
 * counts waste GPUs; a best practice, hence a warning.
 *
 * <p>Upstream: <a
 * href="https://www.kubeflow.org/docs/components/trainer/legacy-v1/user-guides/tensorflow/">Kubeflow
 * TFJob guide</a>.
 */
public final class SameGpuCountPerTrainingReplica extends BaseRule {
  public SameGpuCountPerTrainingReplica() {
    super(
        RuleInfo.builder()
            .id(TfJobFacts.TRAINING_GPU_COUNTS)
            .severity(Severity.WARNING)
            .title(
                "GPU-requesting Chief/Master/Worker replicas of a TFJob request the same GPU count")
            .why(
                "Chief, Master and Worker replicas that train together should request the same GPU count, or the slowest replica paces the job.")
            .fix("Give every GPU-requesting training replica the same GPU count.")
            .addKinds("TFJob")
            .documentation(TfJobRules.DOCS)
            .build());
  }

  @Override
  public void check(ManifestSet manifests, CheckContext context) {
    TfJobRules.forEachJob(
        manifests,
        job -> TfJobFacts.trainingGpuCounts(job).forEach(finding -> context.report(job, finding)));
  }
}
