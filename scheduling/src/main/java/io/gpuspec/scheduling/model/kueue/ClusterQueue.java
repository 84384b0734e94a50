package io.gpuspec.scheduling.model.kueue;

import io.fabric8.kubernetes.api.model.ObjectMeta;
import io.fabric8.kubernetes.model.annotation.Group;
import io.fabric8.kubernetes.model.annotation.Kind;
import io.fabric8.kubernetes.model.annotation.Plural;
import io.fabric8.kubernetes.model.annotation.Singular;
import io.fabric8.kubernetes.model.annotation.Version;
import io.gpuspec.core.manifest.SpecObject;
import tools.jackson.databind.ValueDeserializer;
import tools.jackson.databind.annotation.JsonDeserialize;

/**
 * A Kueue {@code ClusterQueue} ({@code kueue.x-k8s.io/v1beta2}, cluster-scoped): quotas by flavor.
 */
@Group(ClusterQueue.GROUP)
@Version(ClusterQueue.VERSION)
@Kind(ClusterQueue.KIND)
@Plural("clusterqueues")
@Singular("clusterqueue")
@JsonDeserialize(using = ValueDeserializer.None.class)
public class ClusterQueue extends SpecObject<ClusterQueueSpec> {

  private static final long serialVersionUID = 1L;

  public static final String GROUP = "kueue.x-k8s.io";
  public static final String VERSION = "v1beta2";
  public static final String KIND = "ClusterQueue";
  public static final String API_VERSION = GROUP + "/" + VERSION;

  public ClusterQueue() {
    this(null, null);
  }

  public ClusterQueue(ObjectMeta metadata, ClusterQueueSpec spec) {
    super(API_VERSION, KIND, metadata, spec);
  }
}
