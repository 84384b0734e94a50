package io.gpuspec.trainer.model;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonProperty;
import com.fasterxml.jackson.annotation.JsonPropertyOrder;
import java.util.Arrays;
import java.util.List;
import java.util.Map;

/**
 * {@code podGroupPolicy} of a runtime: gang scheduling by the scheduler-plugins {@code
 * coscheduling} plugin (pods labelled {@code scheduling.x-k8s.io/pod-group}) or by {@code volcano}
 * (pods annotated {@code scheduling.k8s.io/group-name}); either way the controller makes one
 * PodGroup of all the job's pods. The settings are kept as read; {@code volcano: {}} is kept.
 */
@JsonPropertyOrder({"coscheduling", "volcano"})
public class PodGroupPolicy extends ModelObject {

  @JsonProperty("coscheduling")
  @JsonInclude(JsonInclude.Include.NON_NULL)
  private Map<String, Object> coscheduling;

  @JsonProperty("volcano")
  @JsonInclude(JsonInclude.Include.NON_NULL)
  private Map<String, Object> volcano;

  public PodGroupPolicy() {}

  public Map<String, Object> getCoscheduling() {
    return coscheduling;
  }

  public void setCoscheduling(Map<String, Object> coscheduling) {
    this.coscheduling = coscheduling;
  }

  public Map<String, Object> getVolcano() {
    return volcano;
  }

  public void setVolcano(Map<String, Object> volcano) {
    this.volcano = volcano;
  }

  @Override
  protected List<Object> fields() {
    return Arrays.asList(coscheduling, volcano);
  }
}
