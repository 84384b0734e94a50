package io.gpuspec.trainer.model;

import com.fasterxml.jackson.annotation.JsonProperty;
import com.fasterxml.jackson.annotation.JsonPropertyOrder;
import io.fabric8.kubernetes.api.model.batch.v1.JobTemplateSpec;
import java.util.Arrays;
import java.util.List;

/**
 * One entry of a JobSet's {@code replicatedJobs}: {@code replicas} Jobs (default 1) of one Job
 * template, each running {@code parallelism} pods. {@code dependsOn} and {@code groupName} are kept
 * as read.
 */
@JsonPropertyOrder({"name", "groupName", "replicas", "dependsOn", "template"})
public class ReplicatedJob extends ModelObject {

  @JsonProperty("name")
  private String name;

  @JsonProperty("replicas")
  private Integer replicas;

  @JsonProperty("template")
  private JobTemplateSpec template;

  @JsonProperty("groupName")
  private String groupName;

  @JsonProperty("dependsOn")
  private List<Object> dependsOn;

  public ReplicatedJob() {}

  public String getName() {
    return name;
  }

  public void setName(String name) {
    this.name = name;
  }

  public Integer getReplicas() {
    return replicas;
  }

  public void setReplicas(Integer replicas) {
    this.replicas = replicas;
  }

  public JobTemplateSpec getTemplate() {
    return template;
  }

  public void setTemplate(JobTemplateSpec template) {
    this.template = template;
  }

  public String getGroupName() {
    return groupName;
  }

  public void setGroupName(String groupName) {
    this.groupName = groupName;
  }

  public List<Object> getDependsOn() {
    return dependsOn;
  }

  public void setDependsOn(List<Object> dependsOn) {
    this.dependsOn = dependsOn;
  }

  @Override
  protected List<Object> fields() {
    return Arrays.asList(name, groupName, replicas, dependsOn, template);
  }
}
