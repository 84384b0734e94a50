package io.gpuspec.scheduling.model.volcano.batch;

import com.fasterxml.jackson.annotation.JsonAnyGetter;
import com.fasterxml.jackson.annotation.JsonAnySetter;
import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonProperty;
import com.fasterxml.jackson.annotation.JsonPropertyOrder;
import io.fabric8.kubernetes.api.model.PersistentVolumeClaimSpec;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Objects;

/**
 * A volume of a Volcano Job, mounted into every pod: an existing claim or a claim the job creates.
 */
@JsonInclude(JsonInclude.Include.NON_EMPTY)
@JsonPropertyOrder({"mountPath", "volumeClaimName", "volumeClaim"})
public class VolumeSpec {

  @JsonProperty("mountPath")
  private String mountPath;

  @JsonProperty("volumeClaimName")
  private String volumeClaimName;

  @JsonProperty("volumeClaim")
  private PersistentVolumeClaimSpec volumeClaim;

  private Map<String, Object> additionalProperties = new LinkedHashMap<>();

  public VolumeSpec() {}

  /** Where the volume is mounted. */
  public String getMountPath() {
    return mountPath;
  }

  public void setMountPath(String mountPath) {
    this.mountPath = mountPath;
  }

  /** The claim to mount (created from {@code volumeClaim} when given). */
  public String getVolumeClaimName() {
    return volumeClaimName;
  }

  public void setVolumeClaimName(String volumeClaimName) {
    this.volumeClaimName = volumeClaimName;
  }

  /** The claim the job creates. */
  public PersistentVolumeClaimSpec getVolumeClaim() {
    return volumeClaim;
  }

  public void setVolumeClaim(PersistentVolumeClaimSpec volumeClaim) {
    this.volumeClaim = volumeClaim;
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
    return other instanceof VolumeSpec that
        && Objects.equals(mountPath, that.mountPath)
        && Objects.equals(volumeClaimName, that.volumeClaimName)
        && Objects.equals(volumeClaim, that.volumeClaim)
        && Objects.equals(additionalProperties, that.additionalProperties);
  }

  @Override
  public int hashCode() {
    return Objects.hash(mountPath, volumeClaimName, volumeClaim, additionalProperties);
  }

  @Override
  public String toString() {
    return "VolumeSpec("
        + "mountPath="
        + mountPath
        + ", "
        + "volumeClaimName="
        + volumeClaimName
        + ", "
        + "volumeClaim="
        + volumeClaim
        + (additionalProperties.isEmpty() ? "" : ", additionalProperties=" + additionalProperties)
        + ")";
  }
}
