package io.gpuspec.tfjob.rules;

import io.gpuspec.core.Labels;
import io.gpuspec.core.check.CheckContext;
import io.gpuspec.core.check.Rule;
import io.gpuspec.core.check.Severity;
import io.gpuspec.core.manifest.ManifestSet;
import java.net.URI;

/**
 * TFJ005: the TFJob name is a DNS-1035 label (a lower-case letter first, at most 63 characters),
 * since the operator names Services after it; its webhook rejects other names.
 */
public final class JobNameRule implements Rule {

  @Override
  public String id() {
    return "TFJ005";
  }

  @Override
  public String description() {
    return "A TFJob name is a DNS-1035 label";
  }

  @Override
  public Severity severity() {
    return Severity.ERROR;
  }

  @Override
  public URI documentation() {
    return TfJobRules.DOCS;
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
