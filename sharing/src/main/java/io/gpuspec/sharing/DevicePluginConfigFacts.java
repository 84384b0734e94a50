package io.gpuspec.sharing;

import io.fabric8.kubernetes.api.model.ConfigMap;
import io.gpuspec.core.report.Finding;
import java.util.ArrayList;
import java.util.List;
import java.util.function.BiFunction;
import tools.jackson.databind.node.ObjectNode;

/**
 * Facts about the device-plugin configs in a ConfigMap's data (any value that reads as one, see
 * {@link DevicePluginConfigReader}). Each finding is at the config's data key ({@code
 * data[tesla-t4]}) and names the path inside the config first in its message ({@code
 * sharing.timeSlicing.resources[0].replicas: ...}). A {@code DevicePluginConfigMap} built by the
 * DSL throws the first finding of these.
 */
public final class DevicePluginConfigFacts {

  private DevicePluginConfigFacts() {}

  /**
   * SHR001: each config holds only what the plugin reads, where it reads it (unknown, misplaced or
   * mistyped keys, an unknown version, an empty resource list), and nothing it ignores (a custom
   * rename, a devices list, a name it does not share, a resource listed twice).
   */
  public static List<Finding> readAsWritten(ConfigMap configMap) {
    return each(
        configMap,
        (text, root) -> {
          List<Finding> inner = new ArrayList<>(DevicePluginConfigReader.formatProblems(text));
          inner.addAll(DevicePluginConfigReader.ignored(root));
          return inner;
        });
  }

  /** SHR002: each shared resource has at least 2 replicas. */
  public static List<Finding> replicas(ConfigMap configMap) {
    return each(configMap, (text, root) -> DevicePluginConfigReader.tooFewReplicas(root));
  }

  /** SHR003, the part that holds for every GPU: MPS shares a GPU among at most 48 clients. */
  public static List<Finding> mpsClients(ConfigMap configMap) {
    return each(configMap, (text, root) -> DevicePluginConfigReader.tooManyMpsClients(root));
  }

  /**
   * SHR004: MPS never with {@code migStrategy: mixed} nor on MIG devices; MIG resources are shared
   * only under {@code mixed}.
   */
  public static List<Finding> migStrategy(ConfigMap configMap) {
    return each(configMap, (text, root) -> DevicePluginConfigReader.migStrategyMismatches(root));
  }

  private static List<Finding> each(
      ConfigMap configMap, BiFunction<String, ObjectNode, List<Finding>> fact) {
    return ConfigFindings.each(configMap, DevicePluginConfigText::isDevicePluginConfig, fact);
  }
}
