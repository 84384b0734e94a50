package io.gpuspec.sharing;

import io.fabric8.kubernetes.api.model.ConfigMap;
import io.gpuspec.core.GpuModel;
import io.gpuspec.core.report.Finding;
import io.gpuspec.sharing.DevicePluginConfigReader.SharedEntry;
import io.gpuspec.sharing.DevicePluginConfigReader.SharingSection;
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

  /**
   * SHR003, the part that needs the fleet: a GPU below compute capability 7.5 (Volta) serves at
   * most 16 MPS clients, so a config that node groups of such GPUs select shares each one among at
   * most 16.
   */
  public static List<Finding> mpsClientsOnPools(
      ConfigMap configMap, List<ConfigSelector> selectors) {
    return ConfigFindings.each(
        configMap,
        DevicePluginConfigText::isDevicePluginConfig,
        (key, text, root) -> {
          List<Finding> findings = new ArrayList<>();
          for (SharingSection section : DevicePluginConfigReader.sections(root)) {
            if (!section.isMps()) {
              continue;
            }
            for (SharedEntry entry : section.resources()) {
              entry
                  .replicas()
                  .filter(replicas -> replicas <= SharingConfig.MPS_MAX_REPLICAS)
                  .ifPresent(
                      replicas -> {
                        for (ConfigSelector selector : selectors) {
                          if (selector.config().equals(key)) {
                            mpsClientsOn(findings, entry, replicas, selector);
                          }
                        }
                      });
            }
          }
          return findings;
        });
  }

  private static void mpsClientsOn(
      List<Finding> findings, SharedEntry entry, int replicas, ConfigSelector selector) {
    GpuModel model = selector.model();
    int max = DevicePluginConfig.maxMpsReplicas(model);
    if (replicas > max) {
      findings.add(
          new Finding(
              entry.path() + ".replicas",
              replicas
                  + " MPS clients but "
                  + selector.description()
                  + " selects this config and a GPU of compute capability "
                  + model.computeCapability()
                  + " serves at most "
                  + max,
              "use at most " + max + " replicas for " + model.name() + " nodes"));
    }
  }

  private static List<Finding> each(
      ConfigMap configMap, BiFunction<String, ObjectNode, List<Finding>> fact) {
    return ConfigFindings.each(
        configMap,
        DevicePluginConfigText::isDevicePluginConfig,
        (key, text, root) -> fact.apply(text, root));
  }
}
