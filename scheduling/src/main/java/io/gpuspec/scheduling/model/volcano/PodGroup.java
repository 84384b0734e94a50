package io.gpuspec.scheduling.model.volcano;

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
 * A Volcano {@code PodGroup} ({@code scheduling.volcano.sh/v1beta1}, namespaced): pods that join it
 * through the annotation {@code scheduling.k8s.io/group-name} start together or not at all.
 */
@Group(PodGroup.GROUP)
@Version(PodGroup.VERSION)
@Kind(PodGroup.KIND)
@Plural("podgroups")
@Singular("podgroup")
@JsonDeserialize(using = ValueDeserializer.None.class)
@JsonInclude(JsonInclude.Include.NON_EMPTY)
@JsonPropertyOrder({"apiVersion", "kind", "metadata", "spec"})
public class PodGroup implements HasMetadata, Namespaced {

  private static final long serialVersionUID = 1L;

  public static final String GROUP = "scheduling.volcano.sh";
  public static final String VERSION = "v1beta1";
  public static final String KIND = "PodGroup";
  public static final String API_VERSION = GROUP + "/" + VERSION;

  @JsonProperty("apiVersion")
  private String apiVersion = API_VERSION;

  @JsonProperty("kind")
  private String kind = KIND;

  @JsonProperty("metadata")
  private ObjectMeta metadata;

  @JsonProperty("spec")
  private PodGroupSpec spec;

  private Map<String, Object> additionalProperties = new LinkedHashMap<>();

  public PodGroup() {}

  public PodGroup(ObjectMeta metadata, PodGroupSpec spec) {
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

  public PodGroupSpec getSpec() {
    return spec;
  }

  public void setSpec(PodGroupSpec spec) {
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
    return other instanceof PodGroup that
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
    return "PodGroup(metadata=" + metadata + ", spec=" + spec + ")";
  }
}
