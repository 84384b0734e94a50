package io.gpuspec.scheduling.testkind;

import com.fasterxml.jackson.annotation.JsonAnyGetter;
import com.fasterxml.jackson.annotation.JsonAnySetter;
import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonProperty;
import com.fasterxml.jackson.annotation.JsonPropertyOrder;
import io.fabric8.kubernetes.api.model.HasMetadata;
import io.fabric8.kubernetes.api.model.Namespaced;
import io.fabric8.kubernetes.api.model.ObjectMeta;
import io.fabric8.kubernetes.model.annotation.Group;
import io.fabric8.kubernetes.model.annotation.Kind;
import io.fabric8.kubernetes.model.annotation.Plural;
import io.fabric8.kubernetes.model.annotation.Singular;
import io.fabric8.kubernetes.model.annotation.Version;
import io.gpuspec.core.kubeflow.RunPolicy;
import io.gpuspec.core.kubeflow.RunPolicyJob;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Objects;
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
@JsonInclude(JsonInclude.Include.NON_EMPTY)
@JsonPropertyOrder({"apiVersion", "kind", "metadata", "spec"})
public class PyTorchJob implements HasMetadata, Namespaced, RunPolicyJob {

  private static final long serialVersionUID = 1L;

  public static final String GROUP = "kubeflow.org";
  public static final String VERSION = "v1";
  public static final String KIND = "PyTorchJob";
  public static final String API_VERSION = GROUP + "/" + VERSION;

  @JsonProperty("apiVersion")
  private String apiVersion = API_VERSION;

  @JsonProperty("kind")
  private String kind = KIND;

  @JsonProperty("metadata")
  private ObjectMeta metadata;

  @JsonProperty("spec")
  private PyTorchJobSpec spec;

  private Map<String, Object> additionalProperties = new LinkedHashMap<>();

  public PyTorchJob() {}

  public PyTorchJob(ObjectMeta metadata, PyTorchJobSpec spec) {
    this.metadata = metadata;
    this.spec = spec;
  }

  @Override
  public String getApiVersion() {
    return apiVersion;
  }

  @Override
  public void setApiVersion(String apiVersion) {
    this.apiVersion = apiVersion;
  }

  @Override
  public String getKind() {
    return kind;
  }

  public void setKind(String kind) {
    this.kind = kind;
  }

  @Override
  public ObjectMeta getMetadata() {
    return metadata;
  }

  @Override
  public void setMetadata(ObjectMeta metadata) {
    this.metadata = metadata;
  }

  public PyTorchJobSpec getSpec() {
    return spec;
  }

  public void setSpec(PyTorchJobSpec spec) {
    this.spec = spec;
  }

  @Override
  public Optional<RunPolicy> runPolicy() {
    return Optional.ofNullable(spec).map(PyTorchJobSpec::getRunPolicy);
  }

  @Override
  public void runPolicy(RunPolicy policy) {
    if (spec == null) {
      spec = new PyTorchJobSpec();
    }
    spec.setRunPolicy(policy);
  }

  @JsonAnyGetter
  public Map<String, Object> getAdditionalProperties() {
    return additionalProperties;
  }

  @JsonAnySetter
  public void setAdditionalProperty(String name, Object value) {
    additionalProperties.put(name, value);
  }

  @Override
  public boolean equals(Object other) {
    return other instanceof PyTorchJob that
        && Objects.equals(apiVersion, that.apiVersion)
        && Objects.equals(kind, that.kind)
        && Objects.equals(metadata, that.metadata)
        && Objects.equals(spec, that.spec)
        && Objects.equals(additionalProperties, that.additionalProperties);
  }

  @Override
  public int hashCode() {
    return Objects.hash(apiVersion, kind, metadata, spec, additionalProperties);
  }

  @Override
  public String toString() {
    return "PyTorchJob("
        + "metadata="
        + metadata
        + ", "
        + "spec="
        + spec
        + (additionalProperties.isEmpty() ? "" : ", additionalProperties=" + additionalProperties)
        + ")";
  }
}
