package io.gpuspec.cel.internal.rules;

import io.fabric8.kubernetes.api.model.HasMetadata;
import io.gpuspec.cel.internal.crd.CrdCatalog;
import io.gpuspec.cel.internal.crd.CrdFileException;
import io.gpuspec.cel.internal.crd.CrdValidation;
import io.gpuspec.core.manifest.ManifestSet;
import io.gpuspec.core.spi.CheckContext;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * The CRD catalog a check uses: the bundled CRDs, the user's CRD files, and the CRDs in the set
 * itself. User files are read once per check (shared by the rules of the check), never kept across
 * checks: a file may change between two checks of a long-lived build.
 */
final class CrdResources {

  private static final String SHARED_KEY = CrdResources.class.getName() + ".files";

  private CrdResources() {}

  static CrdCatalog catalog(ManifestSet manifests, CheckContext context) throws CrdFileException {
    List<Path> paths = List.copyOf(context.crdFiles());
    Object files = context.shared(SHARED_KEY, () -> files(paths));
    return plusSet(files, manifests);
  }

  /** The catalog of one lint, read afresh: the bundled CRDs, {@code crdFiles}, the set's CRDs. */
  static CrdCatalog catalog(ManifestSet manifests, List<Path> crdFiles) throws CrdFileException {
    return plusSet(files(List.copyOf(crdFiles)), manifests);
  }

  /** The catalog of the user's files, or the exception reading them. */
  private static Object files(List<Path> paths) {
    if (paths.isEmpty()) {
      return CrdCatalog.bundled();
    }
    try {
      return CrdCatalog.withFiles(paths);
    } catch (CrdFileException e) {
      return e;
    }
  }

  private static CrdCatalog plusSet(Object files, ManifestSet manifests) throws CrdFileException {
    if (files instanceof CrdFileException e) {
      throw e;
    }
    List<HasMetadata> crds = new ArrayList<>();
    for (HasMetadata object : manifests) {
      if ("CustomResourceDefinition".equals(object.getKind())) {
        crds.add(object);
      }
    }
    return CrdValidation.plusDefinitions((CrdCatalog) files, crds);
  }
}
