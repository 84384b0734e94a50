package io.gpuspec.core;

/**
 * A topology level: the node label whose values name the domains of that level (a zone, a block, a
 * rack, a host). Schedulers keep pod sets within one domain by these labels (Kueue's {@code
 * Topology} levels, Volcano's HyperNodes), so a pool writes its levels as node labels.
 *
 * <pre>{@code
 * TopologyLevel rack = TopologyLevel.of("rack", "cloud.google.com/gce-topology-subblock");
 * }</pre>
 *
 * @param name a short name for messages, e.g. {@code rack}
 * @param key the node label key, e.g. {@code topology.kubernetes.io/zone}
 */
public record TopologyLevel(String name, String key) {

  /** {@code topology.kubernetes.io/zone}, the well-known zone label. */
  public static final TopologyLevel ZONE = new TopologyLevel("zone", "topology.kubernetes.io/zone");

  /**
   * {@code kubernetes.io/hostname}: every node's own name, set by the kubelet; always the narrowest
   * level, never written by a pool.
   */
  public static final TopologyLevel HOST = new TopologyLevel("host", "kubernetes.io/hostname");

  public TopologyLevel {
    InvalidSpecException.requireValue(name, "topology level name");
    InvalidSpecException.requireValue(key, "topology level \"" + name + "\" key");
    InvalidSpecException.require(
        !name.isBlank(),
        "topology level \"" + key + "\"",
        "the name is empty",
        "name the level, e.g. rack");
    InvalidSpecException.require(
        Labels.isQualifiedName(key),
        "topology level \"" + name + "\"",
        "\"" + key + "\" is not a valid label key",
        "use a node label key such as cloud.google.com/gce-topology-block");
  }

  /** A level of the user's own, e.g. {@code of("block", "cloud.google.com/gce-topology-block")}. */
  public static TopologyLevel of(String name, String key) {
    return new TopologyLevel(name, key);
  }

  @Override
  public String toString() {
    return name + " (" + key + ")";
  }
}
