package io.gpuspec.trainer.model;

import io.fabric8.kubernetes.api.model.Namespaced;
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
 * A Kubeflow Trainer v2 {@code TrainJob} ({@code trainer.kubeflow.org/v1alpha1}, Trainer v2.3):
 * plain data in the shape of the upstream API types, applicable by any fabric8 client. Fields the
 * model does not name ({@code status}, and any unknown field) are kept as read.
 */
@Group(TrainJob.GROUP)
@Version(TrainJob.VERSION)
@Kind(TrainJob.KIND)
@Plural("trainjobs")
@Singular("trainjob")
@JsonDeserialize(using = ValueDeserializer.None.class)
public class TrainJob extends SpecObject<TrainJobSpec> implements Namespaced {

  private static final long serialVersionUID = 1L;

  public static final String GROUP = "trainer.kubeflow.org";
  public static final String VERSION = "v1alpha1";
  public static final String KIND = "TrainJob";
  public static final String API_VERSION = GROUP + "/" + VERSION;

  public TrainJob() {
    this(null, null);
  }

  public TrainJob(ObjectMeta metadata, TrainJobSpec spec) {
    super(API_VERSION, KIND, metadata, spec);
  }
}
