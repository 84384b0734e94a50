package io.gpuspec.sharing.model;

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
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import tools.jackson.databind.ValueDeserializer;
import tools.jackson.databind.annotation.JsonDeserialize;

/**
 * The GPU Operator's {@code ClusterPolicy} ({@code nvidia.com/v1}, cluster-scoped): the desired
 * state of the operator's operands. The operator acts on one ClusterPolicy in the cluster (the
 * chart names it {@code cluster-policy}); its configs (device-plugin and mig-parted ConfigMaps)
 * live in the operator's own namespace.
 */
@Group(ClusterPolicy.GROUP)
@Version(ClusterPolicy.VERSION)
@Kind(ClusterPolicy.KIND)
@Plural("clusterpolicies")
@Singular("clusterpolicy")
@JsonDeserialize(using = ValueDeserializer.None.class)
@JsonPropertyOrder({"apiVersion", "kind", "metadata", "spec", "status"})
public class ClusterPolicy extends CustomObject {

  private static final long serialVersionUID = 1L;

  public static final String GROUP = "nvidia.com";
  public static final String VERSION = "v1";
  public static final String KIND = "ClusterPolicy";
  public static final String API_VERSION = GROUP + "/" + VERSION;

  @JsonProperty("spec")
  private ClusterPolicySpec spec;

  /** As the API server reports it ({@code state}, {@code conditions}, ...); kept as read. */
  @JsonProperty("status")
  private Map<String, Object> status = new LinkedHashMap<>();

  public ClusterPolicy() {
    this(null, null);
  }

  public ClusterPolicy(ObjectMeta metadata, ClusterPolicySpec spec) {
    super(API_VERSION, KIND, metadata);
    this.spec = spec;
  }

  public ClusterPolicySpec getSpec() {
    return spec;
  }

  public void setSpec(ClusterPolicySpec spec) {
    this.spec = spec;
  }

  public Map<String, Object> getStatus() {
    return status;
  }

  public void setStatus(Map<String, Object> status) {
    this.status = status == null ? new LinkedHashMap<>() : new LinkedHashMap<>(status);
  }

  @Override
  protected List<Object> content() {
    return Arrays.asList(spec, status);
  }
}
