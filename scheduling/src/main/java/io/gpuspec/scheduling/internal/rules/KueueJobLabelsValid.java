package io.gpuspec.scheduling.internal.rules;

import io.fabric8.kubernetes.api.model.HasMetadata;
import io.gpuspec.core.manifest.ManifestSet;
import io.gpuspec.core.report.Severity;
import io.gpuspec.core.spi.BaseRule;
import io.gpuspec.core.spi.CheckContext;
import io.gpuspec.core.spi.RuleInfo;
import io.gpuspec.scheduling.facts.KueueJobLabelFacts;

/**
 * SCH036: Kueue's job webhooks reject a job whose queue-name label or annotation, or whose
 * prebuilt-workload-name label, is not an object name, or whose max-exec-time-seconds label is not
 * a positive integer. The fact is {@link KueueJobLabelFacts#labels}.
 *
 * <p>Upstream: <a href="https://kueue.sigs.k8s.io/docs/tasks/run/jobs/">Kueue: run a Job</a>.
 */
public final class KueueJobLabelsValid extends BaseRule {
  public KueueJobLabelsValid() {
    super(
        RuleInfo.builder()
            .apiServerRejects(true)
            .id(KueueJobLabelFacts.RULE)
            .severity(Severity.ERROR)
            .title("A job's Kueue queue-name, prebuilt-workload and max-exec-time labels are valid")
            .why(
                "Kueue's job webhooks reject a kueue.x-k8s.io/queue-name or prebuilt-workload-name that is not a DNS subdomain (a label value may hold upper case and '_', an object name may not) and a max-exec-time-seconds label that is not a positive integer.")
            .fix(
                "Name the LocalQueue as its metadata.name (lower case, digits, '-', '.'), and give max-exec-time-seconds in whole seconds above 0.")
            .addKinds("Job", "JobSet", "TrainJob", "PyTorchJob", "RayJob", "Deployment", "*")
            .documentation("https://kueue.sigs.k8s.io/docs/tasks/run/jobs/")
            .build());
  }

  @Override
  public void check(ManifestSet manifests, CheckContext context) {
    for (HasMetadata object : manifests) {
      KueueJobLabelFacts.labels(object).forEach(f -> context.report(object, f));
    }
  }
}
