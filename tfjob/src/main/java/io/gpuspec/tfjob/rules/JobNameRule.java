package io.gpuspec.tfjob.rules;

import io.gpuspec.core.Labels;
import io.gpuspec.core.check.BaseRule;
import io.gpuspec.core.check.CheckContext;
import io.gpuspec.core.check.Severity;
import io.gpuspec.core.manifest.ManifestSet;

/**
 * TFJ005: the TFJob name is a DNS-1035 label (a lower-case letter first, at most 63 characters),
 * since the operator names Services after it; its webhook rejects other names.
 */
public final class JobNameRule extends BaseRule {
  public JobNameRule() {
    super("TFJ005", Severity.ERROR, "A TFJob name is a DNS-1035 label", TfJobRules.DOCS);
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
