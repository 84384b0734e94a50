package io.gpuspec.cel.internal.rules;

import io.fabric8.kubernetes.api.model.HasMetadata;
import io.gpuspec.cel.internal.crd.CrdCatalog;
import io.gpuspec.cel.internal.crd.CrdFileException;
import io.gpuspec.core.manifest.ManifestSet;
import io.gpuspec.core.spi.UntypedKinds;
import java.nio.file.Path;
import java.util.List;
import java.util.function.Predicate;

/**
 * The objects CRD001 and CRD002 validate: those whose apiVersion is a served version of a CRD
 * (bundled, given by the user, or in the set). They are not "kind not known".
 */
public final class CrdDefinedKinds implements UntypedKinds {

  @Override
  public Predicate<HasMetadata> validatedIn(ManifestSet manifests, List<Path> crdFiles) {
    CrdCatalog catalog;
    try {
      catalog = CrdResources.catalog(manifests, crdFiles);
    } catch (CrdFileException e) {
      return object -> false; // CRD001 reports the unreadable file
    }
    return object ->
        object.getApiVersion() != null
            && object.getKind() != null
            && catalog.find(object.getApiVersion(), object.getKind()).isPresent();
  }
}
