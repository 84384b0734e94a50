package io.gpuspec.sharing;

import io.gpuspec.core.GpuModel;
import io.gpuspec.core.GpuSpecStyle;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.immutables.value.Value;

/**
 * One config of the NVIDIA device plugin ({@code version: v1}): the MIG strategy and how GPUs are
 * shared.
 *
 * <pre>{@code
 * version: v1
 * flags:
 *   migStrategy: none
 * sharing:
 *   timeSlicing:
 *     resources:
 *     - name: nvidia.com/gpu
 *       replicas: 4
 * }</pre>
 *
 * Several named configs live in one ConfigMap ({@link DevicePluginConfigMap}); each node picks one
 * with its {@code nvidia.com/device-plugin.config} label. Format and rules:
 * https://github.com/NVIDIA/k8s-device-plugin#configuring-the-nvidia-device-plugin-binary and
 * https://docs.nvidia.com/datacenter/cloud-native/gpu-operator/latest/gpu-sharing.html.
 */
@Value.Immutable
@GpuSpecStyle
public abstract class DevicePluginConfig {

  public static final String VERSION = "v1";

  /** {@code flags.migStrategy}; absent means the plugin's default, {@code none}. */
  public abstract Optional<MigStrategy> migStrategy();

  public abstract Optional<SharingConfig> sharing();

  /** The MIG strategy the plugin uses with this config alone. */
  public MigStrategy effectiveMigStrategy() {
    return migStrategy().orElse(MigStrategy.NONE);
  }

  /**
   * The most MPS clients one GPU of the model serves: 48 from compute capability 7.5, 16 before
   * (the device plugin's MPS daemon, {@code cmd/mps-control-daemon/mps/device.go}).
   */
  public static int maxMpsReplicas(GpuModel model) {
    String[] parts = model.computeCapability().split("\\.");
    int major = Integer.parseInt(parts[0]);
    int minor = Integer.parseInt(parts[1]);
    boolean atLeast75 = major > 7 || (major == 7 && minor >= 5);
    return atLeast75 ? SharingConfig.MPS_MAX_REPLICAS : SharingConfig.MPS_MAX_REPLICAS_BEFORE_7_5;
  }

  /** The config as YAML text: deterministic, keys sorted. */
  public String render() {
    return YamlText.render(tree());
  }

  Map<String, Object> tree() {
    Map<String, Object> root = new LinkedHashMap<>();
    root.put("version", VERSION);
    migStrategy().ifPresent(strategy -> root.put("flags", Map.of("migStrategy", strategy.value())));
    sharing()
        .ifPresent(
            sharing -> {
              Map<String, Object> replicated = new LinkedHashMap<>();
              replicated.put("renameByDefault", sharing.renameByDefault());
              sharing
                  .failRequestsGreaterThanOne()
                  .ifPresent(fail -> replicated.put("failRequestsGreaterThanOne", fail));
              List<Object> resources = new ArrayList<>();
              for (SharedResource resource : sharing.resources()) {
                Map<String, Object> entry = new LinkedHashMap<>();
                entry.put("name", resource.name());
                entry.put("replicas", resource.replicas());
                resource.rename().ifPresent(rename -> entry.put("rename", rename));
                resource.devices().ifPresent(devices -> entry.put("devices", devicesTree(devices)));
                resources.add(entry);
              }
              replicated.put("resources", resources);
              root.put("sharing", Map.of(sharing.strategy().key(), replicated));
            });
    return root;
  }

  private static Object devicesTree(DeviceSelection devices) {
    if (devices.isAll()) {
      return "all";
    }
    List<Object> ids = new ArrayList<>();
    for (String id : devices.ids()) {
      ids.add(DeviceSelection.isGpuIndex(id) ? (Object) Integer.valueOf(id) : id);
    }
    return ids;
  }

  public static Builder builder() {
    return new Builder();
  }

  /**
   * Builds {@link DevicePluginConfig} values: set the attributes, then {@code build()}, which
   * checks them.
   */
  public static final class Builder extends ImmutableDevicePluginConfig.Builder {}
}
