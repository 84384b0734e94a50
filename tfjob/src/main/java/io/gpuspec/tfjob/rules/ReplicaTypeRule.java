package io.gpuspec.tfjob.rules;

import io.gpuspec.core.check.BaseRule;
import io.gpuspec.core.check.CheckContext;
import io.gpuspec.core.check.Severity;
import io.gpuspec.core.manifest.ManifestSet;
import io.gpuspec.tfjob.ReplicaType;

/**
 * TFJ001: {@code spec.tfReplicaSpecs} is not empty and its keys are Chief, Master, Worker, PS or
 * Evaluator (case-sensitive); the operator's webhook rejects anything else.
 */
public final class ReplicaTypeRule extends BaseRule {
  public ReplicaTypeRule() {
    super(
        "TFJ001",
        Severity.ERROR,
        "TFJob replica types are among " + String.join(", ", ReplicaType.keys()),
        TfJobRules.DOCS);
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
