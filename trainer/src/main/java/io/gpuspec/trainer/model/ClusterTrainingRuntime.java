package io.gpuspec.trainer.model;

import io.fabric8.kubernetes.api.model.ObjectMeta;
import io.fabric8.kubernetes.model.annotation.Group;
import io.fabric8.kubernetes.model.annotation.Kind;
import io.fabric8.kubernetes.model.annotation.Plural;
import io.fabric8.kubernetes.model.annotation.Singular;
import io.fabric8.kubernetes.model.annotation.Version;
import io.gpuspec.core.manifest.SpecObject;
import tools.jackson.databind.ValueDeserializer;
import tools.jackson.databind.annotation.JsonDeserialize;

/**
 * A Kubeflow Trainer v2 {@code ClusterTrainingRuntime} ({@code trainer.kubeflow.org/v1alpha1},
 * Trainer v2.3), cluster-scoped: TrainJobs of every namespace may use it. Plain data in the shape
 * of the upstream API types; fields the model does not name are kept as read.
 */
@Group(TrainJob.GROUP)
@Version(TrainJob.VERSION)
@Kind(ClusterTrainingRuntime.KIND)
@Plural("clustertrainingruntimes")
@Singular("clustertrainingruntime")
@JsonDeserialize(using = ValueDeserializer.None.class)
public class ClusterTrainingRuntime extends SpecObject<TrainingRuntimeSpec> {

  private static final long serialVersionUID = 1L;

  public static final String KIND = "ClusterTrainingRuntime";

  public ClusterTrainingRuntime() {
    this(null, null);
  }

  public ClusterTrainingRuntime(ObjectMeta metadata, TrainingRuntimeSpec spec) {
    super(TrainJob.API_VERSION, KIND, metadata, spec);
  }
}
