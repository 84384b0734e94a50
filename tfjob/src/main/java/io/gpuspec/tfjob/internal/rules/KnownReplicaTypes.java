package io.gpuspec.tfjob.internal.rules;

import io.gpuspec.core.manifest.ManifestSet;
import io.gpuspec.core.report.Severity;
import io.gpuspec.core.spi.BaseRule;
import io.gpuspec.core.spi.CheckContext;
import io.gpuspec.core.spi.RuleInfo;
import io.gpuspec.tfjob.ReplicaType;

/**
 * TFJ001: {@code spec.tfReplicaSpecs} is not empty and its keys are Chief, Master, Worker, PS or
 * Evaluator (case-sensitive); the operator's webhook rejects anything else.
 *
 * <p>Upstream: <a
 * href="https://www.kubeflow.org/docs/components/trainer/legacy-v1/user-guides/tensorflow/">Kubeflow
 * TFJob guide</a>.
 */
public final class KnownReplicaTypes extends BaseRule {
  public KnownReplicaTypes() {
    super(
        RuleInfo.builder()
            .id("TFJ001")
            .severity(Severity.ERROR)
            .title("TFJob replica types are among " + String.join(", ", ReplicaType.keys()))
            .why(
                "The training operator only knows the replica types Chief, Master, Worker, PS and Evaluator; other keys are rejected or ignored.")
            .fix("Rename the replica spec to one of the known types.")
            .addKinds("TFJob")
            .documentation(TfJobRules.DOCS)
            .build());
  }

  @Override
  public void check(ManifestSet manifests, CheckContext context) {
    TfJobRules.forEachJob(
        manifests,
        job -> {
          if (TfJobRules.replicaSpecs(job).isEmpty()) {
            context.report(
                job,
                "spec.tfReplicaSpecs",
                "the job has no replica specs",
                "add at least a Worker replica spec");
          }
          for (String type : TfJobRules.replicaSpecs(job).keySet()) {
            if (ReplicaType.of(type).isEmpty()) {
              context.report(
                  job,
                  TfJobRules.path(type),
                  "\"" + type + "\" is not a TFJob replica type",
                  "use one of " + String.join(", ", ReplicaType.keys()) + " (case-sensitive)");
            }
          }
        });
  }
}
