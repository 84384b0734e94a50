package io.gpuspec.tfjob.internal.rules;

import io.gpuspec.core.kubeflow.ReplicaSpec;
import io.gpuspec.core.kubeflow.SchedulingPolicy;
import io.gpuspec.core.manifest.ManifestSet;
import io.gpuspec.core.report.Severity;
import io.gpuspec.core.spi.BaseRule;
import io.gpuspec.core.spi.CheckContext;
import io.gpuspec.core.spi.RuleInfo;

/**
 * TFJ006: {@code runPolicy.schedulingPolicy.minAvailable} is at most the job's total replicas: a
 * gang that waits for more pods than the job creates never starts.
 */
public final class MinAvailableWithinReplicas extends BaseRule {
  public MinAvailableWithinReplicas() {
    super(
        RuleInfo.builder()
            .id("TFJ006")
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
        job -> {
          if (job.getSpec() == null
              || job.getSpec().getRunPolicy() == null
              || job.getSpec().getRunPolicy().getSchedulingPolicy() == null) {
            return;
          }
          SchedulingPolicy policy = job.getSpec().getRunPolicy().getSchedulingPolicy();
          long total = // long: int32 replica counts can add up past Integer.MAX_VALUE
              TfJobRules.replicaSpecs(job).values().stream()
                  .mapToLong(ReplicaSpec::replicaCount)
                  .sum();
          if (policy.getMinAvailable() != null && policy.getMinAvailable() > total) {
            context.report(
                job,
                "spec.runPolicy.schedulingPolicy.minAvailable",
                "the gang waits for "
                    + policy.getMinAvailable()
                    + " pods but the job creates "
                    + total
                    + ", so it never starts",
                "set minAvailable to at most " + total);
          }
        });
  }
}
