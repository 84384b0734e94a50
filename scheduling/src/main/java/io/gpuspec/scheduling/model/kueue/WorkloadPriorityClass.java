package io.gpuspec.scheduling.model.kueue;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonProperty;
import com.fasterxml.jackson.annotation.JsonPropertyOrder;
import io.fabric8.kubernetes.api.model.ObjectMeta;
import io.fabric8.kubernetes.model.annotation.Group;
import io.fabric8.kubernetes.model.annotation.Kind;
import io.fabric8.kubernetes.model.annotation.Plural;
import io.fabric8.kubernetes.model.annotation.Singular;
import io.fabric8.kubernetes.model.annotation.Version;
import io.gpuspec.core.manifest.CustomObject;
import java.util.Arrays;
import java.util.List;
import tools.jackson.databind.ValueDeserializer;
import tools.jackson.databind.annotation.JsonDeserialize;

/**
 * A Kueue {@code WorkloadPriorityClass} ({@code kueue.x-k8s.io/v1beta2}, cluster-scoped): the
 * priority Kueue uses for queueing and preemption of workloads labelled {@code
 * kueue.x-k8s.io/priority-class}, independent of the pods' PriorityClass. Like a PriorityClass it
 * has no {@code spec}: {@code value} and {@code description} sit at the top level.
 */
@Group(WorkloadPriorityClass.GROUP)
@Version(WorkloadPriorityClass.VERSION)
@Kind(WorkloadPriorityClass.KIND)
@Plural("workloadpriorityclasses")
@Singular("workloadpriorityclass")
@JsonDeserialize(using = ValueDeserializer.None.class)
@JsonPropertyOrder({"apiVersion", "kind", "metadata", "description", "value"})
public class WorkloadPriorityClass extends CustomObject {

  private static final long serialVersionUID = 1L;

  public static final String GROUP = "kueue.x-k8s.io";
  public static final String VERSION = "v1beta2";
  public static final String KIND = "WorkloadPriorityClass";
  public static final String API_VERSION = GROUP + "/" + VERSION;

  @JsonProperty("description")
  private String description;

  @JsonProperty("value")
  @JsonInclude(JsonInclude.Include.NON_NULL)
  private Integer value;

  public WorkloadPriorityClass() {
    this(null, null, null);
  }

  public WorkloadPriorityClass(ObjectMeta metadata, Integer value, String description) {
    super(API_VERSION, KIND, metadata);
    this.value = value;
    this.description = description;
  }

  /** Free text, at most 2048 characters. */
  public String getDescription() {
    return description;
  }

  public void setDescription(String description) {
    this.description = description;
  }

  /** The priority; higher wins. Required. */
  public Integer getValue() {
    return value;
  }

  public void setValue(Integer value) {
    this.value = value;
  }

  @Override
  protected List<Object> content() {
    return Arrays.asList(description, value);
  }
}
