package io.gpuspec.trainer.model;

import com.fasterxml.jackson.annotation.JsonProperty;
import com.fasterxml.jackson.annotation.JsonPropertyOrder;
import java.util.Arrays;
import java.util.List;

/**
 * The spec of a {@link TrainingRuntime} or {@link ClusterTrainingRuntime}: the ML policy (framework
 * and default node count), the gang-scheduling policy, and the JobSet template TrainJobs run.
 */
@JsonPropertyOrder({"mlPolicy", "podGroupPolicy", "template"})
public class TrainingRuntimeSpec extends ModelObject {

  @JsonProperty("mlPolicy")
  private MLPolicy mlPolicy;

  @JsonProperty("podGroupPolicy")
  private PodGroupPolicy podGroupPolicy;

  @JsonProperty("template")
  private JobSetTemplateSpec template;

  public TrainingRuntimeSpec() {}

  public MLPolicy getMlPolicy() {
    return mlPolicy;
  }

  public void setMlPolicy(MLPolicy mlPolicy) {
    this.mlPolicy = mlPolicy;
  }

  public PodGroupPolicy getPodGroupPolicy() {
    return podGroupPolicy;
  }

  public void setPodGroupPolicy(PodGroupPolicy podGroupPolicy) {
    this.podGroupPolicy = podGroupPolicy;
  }

  public JobSetTemplateSpec getTemplate() {
    return template;
  }

  public void setTemplate(JobSetTemplateSpec template) {
    this.template = template;
  }

  @Override
  protected List<Object> fields() {
    return Arrays.asList(mlPolicy, podGroupPolicy, template);
  }
}
