package io.gpuspec.scheduling.internal.rules;

import io.fabric8.kubernetes.api.model.storage.StorageClass;
import io.gpuspec.core.manifest.ManifestSet;
import io.gpuspec.core.report.Severity;
import io.gpuspec.core.spi.BaseRule;
import io.gpuspec.core.spi.CheckContext;
import io.gpuspec.core.spi.RuleInfo;
import io.gpuspec.scheduling.facts.StorageClassFacts;

/**
 * SCH033: the API server rejects a StorageClass without a provisioner that is a qualified name,
 * with too many or too large parameters, an unknown reclaimPolicy or volumeBindingMode, or
 * malformed allowedTopologies. The fact is {@link StorageClassFacts#valid}.
 *
 * <p>Upstream: <a href="https://kubernetes.io/docs/concepts/storage/storage-classes/">Storage
 * classes</a> and <a
 * href="https://github.com/kubernetes/kubernetes/blob/master/pkg/apis/storage/validation/validation.go">storage
 * validation</a>.
 */
public final class StorageClassValid extends BaseRule {
  public StorageClassValid() {
    super(
        RuleInfo.builder()
            .apiServerRejects(true)
            .id(StorageClassFacts.RULE)
            .severity(Severity.ERROR)
            .title("A StorageClass has a provisioner and known policies and topologies")
            .why(
                "The API server rejects a StorageClass whose provisioner is missing or not a qualified name, with more than 512 parameters or 256 KiB of them or an empty key, a reclaimPolicy other than Delete or Retain, a volumeBindingMode other than Immediate or WaitForFirstConsumer, or allowedTopologies with empty, repeated or invalid expressions.")
            .fix(
                "Name the CSI driver as provisioner, use Delete or Retain and Immediate or WaitForFirstConsumer, and give each allowedTopologies term a key and values once.")
            .addKinds("StorageClass")
            .documentation("https://kubernetes.io/docs/concepts/storage/storage-classes/")
            .build());
  }

  @Override
  public void check(ManifestSet manifests, CheckContext context) {
    for (StorageClass storageClass : manifests.ofType(StorageClass.class)) {
      StorageClassFacts.valid(storageClass).forEach(f -> context.report(storageClass, f));
    }
  }
}
