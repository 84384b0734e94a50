package io.gpuspec.tfjob.model;

import io.fabric8.kubernetes.api.model.Namespaced;
import io.fabric8.kubernetes.api.model.ObjectMeta;
import io.fabric8.kubernetes.model.annotation.Group;
import io.fabric8.kubernetes.model.annotation.Kind;
import io.fabric8.kubernetes.model.annotation.Plural;
import io.fabric8.kubernetes.model.annotation.Singular;
import io.fabric8.kubernetes.model.annotation.Version;
import io.gpuspec.core.kubeflow.RunPolicy;
import io.gpuspec.core.kubeflow.RunPolicyJob;
import io.gpuspec.core.manifest.SpecObject;
import java.util.Optional;
import tools.jackson.databind.ValueDeserializer;
import tools.jackson.databind.annotation.JsonDeserialize;

/**
 * A Kubeflow {@code TFJob} ({@code kubeflow.org/v1}, training-operator v1.9): plain data in the
 * shape of the upstream CRD, applicable by any fabric8 client as a {@link
 * io.fabric8.kubernetes.api.model.HasMetadata}. Fields the model does not name (e.g. {@code
 * status}) are kept in {@link #getAdditionalProperties()}.
 */
@Group(TFJob.GROUP)
@Version(TFJob.VERSION)
@Kind(TFJob.KIND)
@Plural("tfjobs")
@Singular("tfjob")
@JsonDeserialize(using = ValueDeserializer.None.class)
public class TFJob extends SpecObject<TFJobSpec> implements Namespaced, RunPolicyJob {

  private static final long serialVersionUID = 1L;

  public static final String GROUP = "kubeflow.org";
  public static final String VERSION = "v1";
  public static final String KIND = "TFJob";
  public static final String API_VERSION = GROUP + "/" + VERSION;

  public TFJob() {
    this(null, null);
  }

  public TFJob(ObjectMeta metadata, TFJobSpec spec) {
    super(API_VERSION, KIND, metadata, spec);
  }

  @Override
  public Optional<RunPolicy> runPolicy() {
    return Optional.ofNullable(getSpec()).map(TFJobSpec::getRunPolicy);
  }

  @Override
  public void runPolicy(RunPolicy policy) {
    if (getSpec() == null) {
      setSpec(new TFJobSpec());
    }
    getSpec().setRunPolicy(policy);
  }
}
