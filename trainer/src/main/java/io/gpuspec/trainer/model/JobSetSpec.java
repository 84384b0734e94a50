package io.gpuspec.trainer.model;

import com.fasterxml.jackson.annotation.JsonProperty;
import com.fasterxml.jackson.annotation.JsonPropertyOrder;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;

/**
 * A JobSet spec ({@code jobset.x-k8s.io/v1alpha2}, JobSet v0.12) as far as pod templates go: its
 * replicated jobs and {@code suspend}. Network, success, failure and startup policies and the rest
 * are kept as read.
 */
@JsonPropertyOrder({
  "coordinator",
  "failurePolicy",
  "managedBy",
  "network",
  "replicatedJobs",
  "startupPolicy",
  "successPolicy",
  "suspend",
  "ttlSecondsAfterFinished",
  "volumeClaimPolicies"
})
public class JobSetSpec extends ModelObject {

  @JsonProperty("replicatedJobs")
  private List<ReplicatedJob> replicatedJobs = new ArrayList<>();

  @JsonProperty("suspend")
  private Boolean suspend;

  @JsonProperty("network")
  private Map<String, Object> network;

  @JsonProperty("successPolicy")
  private Map<String, Object> successPolicy;

  @JsonProperty("failurePolicy")
  private Map<String, Object> failurePolicy;

  @JsonProperty("startupPolicy")
  private Map<String, Object> startupPolicy;

  @JsonProperty("coordinator")
  private Map<String, Object> coordinator;

  @JsonProperty("managedBy")
  private String managedBy;

  @JsonProperty("ttlSecondsAfterFinished")
  private Integer ttlSecondsAfterFinished;

  @JsonProperty("volumeClaimPolicies")
  private List<Object> volumeClaimPolicies;

  public JobSetSpec() {}

  public List<ReplicatedJob> getReplicatedJobs() {
    return replicatedJobs;
  }

  public void setReplicatedJobs(List<ReplicatedJob> replicatedJobs) {
    this.replicatedJobs = replicatedJobs == null ? new ArrayList<>() : replicatedJobs;
  }

  public Boolean getSuspend() {
    return suspend;
  }

  public void setSuspend(Boolean suspend) {
    this.suspend = suspend;
  }

  public Map<String, Object> getNetwork() {
    return network;
  }

  public void setNetwork(Map<String, Object> network) {
    this.network = network;
  }

  public Map<String, Object> getSuccessPolicy() {
    return successPolicy;
  }

  public void setSuccessPolicy(Map<String, Object> successPolicy) {
    this.successPolicy = successPolicy;
  }

  public Map<String, Object> getFailurePolicy() {
    return failurePolicy;
  }

  public void setFailurePolicy(Map<String, Object> failurePolicy) {
    this.failurePolicy = failurePolicy;
  }

  public Map<String, Object> getStartupPolicy() {
    return startupPolicy;
  }

  public void setStartupPolicy(Map<String, Object> startupPolicy) {
    this.startupPolicy = startupPolicy;
  }

  public Map<String, Object> getCoordinator() {
    return coordinator;
  }

  public void setCoordinator(Map<String, Object> coordinator) {
    this.coordinator = coordinator;
  }

  public String getManagedBy() {
    return managedBy;
  }

  public void setManagedBy(String managedBy) {
    this.managedBy = managedBy;
  }

  public Integer getTtlSecondsAfterFinished() {
    return ttlSecondsAfterFinished;
  }

  public void setTtlSecondsAfterFinished(Integer ttlSecondsAfterFinished) {
    this.ttlSecondsAfterFinished = ttlSecondsAfterFinished;
  }

  public List<Object> getVolumeClaimPolicies() {
    return volumeClaimPolicies;
  }

  public void setVolumeClaimPolicies(List<Object> volumeClaimPolicies) {
    this.volumeClaimPolicies = volumeClaimPolicies;
  }

  @Override
  protected List<Object> fields() {
    return Arrays.asList(
        replicatedJobs,
        suspend,
        network,
        successPolicy,
        failurePolicy,
        startupPolicy,
        coordinator,
        managedBy,
        ttlSecondsAfterFinished,
        volumeClaimPolicies);
  }
}
