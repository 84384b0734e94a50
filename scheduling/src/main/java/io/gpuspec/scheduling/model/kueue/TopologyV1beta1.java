package io.gpuspec.scheduling.model.kueue;

import io.fabric8.kubernetes.model.annotation.Group;
import io.fabric8.kubernetes.model.annotation.Kind;
import io.fabric8.kubernetes.model.annotation.Plural;
import io.fabric8.kubernetes.model.annotation.Singular;
import io.fabric8.kubernetes.model.annotation.Version;
import tools.jackson.databind.ValueDeserializer;
import tools.jackson.databind.annotation.JsonDeserialize;

/**
 * A Kueue {@code Topology} at {@code kueue.x-k8s.io/v1beta1}, which Kueue still serves: read into
 * the {@code v1beta2} model ({@link Topology}), so every rule judges it (its spec has the same
 * fields in both versions).
 */
@Group(Topology.GROUP)
@Version(TopologyV1beta1.VERSION)
@Kind(Topology.KIND)
@Plural("topologies")
@Singular("topology")
@JsonDeserialize(using = ValueDeserializer.None.class)
public class TopologyV1beta1 extends Topology {

  private static final long serialVersionUID = 1L;

  public static final String VERSION = "v1beta1";
  public static final String API_VERSION = GROUP + "/" + VERSION;

  public TopologyV1beta1() {
    setApiVersion(API_VERSION);
  }
}
