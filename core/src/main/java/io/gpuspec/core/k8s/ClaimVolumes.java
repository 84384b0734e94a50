package io.gpuspec.core.k8s;

import io.fabric8.kubernetes.api.model.PodTemplateSpec;
import io.fabric8.kubernetes.api.model.PodTemplateSpecBuilder;
import io.fabric8.kubernetes.api.model.Volume;
import io.fabric8.kubernetes.api.model.VolumeBuilder;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The volumes a controller gives the pods it creates for its claim templates (a StatefulSet's
 * {@code volumeClaimTemplates}, a JobSet's {@code volumeClaimPolicies}): a volume per template,
 * named after it, on the claim the controller makes. Workload views add them so that rules see the
 * pods as they run, where containers mount the claim templates by name.
 */
public final class ClaimVolumes {

  private ClaimVolumes() {}

  /**
   * {@code template} with a volume for each entry of {@code claims} (volume name to claim name)
   * that the pod does not have yet, as a copy; {@code template} itself when there is none to add.
   */
  public static PodTemplateSpec added(PodTemplateSpec template, Map<String, String> claims) {
    if (template == null || template.getSpec() == null || claims.isEmpty()) {
      return template;
    }
    Set<String> names = new HashSet<>();
    for (Volume volume : NullFree.podSpec(template.getSpec()).getVolumes()) {
      names.add(volume.getName());
    }
    List<Volume> volumes = new ArrayList<>();
    claims.forEach(
        (name, claim) -> {
          if (names.add(name)) {
            volumes.add(
                new VolumeBuilder()
                    .withName(name)
                    .withNewPersistentVolumeClaim()
                    .withClaimName(claim)
                    .endPersistentVolumeClaim()
                    .build());
          }
        });
    return volumes.isEmpty()
        ? template
        : new PodTemplateSpecBuilder(template)
            .editSpec()
            .addAllToVolumes(volumes)
            .endSpec()
            .build();
  }
}
