package io.gpuspec.scheduling;

import io.gpuspec.core.InvalidSpecException;
import io.gpuspec.scheduling.facts.KueueTopologyFacts;
import java.util.Objects;
import java.util.Optional;

/**
 * Where Kueue places a queued workload's pod sets (its pod templates) by topology
 * (https://kueue.sigs.k8s.io/docs/concepts/topology_aware_scheduling/): all pods of a pod set
 * within one domain of a level ({@link #required}), preferably so ({@link #preferred}), or anywhere
 * with topology-aware accounting ({@link #unconstrained}). Given with the {@link KueueTopology},
 * the level is checked to be one of its levels when the workload is built.
 *
 * @param annotation the pod-template annotation Kueue reads
 * @param value its value: the level's node label, or {@code "true"}
 * @param topology the Topology the level is one of, when given
 */
public record PodSetTopology(String annotation, String value, Optional<KueueTopology> topology) {

  public PodSetTopology {
    Objects.requireNonNull(annotation, "annotation");
    InvalidSpecException.requireValue(value, "pod set topology level");
    Objects.requireNonNull(topology, "topology");
  }

  /** Every pod of a pod set within one domain of {@code level} of {@code topology}. */
  public static PodSetTopology required(KueueTopology topology, String level) {
    return new PodSetTopology(KueueTopologyFacts.REQUIRED, level, Optional.of(topology));
  }

  /** Every pod of a pod set within one domain of {@code level}, the Topology not given. */
  public static PodSetTopology required(String level) {
    return new PodSetTopology(KueueTopologyFacts.REQUIRED, level, Optional.empty());
  }

  /** Pods of a pod set within one domain of {@code level} if they fit, else the next wider. */
  public static PodSetTopology preferred(KueueTopology topology, String level) {
    return new PodSetTopology(KueueTopologyFacts.PREFERRED, level, Optional.of(topology));
  }

  /** Pods of a pod set within one domain of {@code level} if they fit, the Topology not given. */
  public static PodSetTopology preferred(String level) {
    return new PodSetTopology(KueueTopologyFacts.PREFERRED, level, Optional.empty());
  }

  /** Topology-aware accounting without a level. */
  public static PodSetTopology unconstrained() {
    return new PodSetTopology(KueueTopologyFacts.UNCONSTRAINED, "true", Optional.empty());
  }
}
