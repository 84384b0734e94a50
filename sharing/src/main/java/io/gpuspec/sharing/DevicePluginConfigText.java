package io.gpuspec.sharing;

import io.gpuspec.core.k8s.CheckMemo;
import java.util.List;
import java.util.Optional;
import tools.jackson.core.JacksonException;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ObjectNode;
import tools.jackson.dataformat.yaml.YAMLMapper;

/**
 * Recognises a device-plugin config in a text (e.g. a ConfigMap's data value) and reads it
 * leniently as a tree, for {@link DevicePluginConfigReader}'s lenient views and the facts over
 * ConfigMaps.
 */
public final class DevicePluginConfigText {

  /** Keys that only a device-plugin config has at its top, written right or misplaced. */
  private static final List<String> TELLING_KEYS =
      List.of("sharing", "flags", "timeSlicing", "mps");

  private static final YAMLMapper YAML = YAMLMapper.builder().build();

  /** The text as a YAML mapping, if it is one (read leniently; at most 1 MiB). */
  public static Optional<ObjectNode> tree(String text) {
    if (text == null || text.length() > (1 << 20)) {
      return Optional.empty();
    }
    // Several rules read the same ConfigMap's configs: parsed once per check, a copy for each.
    Optional<ObjectNode> parsed =
        CheckMemo.ofText(DevicePluginConfigText.class, text, DevicePluginConfigText::parse);
    return parsed.map(ObjectNode::deepCopy);
  }

  private static Optional<ObjectNode> parse(String text) {
    try {
      JsonNode node = YAML.readTree(text);
      return node instanceof ObjectNode object ? Optional.of(object) : Optional.empty();
    } catch (JacksonException e) {
      return Optional.empty();
    }
  }

  /**
   * Whether a tree is a device-plugin config: a mapping with a {@code version} and a key only such
   * a config has ({@code sharing}, {@code flags}, or a misplaced {@code timeSlicing}/{@code mps}),
   * and not a mig-parted config ({@code mig-configs}).
   */
  public static boolean isDevicePluginConfig(JsonNode root) {
    return root instanceof ObjectNode
        && root.has("version")
        && !root.has("mig-configs")
        && TELLING_KEYS.stream().anyMatch(root::has);
  }

  private DevicePluginConfigText() {}
}
