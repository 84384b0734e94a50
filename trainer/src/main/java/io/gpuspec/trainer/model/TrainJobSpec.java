package io.gpuspec.trainer.model;

import com.fasterxml.jackson.annotation.JsonProperty;
import com.fasterxml.jackson.annotation.JsonPropertyOrder;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;

/**
 * {@code TrainJob.spec}: the runtime it runs on, the trainer settings, the runtime patches, and
 * whether it is suspended. {@code initializer} is kept as read.
 */
@JsonPropertyOrder({
  "runtimeRef",
  "initializer",
  "trainer",
  "runtimePatches",
  "suspend",
  "activeDeadlineSeconds",
  "managedBy"
})
public class TrainJobSpec extends ModelObject {

  @JsonProperty("runtimeRef")
  private RuntimeRef runtimeRef;

  @JsonProperty("initializer")
  private Map<String, Object> initializer;

  @JsonProperty("trainer")
  private Trainer trainer;

  @JsonProperty("runtimePatches")
  private List<RuntimePatch> runtimePatches = new ArrayList<>();

  @JsonProperty("suspend")
  private Boolean suspend;

  @JsonProperty("activeDeadlineSeconds")
  private Long activeDeadlineSeconds;

  @JsonProperty("managedBy")
  private String managedBy;

  public TrainJobSpec() {}

  public RuntimeRef getRuntimeRef() {
    return runtimeRef;
  }

  public void setRuntimeRef(RuntimeRef runtimeRef) {
    this.runtimeRef = runtimeRef;
  }

  /** {@code initializer} (dataset and model), kept as read. */
  public Map<String, Object> getInitializer() {
    return initializer;
  }

  public void setInitializer(Map<String, Object> initializer) {
    this.initializer = initializer;
  }

  public Trainer getTrainer() {
    return trainer;
  }

  public void setTrainer(Trainer trainer) {
    this.trainer = trainer;
  }

  /** Patches of the runtime's template, applied in order (keyed by {@code manager}). */
  public List<RuntimePatch> getRuntimePatches() {
    return runtimePatches;
  }

  public void setRuntimePatches(List<RuntimePatch> runtimePatches) {
    this.runtimePatches = runtimePatches == null ? new ArrayList<>() : runtimePatches;
  }

  public Boolean getSuspend() {
    return suspend;
  }

  public void setSuspend(Boolean suspend) {
    this.suspend = suspend;
  }

  public Long getActiveDeadlineSeconds() {
    return activeDeadlineSeconds;
  }

  public void setActiveDeadlineSeconds(Long activeDeadlineSeconds) {
    this.activeDeadlineSeconds = activeDeadlineSeconds;
  }

  public String getManagedBy() {
    return managedBy;
  }

  public void setManagedBy(String managedBy) {
    this.managedBy = managedBy;
  }

  @Override
  protected List<Object> fields() {
    return Arrays.asList(
        runtimeRef,
        initializer,
        trainer,
        runtimePatches,
        suspend,
        activeDeadlineSeconds,
        managedBy);
  }
}
