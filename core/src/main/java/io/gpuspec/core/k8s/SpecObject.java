package io.gpuspec.core.k8s;

import com.fasterxml.jackson.annotation.JsonAnyGetter;
import com.fasterxml.jackson.annotation.JsonAnySetter;
import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonProperty;
import com.fasterxml.jackson.annotation.JsonPropertyOrder;
import io.fabric8.kubernetes.api.model.HasMetadata;
import io.fabric8.kubernetes.api.model.ObjectMeta;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Objects;

/**
 * The shape every custom resource model of gpuspec shares: {@code apiVersion}, {@code kind}, {@code
 * metadata} and a typed {@code spec}, with any other top-level field kept as read. Subclasses add
 * the fabric8 {@code @Group}/{@code @Version}/{@code @Kind} annotations and their spec type, in the
 * shape fabric8's generated models have, so fabric8's serialization reads and writes them.
 *
 * @param <S> the spec type
 */
@JsonInclude(JsonInclude.Include.NON_EMPTY)
@JsonPropertyOrder({"apiVersion", "kind", "metadata", "spec"})
public abstract class SpecObject<S> implements HasMetadata {

  private static final long serialVersionUID = 1L;

  @JsonProperty("apiVersion")
  private String apiVersion;

  @JsonProperty("kind")
  private String kind;

  @JsonProperty("metadata")
  private ObjectMeta metadata;

  @JsonProperty("spec")
  private S spec;

  private final Map<String, Object> additionalProperties = new LinkedHashMap<>();

  /** An object of this group/version and kind. */
  protected SpecObject(String apiVersion, String kind, ObjectMeta metadata, S spec) {
    this.apiVersion = apiVersion;
    this.kind = kind;
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

  public S getSpec() {
    return spec;
  }

  public void setSpec(S spec) {
    this.spec = spec;
  }

  /** Top-level fields the model does not declare, as read. */
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
    return other != null
        && other.getClass() == getClass()
        && other instanceof SpecObject<?> that
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
    return getClass().getSimpleName()
        + "(apiVersion="
        + apiVersion
        + ", kind="
        + kind
        + ", metadata="
        + metadata
        + ", spec="
        + spec
        + (additionalProperties.isEmpty() ? "" : ", additionalProperties=" + additionalProperties)
        + ")";
  }
}
