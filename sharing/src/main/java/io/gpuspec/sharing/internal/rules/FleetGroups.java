package io.gpuspec.sharing.internal.rules;

import io.gpuspec.core.Fleet;
import io.gpuspec.core.GpuModel;
import io.gpuspec.core.LabelScheme;
import io.gpuspec.core.NodeGroup;
import io.gpuspec.core.NodePool;
import io.gpuspec.core.spi.CheckContext;
import io.gpuspec.sharing.ConfigSelector;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * The node groups of the fleet a check knows, with the pool each one is (when it is one) and its
 * GPU model: the pool's, or the one its labels name under a known label scheme (GFD product labels
 * with {@code -SHARED} or {@code -MIG-<profile>} appended name the bare model).
 */
final class FleetGroups {

  /** One node group with what is known about its GPUs. */
  record Group(NodeGroup nodes, Optional<NodePool> pool, Optional<GpuModel> model) {
    String name() {
      return nodes.name();
    }

    Map<String, String> labels() {
      return nodes.labels();
    }

    /** {@code pool "a100-mig" (A100-80GB)}. */
    String describe() {
      return (pool.isPresent() ? "pool" : "node group")
          + " \""
          + name()
          + "\""
          + model.map(m -> " (" + m.name() + ")").orElse("");
    }
  }

  private FleetGroups() {}

  /** Every group of the fleet; empty without a fleet. */
  static List<Group> of(CheckContext context) {
    if (context.fleet().isEmpty()) {
      return List.of();
    }
    Fleet fleet = context.fleet().get();
    List<Group> groups = new ArrayList<>();
    for (NodeGroup group : fleet.groups()) {
      Optional<NodePool> pool =
          fleet.pools().stream().filter(p -> p.name().equals(group.name())).findFirst();
      Optional<GpuModel> model =
          pool.map(NodePool::model).or(() -> modelOf(group.labels(), context));
      groups.add(new Group(group, pool, model));
    }
    return groups;
  }

  /** The groups whose nodes carry {@code key=value}. */
  static List<Group> labelled(CheckContext context, String key, String value) {
    return of(context).stream().filter(g -> value.equals(g.labels().get(key))).toList();
  }

  /** The groups of a known GPU model whose label {@code key} selects a config, for the facts. */
  static List<ConfigSelector> selecting(CheckContext context, String key) {
    List<ConfigSelector> selectors = new ArrayList<>();
    for (Group group : of(context)) {
      String config = group.labels().get(key);
      if (config != null && group.model().isPresent()) {
        selectors.add(
            new ConfigSelector(
                group.describe(), config, group.model().get(), group.pool().map(NodePool::shape)));
      }
    }
    return selectors;
  }

  private static Optional<GpuModel> modelOf(Map<String, String> labels, CheckContext context) {
    for (LabelScheme scheme : context.labelSchemes()) {
      String value = labels.get(scheme.modelKey());
      if (value == null) {
        continue;
      }
      int mig = value.indexOf("-MIG-");
      String bare = mig < 0 ? value : value.substring(0, mig);
      Optional<GpuModel> model =
          context.catalogue().byName(scheme.modelIdentity(bare, context.catalogue()));
      if (model.isPresent()) {
        return model;
      }
    }
    return Optional.empty();
  }
}
