package io.gpuspec.scheduling.internal.rules;

import io.fabric8.kubernetes.api.model.PersistentVolumeClaim;
import io.gpuspec.core.manifest.ManifestSet;
import io.gpuspec.core.report.Severity;
import io.gpuspec.core.spi.BaseRule;
import io.gpuspec.core.spi.CheckContext;
import io.gpuspec.core.spi.RuleInfo;
import io.gpuspec.scheduling.facts.StorageFacts;

/**
 * SCH023: a PersistentVolumeClaim requests more than zero storage; the API server rejects one that
 * requests none (https://kubernetes.io/docs/concepts/storage/persistent-volumes/). The fact is
 * {@link StorageFacts#requestsStorage}.
 */
public final class ClaimsRequestStorage extends BaseRule {

  public ClaimsRequestStorage() {
    super(
        RuleInfo.builder()
            .apiServerRejects(true)
            .id("SCH023")
            .severity(Severity.ERROR)
            .title("A PersistentVolumeClaim requests more than zero storage")
            .why("The API server rejects a PersistentVolumeClaim that requests no storage.")
            .fix("Request the size of the volume, e.g. storage: 500Gi.")
            .addKinds("PersistentVolumeClaim")
            .documentation(
                "https://kubernetes.io/docs/concepts/storage/persistent-volumes/#persistentvolumeclaims")
            .build());
  }

  @Override
  public void check(ManifestSet manifests, CheckContext context) {
    for (PersistentVolumeClaim claim : manifests.ofType(PersistentVolumeClaim.class)) {
      StorageFacts.requestsStorage(claim).forEach(f -> context.report(claim, f));
    }
  }
}
