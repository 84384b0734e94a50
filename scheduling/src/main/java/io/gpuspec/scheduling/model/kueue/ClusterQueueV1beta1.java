package io.gpuspec.scheduling.model.kueue;

import com.fasterxml.jackson.annotation.JsonProperty;
import io.fabric8.kubernetes.model.annotation.Group;
import io.fabric8.kubernetes.model.annotation.Kind;
import io.fabric8.kubernetes.model.annotation.Plural;
import io.fabric8.kubernetes.model.annotation.Singular;
import io.fabric8.kubernetes.model.annotation.Version;
import tools.jackson.databind.ValueDeserializer;
import tools.jackson.databind.annotation.JsonDeserialize;

/**
 * A Kueue {@code ClusterQueue} at {@code kueue.x-k8s.io/v1beta1}, which Kueue still serves: read
 * into the {@code v1beta2} model ({@link ClusterQueue}), so every rule judges it; its spec's
 * v1beta1 fields are read by {@link ClusterQueueSpecV1beta1}.
 */
@Group(ClusterQueue.GROUP)
@Version(ClusterQueueV1beta1.VERSION)
@Kind(ClusterQueue.KIND)
@Plural("clusterqueues")
@Singular("clusterqueue")
@JsonDeserialize(using = ValueDeserializer.None.class)
public class ClusterQueueV1beta1 extends ClusterQueue {

  private static final long serialVersionUID = 1L;

  public static final String VERSION = "v1beta1";
  public static final String API_VERSION = GROUP + "/" + VERSION;

  public ClusterQueueV1beta1() {
    setApiVersion(API_VERSION);
  }

  /** The spec as v1beta1 writes it ({@code cohort}, {@code admissionChecks}). */
  @Override
  @JsonProperty("spec")
  @JsonDeserialize(as = ClusterQueueSpecV1beta1.class)
  public void setSpec(ClusterQueueSpec spec) {
    super.setSpec(spec);
  }
}
