package io.gpuspec.tfjob.internal;

import io.fabric8.kubernetes.api.model.HasMetadata;
import io.gpuspec.core.spi.PodTemplate;
import io.gpuspec.core.spi.Workload;
import io.gpuspec.core.spi.WorkloadAdapter;
import io.gpuspec.tfjob.model.ReplicaSpec;
import io.gpuspec.tfjob.model.TFJob;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * Shows core rules the pods of a TFJob: one {@link PodTemplate} per replica type (role {@code
 * Worker}, path {@code spec.tfReplicaSpecs.Worker.template}). The job is distributed when it runs
 * more than one pod or more than one replica type, so core rule GPU004 holds all its GPU replicas
 * to one GPU model.
 */
public final class TfJobWorkloadAdapter implements WorkloadAdapter {

  @Override
  public Optional<Workload> adapt(HasMetadata object) {
    if (!(object instanceof TFJob job) || job.getSpec() == null) {
      return Optional.empty();
    }
    List<PodTemplate> templates = new ArrayList<>();
    int pods = 0;
    for (Map.Entry<String, ReplicaSpec> entry : job.getSpec().getTfReplicaSpecs().entrySet()) {
      ReplicaSpec replica = entry.getValue();
      if (replica == null || replica.getTemplate() == null) {
        continue;
      }
      int count = replica.replicaCount();
      pods += count;
      templates.add(
          PodTemplate.of(
              entry.getKey(),
              replica.getTemplate(),
              "spec.tfReplicaSpecs." + entry.getKey() + ".template",
              count));
    }
    return Optional.of(new Workload(job, templates, pods > 1 || templates.size() > 1));
  }
}
