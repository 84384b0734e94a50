package io.gpuspec.tfjob.rules;

import io.gpuspec.core.check.BaseRule;
import io.gpuspec.core.check.CheckContext;
import io.gpuspec.core.check.Severity;
import io.gpuspec.core.manifest.ManifestSet;
import io.gpuspec.tfjob.ReplicaType;
import io.gpuspec.tfjob.model.ReplicaSpec;
import java.util.Map;

/**
 * TFJ002: a TFJob has at most one of Chief and Master, and it runs at most one pod; the operator's
 * webhook rejects more.
 */
public final class ChiefRule extends BaseRule {
  public ChiefRule() {
    super(
        "TFJ002",
        Severity.ERROR,
        "A TFJob has at most one Chief or Master replica spec, with at most 1 replica",
        TfJobRules.DOCS);
  }

  @Override
  public void check(ManifestSet manifests, CheckContext context) {
    TfJobRules.forEachJob(
        manifests,
        job -> {
          Map<String, ReplicaSpec> specs = TfJobRules.replicaSpecs(job);
          if (specs.containsKey(ReplicaType.CHIEF.text())
              && specs.containsKey(ReplicaType.MASTER.text())) {
            context.report(
                job,
                TfJobRules.path(ReplicaType.MASTER.text()),
                "the job has both a Chief and a Master replica spec",
                "keep only one of them: both name the coordinating replica");
          }
          specs.forEach(
              (type, spec) -> {
                boolean chief = ReplicaType.of(type).map(ReplicaType::isChief).orElse(false);
                if (chief && spec.replicaCount() > 1) {
                  context.report(
                      job,
                      TfJobRules.path(type) + ".replicas",
                      type + " has " + spec.replicaCount() + " replicas",
                      "set replicas to 1 and run further pods as Worker replicas");
                }
              });
        });
  }
}
