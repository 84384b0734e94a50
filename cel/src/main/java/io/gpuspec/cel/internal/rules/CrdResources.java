package io.gpuspec.cel.internal.rules;

import io.fabric8.kubernetes.api.model.HasMetadata;
import io.gpuspec.cel.CrdCatalog;
import io.gpuspec.cel.CrdFileException;
import io.gpuspec.cel.CrdValidation;
import io.gpuspec.core.manifest.ManifestSet;
import io.gpuspec.core.spi.CheckContext;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * The CRD catalog a check uses: the bundled CRDs, the user's CRD files, and the CRDs in the set
 * itself. User files are read once per list of paths.
 */
final class CrdResources {

  private static final Map<List<Path>, Object> FILE_CATALOGS = new ConcurrentHashMap<>();

  private CrdResources() {}

  static CrdCatalog catalog(ManifestSet manifests, CheckContext context) throws CrdFileException {
    CrdCatalog base = CrdCatalog.bundled();
    if (!context.crdFiles().isEmpty()) {
      Object cached =
          FILE_CATALOGS.computeIfAbsent(
              List.copyOf(context.crdFiles()),
              paths -> {
                try {
                  return CrdCatalog.withFiles(paths);
                } catch (CrdFileException e) {
                  return e;
                }
              });
      if (cached instanceof CrdFileException e) {
        throw e;
      }
      base = (CrdCatalog) cached;
    }
    List<HasMetadata> crds = new ArrayList<>();
    for (HasMetadata object : manifests) {
      if ("CustomResourceDefinition".equals(object.getKind())) {
        crds.add(object);
      }
    }
    return CrdValidation.plusDefinitions(base, crds);
  }
}
