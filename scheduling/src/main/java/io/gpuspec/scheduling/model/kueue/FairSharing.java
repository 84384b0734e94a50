package io.gpuspec.scheduling.model.kueue;

import com.fasterxml.jackson.annotation.JsonAnyGetter;
import com.fasterxml.jackson.annotation.JsonAnySetter;
import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonProperty;
import com.fasterxml.jackson.annotation.JsonPropertyOrder;
import io.fabric8.kubernetes.api.model.Quantity;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Objects;

/** {@code spec.fairSharing} of a ClusterQueue, Cohort or LocalQueue. */
@JsonInclude(JsonInclude.Include.NON_EMPTY)
@JsonPropertyOrder({"weight"})
public class FairSharing {

  @JsonProperty("weight")
  private Quantity weight;

  private Map<String, Object> additionalProperties = new LinkedHashMap<>();

  public FairSharing() {}

  /** Comparative advantage when competing for unused resources; 1 by default. */
  public Quantity getWeight() {
    return weight;
  }

  public void setWeight(Quantity weight) {
    this.weight = weight;
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
    return other instanceof FairSharing that
        && Objects.equals(weight, that.weight)
        && Objects.equals(additionalProperties, that.additionalProperties);
  }

  @Override
  public int hashCode() {
    return Objects.hash(weight, additionalProperties);
  }

  @Override
  public String toString() {
    return "FairSharing(" + "weight=" + weight + ")";
  }
}
