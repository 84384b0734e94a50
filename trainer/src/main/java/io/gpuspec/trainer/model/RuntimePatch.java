package io.gpuspec.trainer.model;

import com.fasterxml.jackson.annotation.JsonProperty;
import com.fasterxml.jackson.annotation.JsonPropertyOrder;
import java.util.Arrays;
import java.util.List;

/**
 * One entry of {@code TrainJob.spec.runtimePatches}: who owns it ({@code manager}) and what it
 * patches in the runtime ({@code trainingRuntimeSpec.template}: JobSet metadata and, per replicated
 * job by name, Job and pod metadata and a restricted set of pod spec fields). The controller
 * applies the patches in order as strategic merge patches of the runtime's JobSet spec.
 */
@JsonPropertyOrder({"manager", "time", "trainingRuntimeSpec"})
public class RuntimePatch extends ModelObject {

  @JsonProperty("manager")
  private String manager;

  @JsonProperty("time")
  private String time;

  @JsonProperty("trainingRuntimeSpec")
  private TrainingRuntimeSpec trainingRuntimeSpec;

  public RuntimePatch() {}

  public String getManager() {
    return manager;
  }

  public void setManager(String manager) {
    this.manager = manager;
  }

  public String getTime() {
    return time;
  }

  public void setTime(String time) {
    this.time = time;
  }

  /** The patch of the runtime's spec; only its {@code template} is allowed. */
  public TrainingRuntimeSpec getTrainingRuntimeSpec() {
    return trainingRuntimeSpec;
  }

  public void setTrainingRuntimeSpec(TrainingRuntimeSpec trainingRuntimeSpec) {
    this.trainingRuntimeSpec = trainingRuntimeSpec;
  }

  @Override
  protected List<Object> fields() {
    return Arrays.asList(manager, time, trainingRuntimeSpec);
  }
}
