package io.gpuspec.core.manifest;

import com.fasterxml.jackson.annotation.JsonProperty;
import com.fasterxml.jackson.annotation.JsonPropertyOrder;
import io.fabric8.kubernetes.api.model.ObjectMeta;
import java.util.Arrays;
import java.util.List;

/**
 * A {@link CustomObject} whose content is one typed {@code spec}, as most custom resources have.
 *
 * @param <S> the spec type
 */
@JsonPropertyOrder({"apiVersion", "kind", "metadata", "spec"})
public abstract class SpecObject<S> extends CustomObject {

  private static final long serialVersionUID = 1L;

  @JsonProperty("spec")
  private S spec;

  /** An object of this group/version and kind. */
  protected SpecObject(String apiVersion, String kind, ObjectMeta metadata, S spec) {
    super(apiVersion, kind, metadata);
    this.spec = spec;
  }

  public S getSpec() {
    return spec;
  }

  public void setSpec(S spec) {
    this.spec = spec;
  }

  @Override
  protected List<Object> content() {
    return Arrays.asList(spec);
  }
}
