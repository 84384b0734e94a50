package io.gpuspec.trainer.model;

import com.fasterxml.jackson.annotation.JsonAnyGetter;
import com.fasterxml.jackson.annotation.JsonAnySetter;
import com.fasterxml.jackson.annotation.JsonInclude;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * What every nested value of the Trainer model has: the fields it names (they take part in equals,
 * hashCode and toString) and any field it does not name, kept as read so that it round-trips.
 */
@JsonInclude(JsonInclude.Include.NON_EMPTY)
public abstract class ModelObject {

  private final Map<String, Object> additionalProperties = new LinkedHashMap<>();

  /** The named fields, in order. */
  protected abstract List<Object> fields();

  /** Fields the model does not name, as read. */
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
        && other instanceof ModelObject that
        && fields().equals(that.fields())
        && additionalProperties.equals(that.additionalProperties);
  }

  @Override
  public int hashCode() {
    return 31 * fields().hashCode() + additionalProperties.hashCode();
  }

  @Override
  public String toString() {
    return getClass().getSimpleName()
        + fields()
        + (additionalProperties.isEmpty() ? "" : additionalProperties.toString());
  }
}
