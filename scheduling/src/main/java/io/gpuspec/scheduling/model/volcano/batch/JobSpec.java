package io.gpuspec.scheduling.model.volcano.batch;

import com.fasterxml.jackson.annotation.JsonAnyGetter;
import com.fasterxml.jackson.annotation.JsonAnySetter;
import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonProperty;
import com.fasterxml.jackson.annotation.JsonPropertyOrder;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * {@code Job.spec}: the tasks, the gang size ({@code minAvailable}, at most the tasks' replicas
 * together), the queue, priority, lifecycle policies, plugins and volumes.
 */
@JsonInclude(JsonInclude.Include.NON_EMPTY)
@JsonPropertyOrder({
  "schedulerName",
  "minAvailable",
  "volumes",
  "tasks",
  "policies",
  "plugins",
  "runningEstimate",
  "queue",
  "maxRetry",
  "ttlSecondsAfterFinished",
  "priorityClassName",
  "minSuccess",
  "networkTopology"
})
public class JobSpec {

  @JsonProperty("schedulerName")
  private String schedulerName;

  @JsonProperty("minAvailable")
  private Integer minAvailable;

  @JsonProperty("volumes")
  private List<VolumeSpec> volumes = new ArrayList<>();

  @JsonProperty("tasks")
  private List<TaskSpec> tasks = new ArrayList<>();

  @JsonProperty("policies")
  private List<LifecyclePolicy> policies = new ArrayList<>();

  @JsonProperty("plugins")
  private Map<String, List<String>> plugins = new LinkedHashMap<>();

  @JsonProperty("runningEstimate")
  private String runningEstimate;

  @JsonProperty("queue")
  private String queue;

  @JsonProperty("maxRetry")
  private Integer maxRetry;

  @JsonProperty("ttlSecondsAfterFinished")
  private Integer ttlSecondsAfterFinished;

  @JsonProperty("priorityClassName")
  private String priorityClassName;

  @JsonProperty("minSuccess")
  private Integer minSuccess;

  @JsonProperty("networkTopology")
  private NetworkTopologySpec networkTopology;

  private Map<String, Object> additionalProperties = new LinkedHashMap<>();

  public JobSpec() {}

  /** The scheduler of the job's pods, normally {@code volcano}. */
  public String getSchedulerName() {
    return schedulerName;
  }

  public void setSchedulerName(String schedulerName) {
    this.schedulerName = schedulerName;
  }

  /** Pods that must run together; by default every task's minAvailable (or replicas). */
  public Integer getMinAvailable() {
    return minAvailable;
  }

  public void setMinAvailable(Integer minAvailable) {
    this.minAvailable = minAvailable;
  }

  /** Volumes mounted into every pod of the job. */
  public List<VolumeSpec> getVolumes() {
    return volumes;
  }

  public void setVolumes(List<VolumeSpec> volumes) {
    this.volumes = volumes == null ? new ArrayList<>() : new ArrayList<>(volumes);
  }

  /** The named groups of identical pods. */
  public List<TaskSpec> getTasks() {
    return tasks;
  }

  public void setTasks(List<TaskSpec> tasks) {
    this.tasks = tasks == null ? new ArrayList<>() : new ArrayList<>(tasks);
  }

  /** What the job does on pod and task events. */
  public List<LifecyclePolicy> getPolicies() {
    return policies;
  }

  public void setPolicies(List<LifecyclePolicy> policies) {
    this.policies = policies == null ? new ArrayList<>() : new ArrayList<>(policies);
  }

  /** Job plugins ({@code env}, {@code svc}, {@code ssh}, ...) and their arguments. */
  public Map<String, List<String>> getPlugins() {
    return plugins;
  }

  public void setPlugins(Map<String, List<String>> plugins) {
    this.plugins = plugins == null ? new LinkedHashMap<>() : new LinkedHashMap<>(plugins);
  }

