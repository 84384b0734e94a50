package io.gpuspec.core.check;

import io.fabric8.kubernetes.api.model.Container;
import io.fabric8.kubernetes.api.model.GenericKubernetesResource;
import io.fabric8.kubernetes.api.model.HasMetadata;
import io.fabric8.kubernetes.api.model.PodSpec;
import io.fabric8.kubernetes.api.model.PodTemplateSpec;
import io.gpuspec.core.k8s.ClaimVolumes;
import io.gpuspec.core.k8s.NullFree;
import io.gpuspec.core.manifest.EmbeddedDecoder;
import io.gpuspec.core.registry.TemplateRegistry;
import io.gpuspec.core.spi.PodTemplate;
import io.gpuspec.core.spi.Workload;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

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
              Map<String, String> claims =
                  TemplateRegistry.claimVolumes(described.entry(), TemplateRegistry.tree(generic));
              List<PodTemplate> templates = new ArrayList<>();
              for (TemplateRegistry.Located located : described.templates()) {
                PodTemplateSpec template =
                    mounting(
                        EmbeddedDecoder.decode(located.template(), PodTemplateSpec.class)
                            .orElseGet(PodTemplateSpec::new),
                        claims);
                templates.add(
                    PodTemplate.of(located.role(), template, located.path(), located.pods()));
              }
              return new Workload(
                  object, templates, described.distributed(), false, described.groups());
            });
  }

  /**
   * The template with a volume for each claim template its containers mount by name, as the
   * controller gives its pods (jobset {@code pkg/controllers/volume_claim_policy.go}).
   */
  private static PodTemplateSpec mounting(PodTemplateSpec template, Map<String, String> claims) {
    if (claims.isEmpty() || template.getSpec() == null) {
      return template;
    }
    PodSpec spec = NullFree.podSpec(template.getSpec());
    Set<String> mounted = new HashSet<>();
    for (Container c : spec.getContainers()) {
      c.getVolumeMounts().forEach(m -> mounted.add(m.getName()));
    }
    for (Container c : spec.getInitContainers()) {
      c.getVolumeMounts().forEach(m -> mounted.add(m.getName()));
    }
    Map<String, String> used = new LinkedHashMap<>(claims);
    used.keySet().retainAll(mounted);
    try {
      return ClaimVolumes.added(template, used);
    } catch (IllegalArgumentException unparsable) {
      return template; // a quantity fabric8's builders refuse, which K8S010 reports
    }
  }
}
