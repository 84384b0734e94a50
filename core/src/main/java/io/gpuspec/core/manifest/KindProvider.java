package io.gpuspec.core.manifest;

import io.fabric8.kubernetes.api.model.HasMetadata;
import java.util.List;

/**
 * Service-provider interface through which a module makes its custom resource kinds known to the
 * reader (register an implementation in {@code META-INF/services}). The apiVersion and kind of each
 * class come from its fabric8 {@code @Group}, {@code @Version} and {@code @Kind} annotations.
 */
public interface KindProvider {

  /** The model classes this module contributes. */
  List<Class<? extends HasMetadata>> kinds();
}
