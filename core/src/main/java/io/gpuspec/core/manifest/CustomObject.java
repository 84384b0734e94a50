package io.gpuspec.core.manifest;

import com.fasterxml.jackson.annotation.JsonAnyGetter;
import com.fasterxml.jackson.annotation.JsonAnySetter;
import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonProperty;
import io.fabric8.kubernetes.api.model.HasMetadata;
import io.fabric8.kubernetes.api.model.ObjectMeta;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * What every custom resource model of gpuspec has: {@code apiVersion}, {@code kind}, {@code
 * metadata}, and any top-level field the model does not declare, kept as read. Subclasses add the
 * fabric8 {@code @Group}/{@code @Version}/{@code @Kind} annotations and their own fields (most have
 * a {@code spec}: {@link SpecObject}), in the shape of fabric8's generated models, so fabric8's
 * serialization reads and writes them.
 */
@JsonInclude(JsonInclude.Include.NON_EMPTY)
public abstract class CustomObject implements HasMetadata {

  private static final long serialVersionUID = 1L;

  @JsonProperty("apiVersion")
  private String apiVersion;

  @JsonProperty("kind")
  private String kind;

  @JsonProperty("metadata")
  private ObjectMeta metadata;

  private final Map<String, Object> additionalProperties = new LinkedHashMap<>();

  /** An object of this group/version and kind. */
  protected CustomObject(String apiVersion, String kind, ObjectMeta metadata) {
    this.apiVersion = apiVersion;
    this.kind = kind;
    this.metadata = metadata;
  }

  /** The subclass's own fields, in order: they take part in equals, hashCode and toString. */
  protected abstract List<Object> content();

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
        && other instanceof CustomObject that
        && Objects.equals(apiVersion, that.apiVersion)
        && Objects.equals(kind, that.kind)
        && Objects.equals(metadata, that.metadata)
        && content().equals(that.content())
        && additionalProperties.equals(that.additionalProperties);
  }

  @Override
  public int hashCode() {
    return Objects.hash(apiVersion, kind, metadata, content(), additionalProperties);
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
        + ", "
        + content()
        + (additionalProperties.isEmpty() ? "" : ", additionalProperties=" + additionalProperties)
        + ")";
  }
}