  /** How long the job is expected to run, a duration such as {@code 2h}. */
  public String getRunningEstimate() {
    return runningEstimate;
  }

  public void setRunningEstimate(String runningEstimate) {
    this.runningEstimate = runningEstimate;
  }

  /** The Volcano Queue; {@code default} when absent. */
  public String getQueue() {
    return queue;
  }

  public void setQueue(String queue) {
    this.queue = queue;
  }

  /** How often the job is restarted before it fails. */
  public Integer getMaxRetry() {
    return maxRetry;
  }

  public void setMaxRetry(Integer maxRetry) {
    this.maxRetry = maxRetry;
  }

  /** Seconds after which a finished job is deleted. */
  public Integer getTtlSecondsAfterFinished() {
    return ttlSecondsAfterFinished;
  }

  public void setTtlSecondsAfterFinished(Integer ttlSecondsAfterFinished) {
    this.ttlSecondsAfterFinished = ttlSecondsAfterFinished;
  }

  /** The PriorityClass of the job's PodGroup. */
  public String getPriorityClassName() {
    return priorityClassName;
  }

  public void setPriorityClassName(String priorityClassName) {
    this.priorityClassName = priorityClassName;
  }

  /** Pods that must succeed for the job to succeed. */
  public Integer getMinSuccess() {
    return minSuccess;
  }

  public void setMinSuccess(Integer minSuccess) {
    this.minSuccess = minSuccess;
  }

  /** Whether and how far the job's pods stay within one HyperNode. */
  public NetworkTopologySpec getNetworkTopology() {
    return networkTopology;
  }

  public void setNetworkTopology(NetworkTopologySpec networkTopology) {
    this.networkTopology = networkTopology;
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
    return other instanceof JobSpec that
        && Objects.equals(schedulerName, that.schedulerName)
        && Objects.equals(minAvailable, that.minAvailable)
        && Objects.equals(volumes, that.volumes)
        && Objects.equals(tasks, that.tasks)
        && Objects.equals(policies, that.policies)
        && Objects.equals(plugins, that.plugins)
        && Objects.equals(runningEstimate, that.runningEstimate)
        && Objects.equals(queue, that.queue)
        && Objects.equals(maxRetry, that.maxRetry)
        && Objects.equals(ttlSecondsAfterFinished, that.ttlSecondsAfterFinished)
        && Objects.equals(priorityClassName, that.priorityClassName)
        && Objects.equals(minSuccess, that.minSuccess)
        && Objects.equals(networkTopology, that.networkTopology)
        && Objects.equals(additionalProperties, that.additionalProperties);
  }

  @Override
  public int hashCode() {
    return Objects.hash(
        schedulerName,
        minAvailable,
        volumes,
        tasks,
        policies,
        plugins,
        runningEstimate,
        queue,
        maxRetry,
        ttlSecondsAfterFinished,
        priorityClassName,
        minSuccess,
        networkTopology,
        additionalProperties);
  }

  @Override
  public String toString() {
    return "JobSpec("
        + "schedulerName="
        + schedulerName
        + ", "
        + "minAvailable="
        + minAvailable
        + ", "
        + "volumes="
        + volumes
        + ", "
        + "tasks="
        + tasks
        + ", "
        + "policies="
        + policies
        + ", "
        + "plugins="
        + plugins
        + ", "
        + "runningEstimate="
        + runningEstimate
        + ", "
        + "queue="
        + queue
        + ", "
        + "maxRetry="
        + maxRetry
        + ", "
        + "ttlSecondsAfterFinished="
        + ttlSecondsAfterFinished
        + ", "
        + "priorityClassName="
        + priorityClassName
        + ", "
        + "minSuccess="
        + minSuccess
        + ", "
        + "networkTopology="
        + networkTopology
        + (additionalProperties.isEmpty() ? "" : ", additionalProperties=" + additionalProperties)
        + ")";
  }
}
