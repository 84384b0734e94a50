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
 * A Kueue {@code Topology} ({@code kueue.x-k8s.io/v1beta2}, cluster-scoped): the node labels of a
 * data centre's topology levels, widest first, for topology-aware scheduling
 * (https://kueue.sigs.k8s.io/docs/concepts/topology_aware_scheduling/).
 */
@Group(Topology.GROUP)
@Version(Topology.VERSION)
@Kind(Topology.KIND)
@Plural("topologies")
@Singular("topology")
@JsonDeserialize(using = ValueDeserializer.None.class)
public class Topology extends SpecObject<TopologySpec> {

  private static final long serialVersionUID = 1L;

  public static final String GROUP = "kueue.x-k8s.io";
  public static final String VERSION = "v1beta2";
  public static final String KIND = "Topology";
  public static final String API_VERSION = GROUP + "/" + VERSION;

  public Topology() {
    this(null, null);
  }

  public Topology(ObjectMeta metadata, TopologySpec spec) {
    super(API_VERSION, KIND, metadata, spec);
  }
}
