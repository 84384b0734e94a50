package io.gpuspec.scheduling.model.volcano.topology;

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
 * A Volcano {@code HyperNode} ({@code topology.volcano.sh/v1alpha1}, cluster-scoped): one network
 * performance domain of a tier, for network-topology-aware scheduling
 * (https://volcano.sh/en/docs/network_topology_aware_scheduling/).
 */
@Group(HyperNode.GROUP)
@Version(HyperNode.VERSION)
@Kind(HyperNode.KIND)
@Plural("hypernodes")
@Singular("hypernode")
@JsonDeserialize(using = ValueDeserializer.None.class)
public class HyperNode extends SpecObject<HyperNodeSpec> {

  private static final long serialVersionUID = 1L;

  public static final String GROUP = "topology.volcano.sh";
  public static final String VERSION = "v1alpha1";
  public static final String KIND = "HyperNode";
  public static final String API_VERSION = GROUP + "/" + VERSION;

  public HyperNode() {
    this(null, null);
  }

  public HyperNode(ObjectMeta metadata, HyperNodeSpec spec) {
    super(API_VERSION, KIND, metadata, spec);
  }
}
