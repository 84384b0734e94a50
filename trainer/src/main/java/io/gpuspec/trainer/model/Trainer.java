package io.gpuspec.trainer.model;

import com.fasterxml.jackson.annotation.JsonProperty;
import com.fasterxml.jackson.annotation.JsonPropertyOrder;
import io.fabric8.kubernetes.api.model.EnvVar;
import io.fabric8.kubernetes.api.model.ResourceRequirements;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * {@code TrainJob.spec.trainer}: what a TrainJob sets on its runtime's trainer nodes. The
 * controller writes {@code image}, {@code command} and {@code args} over the trainer container's,
 * adds {@code env} by name, merges {@code resourcesPerNode} over its resources key by key, and runs
 * {@code numNodes} trainer pods.
 */
@JsonPropertyOrder({
  "image",
  "command",
  "args",
  "env",
  "numNodes",
  "resourcesPerNode",
  "numProcPerNode"
})
public class Trainer extends ModelObject {

  @JsonProperty("image")
  private String image;

  @JsonProperty("command")
  private List<String> command = new ArrayList<>();

  @JsonProperty("args")
  private List<String> args = new ArrayList<>();

  @JsonProperty("env")
  private List<EnvVar> env = new ArrayList<>();

  @JsonProperty("numNodes")
  private Integer numNodes;

  @JsonProperty("resourcesPerNode")
  private ResourceRequirements resourcesPerNode;

  @JsonProperty("numProcPerNode")
  private Integer numProcPerNode;

  public Trainer() {}

  public String getImage() {
    return image;
  }

  public void setImage(String image) {
    this.image = image;
  }

  public List<String> getCommand() {
    return command;
  }

  public void setCommand(List<String> command) {
    this.command = command == null ? new ArrayList<>() : command;
  }

  public List<String> getArgs() {
    return args;
  }

  public void setArgs(List<String> args) {
    this.args = args == null ? new ArrayList<>() : args;
  }

  public List<EnvVar> getEnv() {
    return env;
  }

  public void setEnv(List<EnvVar> env) {
    this.env = env == null ? new ArrayList<>() : env;
  }

  public Integer getNumNodes() {
    return numNodes;
  }

  public void setNumNodes(Integer numNodes) {
    this.numNodes = numNodes;
  }

  public ResourceRequirements getResourcesPerNode() {
    return resourcesPerNode;
  }

  public void setResourcesPerNode(ResourceRequirements resourcesPerNode) {
    this.resourcesPerNode = resourcesPerNode;
  }

  public Integer getNumProcPerNode() {
    return numProcPerNode;
  }

  public void setNumProcPerNode(Integer numProcPerNode) {
    this.numProcPerNode = numProcPerNode;
  }

  @Override
  protected List<Object> fields() {
    return Arrays.asList(image, command, args, env, numNodes, resourcesPerNode, numProcPerNode);
  }
}
