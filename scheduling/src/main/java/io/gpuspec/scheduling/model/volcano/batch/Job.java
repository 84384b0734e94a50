package io.gpuspec.scheduling.model.volcano.batch;

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
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Objects;
import tools.jackson.databind.ValueDeserializer;
import tools.jackson.databind.annotation.JsonDeserialize;

/**
 * A Volcano {@code Job} ({@code batch.volcano.sh/v1alpha1}, namespaced, "vcjob"): named tasks of
 * pods that Volcano schedules as one gang of at least {@code minAvailable} pods
 * (https://volcano.sh/en/docs/vcjob/).
 */
@Group(Job.GROUP)
@Version(Job.VERSION)
@Kind(Job.KIND)
@Plural("jobs")
@Singular("job")
@JsonDeserialize(using = ValueDeserializer.None.class)
@JsonInclude(JsonInclude.Include.NON_EMPTY)
@JsonPropertyOrder({"apiVersion", "kind", "metadata", "spec"})
public class Job implements HasMetadata, Namespaced {

  private static final long serialVersionUID = 1L;

  public static final String GROUP = "batch.volcano.sh";
  public static final String VERSION = "v1alpha1";
  public static final String KIND = "Job";
  public static final String API_VERSION = GROUP + "/" + VERSION;

  @JsonProperty("apiVersion")
  private String apiVersion = API_VERSION;

  @JsonProperty("kind")
  private String kind = KIND;

  @JsonProperty("metadata")
  private ObjectMeta metadata;

  @JsonProperty("spec")
  private JobSpec spec;

  private Map<String, Object> additionalProperties = new LinkedHashMap<>();

  public Job() {}

  public Job(ObjectMeta metadata, JobSpec spec) {
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

  public JobSpec getSpec() {
    return spec;
  }

  public void setSpec(JobSpec spec) {
    this.spec = spec;
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
    return other instanceof Job that
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
    return "Job("
        + "metadata="
        + metadata
        + ", "
        + "spec="
        + spec
        + (additionalProperties.isEmpty() ? "" : ", additionalProperties=" + additionalProperties)
        + ")";
  }
}
