package io.gpuspec.tfjob.internal.rules;

import io.gpuspec.core.kubeflow.ReplicaSpec;
import io.gpuspec.core.manifest.ManifestSet;
import io.gpuspec.core.report.Severity;
import io.gpuspec.core.spi.BaseRule;
import io.gpuspec.core.spi.CheckContext;
import io.gpuspec.core.spi.RuleInfo;
import io.gpuspec.tfjob.ReplicaType;
import java.util.Map;

/**
 * TFJ002: a TFJob has at most one of Chief and Master, and it runs at most one pod; the operator's
 * webhook rejects more.
 */
public final class AtMostOneChief extends BaseRule {
  public AtMostOneChief() {
    super(
        RuleInfo.builder()
            .id("TFJ002")
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
