package io.gpuspec.core.check;

import io.fabric8.kubernetes.api.model.GenericKubernetesResource;
import io.fabric8.kubernetes.api.model.HasMetadata;
import io.fabric8.kubernetes.api.model.PodTemplateSpec;
import io.gpuspec.core.manifest.EmbeddedDecoder;
import io.gpuspec.core.registry.TemplateRegistry;
import io.gpuspec.core.spi.PodTemplate;
import io.gpuspec.core.spi.Workload;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * The workload view of objects the pod-template registry describes: each template found at its
 * path, decoded as the reader decodes it (a value of the wrong type dropped, which the reader
 * reports), with its role and pod count.
 */
final class RegistryWorkloads {

  private RegistryWorkloads() {}

  static Optional<Workload> adapt(HasMetadata object, TemplateRegistry registry) {
    if (!(object instanceof GenericKubernetesResource generic)) {
      return Optional.empty();
    }
    return registry
        .describe(generic)
        .map(
            described -> {
              List<PodTemplate> templates = new ArrayList<>();
              for (TemplateRegistry.Located located : described.templates()) {
                PodTemplateSpec template =
                    EmbeddedDecoder.decode(located.template(), PodTemplateSpec.class)
                        .orElseGet(PodTemplateSpec::new);
                templates.add(
                    PodTemplate.of(located.role(), template, located.path(), located.pods()));
              }
              return new Workload(
                  object, templates, described.distributed(), false, described.groups());
            });
  }
}
