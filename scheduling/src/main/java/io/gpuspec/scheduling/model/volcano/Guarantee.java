package io.gpuspec.scheduling.model.volcano;

import com.fasterxml.jackson.annotation.JsonAnyGetter;
import com.fasterxml.jackson.annotation.JsonAnySetter;
import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonProperty;
import com.fasterxml.jackson.annotation.JsonPropertyOrder;
import io.fabric8.kubernetes.api.model.Quantity;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Objects;

/** {@code Queue.spec.guarantee}: resources reserved for the queue. */
@JsonInclude(JsonInclude.Include.NON_EMPTY)
@JsonPropertyOrder({"resource"})
public class Guarantee {

  @JsonProperty("resource")
  private Map<String, Quantity> resource = new LinkedHashMap<>();

  private Map<String, Object> additionalProperties = new LinkedHashMap<>();

  public Guarantee() {}

  /** Reserved quantities by resource name. */
  public Map<String, Quantity> getResource() {
    return resource;
  }

  public void setResource(Map<String, Quantity> resource) {
    this.resource = resource == null ? new LinkedHashMap<>() : new LinkedHashMap<>(resource);
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
    return other instanceof Guarantee that
        && Objects.equals(resource, that.resource)
        && Objects.equals(additionalProperties, that.additionalProperties);
  }

  @Override
  public int hashCode() {
    return Objects.hash(resource, additionalProperties);
  }

  @Override
  public String toString() {
    return "Guarantee(" + "resource=" + resource + ")";
  }
}
