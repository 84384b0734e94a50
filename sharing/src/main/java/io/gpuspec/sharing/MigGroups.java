package io.gpuspec.sharing;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ObjectNode;

/**
 * The device groups of a mig-parted config read leniently, so that the catalogue facts (SHR006,
 * SHR007) judge the profiles of every well-formed group even when another part of the text is
 * malformed (which SHR005 reports).
 */
final class MigGroups {

  /**
   * One group that enables MIG: where it is, the profiles with a positive count, and the catalogued
   * GPUs its device filter selects (all of them without a filter).
   */
  record Group(
      String layout,
      String path,
      Map<String, Integer> profiles,
      List<MigGeometry> gpus,
      boolean filtered) {

    /** The catalogued GPUs that offer every profile of the group. */
    List<MigGeometry> offeringAll() {
      return gpus.stream()
          .filter(g -> profiles.keySet().stream().allMatch(p -> g.profile(p).isPresent()))
          .toList();
    }

    /** The catalogued GPUs that offer one profile. */
    List<MigGeometry> offering(String profile) {
      return gpus.stream().filter(g -> g.profile(profile).isPresent()).toList();
    }
  }

  private MigGroups() {}

  /** Whether a config tree is a mig-parted config: a {@code version} and {@code mig-configs}. */
  static boolean isMigPartedConfig(ObjectNode root) {
    return root.has("version") && root.has("mig-configs");
  }

  /**
   * The groups with {@code mig-enabled: true} and well-formed profile names; groups whose device
   * filter names no catalogued GPU are left out (nothing is known about them).
   */
  static List<Group> of(ObjectNode root, MigCatalogue catalogue) {
    return all(root, catalogue).stream().filter(group -> !group.gpus().isEmpty()).toList();
  }

  /**
   * The groups with {@code mig-enabled: true} whose device filter names no catalogued GPU (their
   * {@code gpus} are empty): only what every MIG GPU shares is known about them.
   */
  static List<Group> outsideCatalogue(ObjectNode root, MigCatalogue catalogue) {
    return all(root, catalogue).stream().filter(group -> group.gpus().isEmpty()).toList();
  }

  private static List<Group> all(ObjectNode root, MigCatalogue catalogue) {
    List<Group> groups = new ArrayList<>();
    if (!(root.get("mig-configs") instanceof ObjectNode layouts)) {
      return groups;
    }
    for (Map.Entry<String, JsonNode> layout : layouts.properties()) {
      String layoutPath = "mig-configs[" + layout.getKey() + "]";
      JsonNode list = layout.getValue();
      if (list == null || !list.isArray()) {
        continue;
      }
      for (int i = 0; i < list.size(); i++) {
        if (list.get(i) instanceof ObjectNode group) {
          group(layout.getKey(), layoutPath + "[" + i + "]", group, catalogue)
              .ifPresent(groups::add);
        }
      }
    }
    return groups;
  }

  private static Optional<Group> group(
      String layout, String path, ObjectNode group, MigCatalogue catalogue) {
    JsonNode enabled = group.get("mig-enabled");
    if (enabled == null || !enabled.isBoolean() || !enabled.booleanValue()) {
      return Optional.empty();
    }
    if (!(group.get("mig-devices") instanceof ObjectNode devices)) {
      return Optional.empty();
    }
    Map<String, Integer> profiles = new TreeMap<>();
    for (Map.Entry<String, JsonNode> device : devices.properties()) {
      Optional<Integer> count = integer(device.getValue());
      if (MigProfile.isProfileName(device.getKey()) && count.isPresent() && count.get() > 0) {
        profiles.put(device.getKey(), count.get());
      }
    }
    if (profiles.isEmpty()) {
      return Optional.empty();
    }
    List<String> filter = deviceFilter(group.get("device-filter"));
    List<MigGeometry> gpus =
        catalogue.geometries().stream()
            .filter(g -> filter.isEmpty() || g.matchesDeviceFilter(filter))
            .toList();
    return Optional.of(new Group(layout, path, profiles, gpus, !filter.isEmpty()));
  }

  private static List<String> deviceFilter(JsonNode node) {
    List<String> ids = new ArrayList<>();
    if (node == null) {
      return ids;
    }
    if (node.isString()) {
      ids.add(node.asString());
    } else if (node.isArray()) {
      node.forEach(
          item -> {
            if (item != null && item.isString()) {
              ids.add(item.asString());
            }
          });
    }
    return ids;
  }

  private static Optional<Integer> integer(JsonNode node) {
    return node != null && node.isIntegralNumber() && node.canConvertToInt()
        ? Optional.of(node.intValue())
        : Optional.empty();
  }

  /** {@code A100-40GB, A100-80GB}. */
  static String names(List<MigGeometry> gpus) {
    return String.join(", ", gpus.stream().map(MigGeometry::modelName).toList());
  }
}
