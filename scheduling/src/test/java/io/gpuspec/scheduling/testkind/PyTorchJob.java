package io.gpuspec.scheduling.testkind;

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
 * A Kubeflow {@code PyTorchJob} reduced to what the scheduling tests need: replica specs and a run
 * policy. It stands for any Kubeflow job, so that the tests show scheduling working through core's
 * {@link io.gpuspec.core.kubeflow.RunPolicyJob} without naming a kind of another module.
 */
@Group(PyTorchJob.GROUP)
@Version(PyTorchJob.VERSION)
@Kind(PyTorchJob.KIND)
@Plural("pytorchjobs")
@Singular("pytorchjob")
@JsonDeserialize(using = ValueDeserializer.None.class)
public class PyTorchJob extends SpecObject<PyTorchJobSpec> implements Namespaced, RunPolicyJob {

  private static final long serialVersionUID = 1L;

  public static final String GROUP = "kubeflow.org";
  public static final String VERSION = "v1";
  public static final String KIND = "PyTorchJob";
  public static final String API_VERSION = GROUP + "/" + VERSION;

  public PyTorchJob() {
    this(null, null);
  }

  public PyTorchJob(ObjectMeta metadata, PyTorchJobSpec spec) {
    super(API_VERSION, KIND, metadata, spec);
  }

  @Override
  public Optional<RunPolicy> runPolicy() {
    return Optional.ofNullable(getSpec()).map(PyTorchJobSpec::getRunPolicy);
  }

  @Override
  public void runPolicy(RunPolicy policy) {
    if (getSpec() == null) {
      setSpec(new PyTorchJobSpec());
    }
    getSpec().setRunPolicy(policy);
  }
}
