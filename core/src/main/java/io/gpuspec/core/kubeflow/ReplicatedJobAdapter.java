package io.gpuspec.core.kubeflow;

import io.fabric8.kubernetes.api.model.HasMetadata;
import io.gpuspec.core.spi.PodTemplate;
import io.gpuspec.core.spi.Workload;
import io.gpuspec.core.spi.WorkloadAdapter;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.Function;

/**
 * The workload view of a Kubeflow training job made of named replica types (TFJob, PyTorchJob,
 * MPIJob, ...): one {@link PodTemplate} per replica type, with role {@code Worker} and path {@code
 * spec.<field>.Worker.template}. The job is distributed when it runs more than one pod or more than
 * one replica type, so rules hold all its GPU replicas to one GPU model.
 *
 * <p>A module for another Kubeflow kind needs only its model class and one line: {@code new
 * ReplicatedJobAdapter<>(PyTorchJob.class, "pytorchReplicaSpecs", j -> j.getSpec()...)}.
 *
 * @param <J> the job's model class
 */
public final class ReplicatedJobAdapter<J extends HasMetadata> implements WorkloadAdapter {

  private final Class<J> kind;
  private final String field;
  private final Function<J, Map<String, ReplicaSpec>> replicaSpecs;

  /**
   * @param kind the job's model class
   * @param field the name of the replica-spec map under {@code spec}, e.g. {@code tfReplicaSpecs}
   * @param replicaSpecs the job's replica specs by type; may return null for an incomplete job
   */
  public ReplicatedJobAdapter(
      Class<J> kind, String field, Function<J, Map<String, ReplicaSpec>> replicaSpecs) {
    this.kind = kind;
    this.field = field;
    this.replicaSpecs = replicaSpecs;
  }

  @Override
  public Optional<Workload> adapt(HasMetadata object) {
    if (!kind.isInstance(object)) {
      return Optional.empty();
    }
    J job = kind.cast(object);
    Map<String, ReplicaSpec> specs = replicaSpecs.apply(job);
    if (specs == null) {
      return Optional.empty();
    }
    List<PodTemplate> templates = new ArrayList<>();
    int pods = 0;
    for (Map.Entry<String, ReplicaSpec> entry : specs.entrySet()) {
      // a missing replica spec or template reads as empty: rules report what it lacks
      ReplicaSpec replica = entry.getValue() == null ? new ReplicaSpec() : entry.getValue();
      int count = replica.replicaCount();
      pods += count;
      templates.add(
          PodTemplate.of(
              entry.getKey(),
              replica.getTemplate(),
              "spec." + field + "." + entry.getKey() + ".template",
              count));
    }
    return Optional.of(new Workload(job, templates, pods > 1 || templates.size() > 1));
  }
}
