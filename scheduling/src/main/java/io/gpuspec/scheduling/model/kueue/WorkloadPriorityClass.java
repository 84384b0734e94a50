package io.gpuspec.scheduling.model.kueue;

import com.fasterxml.jackson.annotation.JsonAnyGetter;
import com.fasterxml.jackson.annotation.JsonAnySetter;
import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonProperty;
import com.fasterxml.jackson.annotation.JsonPropertyOrder;
import io.fabric8.kubernetes.api.model.HasMetadata;
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
 * A Kueue {@code WorkloadPriorityClass} ({@code kueue.x-k8s.io/v1beta2}, cluster-scoped): the
 * priority Kueue uses for queueing and preemption of workloads labelled {@code
 * kueue.x-k8s.io/priority-class}, independent of the pods' PriorityClass. Like a PriorityClass it
 * has no {@code spec}: {@code value} and {@code description} sit at the top level.
 */
@Group(WorkloadPriorityClass.GROUP)
@Version(WorkloadPriorityClass.VERSION)
@Kind(WorkloadPriorityClass.KIND)
@Plural("workloadpriorityclasses")
@Singular("workloadpriorityclass")
@JsonDeserialize(using = ValueDeserializer.None.class)
@JsonInclude(JsonInclude.Include.NON_EMPTY)
@JsonPropertyOrder({"apiVersion", "kind", "metadata", "description", "value"})
public class WorkloadPriorityClass implements HasMetadata {

  private static final long serialVersionUID = 1L;

  public static final String GROUP = "kueue.x-k8s.io";
  public static final String VERSION = "v1beta2";
  public static final String KIND = "WorkloadPriorityClass";
  public static final String API_VERSION = GROUP + "/" + VERSION;

  @JsonProperty("apiVersion")
  private String apiVersion = API_VERSION;

  @JsonProperty("kind")
  private String kind = KIND;

  @JsonProperty("metadata")
  private ObjectMeta metadata;

  @JsonProperty("description")
  private String description;

  @JsonProperty("value")
  @JsonInclude(JsonInclude.Include.NON_NULL)
  private Integer value;

  private Map<String, Object> additionalProperties = new LinkedHashMap<>();

  public WorkloadPriorityClass() {}

  public WorkloadPriorityClass(ObjectMeta metadata, Integer value, String description) {
    this.metadata = metadata;
    this.value = value;
    this.description = description;
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

  /** Free text, at most 2048 characters. */
  public String getDescription() {
    return description;
  }

  public void setDescription(String description) {
    this.description = description;
  }

  /** The priority; higher wins. Required. */
  public Integer getValue() {
    return value;
  }

  public void setValue(Integer value) {
    this.value = value;
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
    return other instanceof WorkloadPriorityClass that
        && Objects.equals(apiVersion, that.apiVersion)
        && Objects.equals(kind, that.kind)
        && Objects.equals(metadata, that.metadata)
        && Objects.equals(description, that.description)
        && Objects.equals(value, that.value)
        && Objects.equals(additionalProperties, that.additionalProperties);
  }

  @Override
  public int hashCode() {
    return Objects.hash(apiVersion, kind, metadata, description, value, additionalProperties);
  }

  @Override
  public String toString() {
    return "WorkloadPriorityClass(metadata="
        + metadata
        + ", value="
        + value
        + ", description="
        + description
        + ")";
  }
}
