package io.gpuspec.core.spi;

import io.fabric8.kubernetes.api.model.HasMetadata;
import io.gpuspec.core.manifest.ManifestSet;
import java.nio.file.Path;
import java.util.List;
import java.util.function.Predicate;

/**
 * Objects a module validates in full although no module decodes their kind into a typed model (e.g.
 * custom resources checked against their CustomResourceDefinition). A lint drops the reader's "kind
 * not known" warning (YAML004) for them: the module's own rules report what is wrong.
 */
@FunctionalInterface
public interface UntypedKinds {

  /** Validates nothing. */
  UntypedKinds NONE = (manifests, crdFiles) -> object -> false;

  /**
   * Which objects of the checked {@code manifests} this module validates, given the user's
   * CustomResourceDefinition files of the check ({@code CheckOptions.crdFiles()}).
   */
  Predicate<HasMetadata> validatedIn(ManifestSet manifests, List<Path> crdFiles);
}
