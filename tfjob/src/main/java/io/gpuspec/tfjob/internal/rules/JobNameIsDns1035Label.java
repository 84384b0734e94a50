package io.gpuspec.tfjob.internal.rules;

import io.gpuspec.core.Labels;
import io.gpuspec.core.manifest.ManifestSet;
import io.gpuspec.core.report.Severity;
import io.gpuspec.core.spi.BaseRule;
import io.gpuspec.core.spi.CheckContext;
import io.gpuspec.core.spi.RuleInfo;

/**
 * TFJ005: the TFJob name is a DNS-1035 label (a lower-case letter first, at most 63 characters),
 * since the operator names Services after it; its webhook rejects other names.
 */
public final class JobNameIsDns1035Label extends BaseRule {
  public JobNameIsDns1035Label() {
    super(
        RuleInfo.builder()
            .id("TFJ005")
            .severity(Severity.ERROR)
            .title("A TFJob name is a DNS-1035 label")
            .why(
                "The operator names services after the job, so a TFJob name must be a DNS-1035 label.")
            .fix("Use at most 63 lower-case letters, digits and '-', starting with a letter.")
            .addKinds("TFJob")
            .documentation(TfJobRules.DOCS)
            .build());
  }

  @Override
  public void check(ManifestSet manifests, CheckContext context) {
    TfJobRules.forEachJob(
        manifests,
        job -> {
          String name = job.getMetadata() == null ? null : job.getMetadata().getName();
          if (!Labels.isDns1035Label(name)) {
            context.report(
                job,
                "metadata.name",
                "\"" + name + "\" is not a DNS-1035 label",
                "use at most 63 lower-case letters, digits and '-', starting with a letter");
          }
        });
  }
}
