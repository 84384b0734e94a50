package io.gpuspec.sharing;

import io.gpuspec.core.GpuSpecStyle;
import io.gpuspec.core.InvalidSpecException;
import io.gpuspec.core.Labels;
import io.gpuspec.core.NodePool;
import io.gpuspec.core.PoolShape;
import io.gpuspec.core.PoolSharing;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;
import org.immutables.value.Value;

/**
 * How a {@link NodePool}'s GPUs are shared or partitioned: the named device-plugin config its nodes
 * select with {@code nvidia.com/device-plugin.config} and, for MIG, the named layout they select
 * with {@code nvidia.com/mig.config}. Give it to {@code NodePool.Builder.sharing(...)}; the pool
 * then advertises what the device plugin advertises ({@link AdvertisedResources}), its nodes and
 * workloads carry the selection labels, and workloads placed on it request its resource.
 *
 * <pre>{@code
 * NodePool t4 = NodePool.named("t4-shared").model(GpuCatalogue.T4).gpusPerNode(1).nodeCount(4)
 *     .sharing(GpuSharing.timeSlicing("t4-time-sliced", 4))   // nvidia.com/gpu: 4 per node
 *     .build();
 * NodePool mig = NodePool.named("a100-mig").model(GpuCatalogue.A100_80GB).gpusPerNode(8)
 *     .sharing(GpuSharing.mig("a100-mixed", MigStrategy.MIXED,
 *         "all-1g.10gb", MigLayout.uniform("1g.10gb", 7)))    // nvidia.com/mig-1g.10gb: 56
 *     .build();
 * }</pre>
 *
 * {@link DevicePluginConfigMap#ofPools} and {@link MigPartedConfigMap#ofPools} gather the configs
 * of a platform's pools into the ConfigMaps the GPU Operator reads. See
 * https://docs.nvidia.com/datacenter/cloud-native/gpu-operator/latest/gpu-sharing.html and
 * https://docs.nvidia.com/datacenter/cloud-native/gpu-operator/latest/gpu-operator-mig.html.
 */
@Value.Immutable
@GpuSpecStyle
public abstract class GpuSharing implements PoolSharing {

  /** GFD's model label. */
  static final String PRODUCT = "nvidia.com/gpu.product";

  /** The config's name: its data key in the device-plugin ConfigMap and the node label's value. */
  public abstract String configName();

  /** The device-plugin config the pool's nodes run with. */
  public abstract DevicePluginConfig config();

  /** The layout's name in the mig-parted config, the value of {@code nvidia.com/mig.config}. */
  public abstract Optional<String> migConfigName();

  /** The MIG layout the MIG manager applies to the pool's GPUs. */
  public abstract Optional<MigLayout> migLayout();

  /** The MIG geometries the layout is placed with. */
  @Value.Default
  @Value.Auxiliary
  public MigCatalogue catalogue() {
    return MigCatalogue.defaults();
  }

  /** Every GPU shared {@code replicas} ways by time-slicing, still as {@code nvidia.com/gpu}. */
  public static GpuSharing timeSlicing(String configName, int replicas) {
    return of(
        configName,
        DevicePluginConfig.builder()
            .migStrategy(MigStrategy.NONE)
            .sharing(SharingConfig.timeSlicing(SharedResource.of(ResourceNames.GPU, replicas)))
            .build());
  }

  /** Every GPU shared by {@code replicas} CUDA MPS clients, still as {@code nvidia.com/gpu}. */
  public static GpuSharing mps(String configName, int replicas) {
    return of(
        configName,
        DevicePluginConfig.builder()
            .migStrategy(MigStrategy.NONE)
            .sharing(SharingConfig.mps(SharedResource.of(ResourceNames.GPU, replicas)))
            .build());
  }

  /** GPUs partitioned by a MIG layout, advertised under the MIG strategy. */
  public static GpuSharing mig(
      String configName, MigStrategy strategy, String layoutName, MigLayout layout) {
    return builder()
        .configName(configName)
        .config(DevicePluginConfig.builder().migStrategy(strategy).build())
        .migConfigName(layoutName)
        .migLayout(layout)
        .build();
  }

  /** The pool's nodes run the device plugin with this config (time-slicing, MPS, strategy). */
  public static GpuSharing of(String configName, DevicePluginConfig config) {
    return builder().configName(configName).config(config).build();
  }

  @Override
  public Map<String, String> configLabels() {
    Map<String, String> labels = new LinkedHashMap<>();
    labels.put(NodeConfigLabels.DEVICE_PLUGIN_CONFIG, configName());
    migConfigName().ifPresent(name -> labels.put(NodeConfigLabels.MIG_CONFIG, name));
    return labels;
  }

  /**
   * GPU Feature Discovery's labels under this sharing (device plugin {@code internal/lm}): the
   * product gets {@code -MIG-<profile>} under the single strategy and {@code -SHARED} when {@code
   * nvidia.com/gpu} is shared and not renamed; {@code nvidia.com/gpu.replicas} and {@code
   * nvidia.com/gpu.sharing-strategy} for a shared {@code nvidia.com/gpu}; {@code
   * nvidia.com/mig.strategy} when MIG is advertised.
   */
  @Override
  public Map<String, String> discoveredLabels(PoolShape pool) {
    Map<String, String> labels = new LinkedHashMap<>();
    String product = pool.model().productLabel();
    MigStrategy strategy = config().effectiveMigStrategy();
    Optional<String> singleProfile = singleProfile();
    if (strategy == MigStrategy.SINGLE && singleProfile.isPresent()) {
      product = product + "-MIG-" + sanitised(singleProfile.get());
    }
    Optional<SharedResource> sharedGpu = sharedGpu();
    boolean wholeGpusAdvertised = strategy != MigStrategy.MIXED || !anyMigEnabled();
    if (sharedGpu.isPresent() && wholeGpusAdvertised) {
      SharingConfig sharing = config().sharing().orElseThrow();
      if (!sharing.renameByDefault()) {
        product = product + "-SHARED";
      }
      labels.put("nvidia.com/gpu.replicas", Integer.toString(sharedGpu.get().replicas()));
      labels.put("nvidia.com/gpu.sharing-strategy", sharing.strategy().label());
    }
    labels.put(PRODUCT, product);
    if (strategy != MigStrategy.NONE) {
      labels.put("nvidia.com/mig.strategy", strategy.value());
    }
    return labels;
  }

  @Override
  public Map<String, Integer> advertisedPerNode(PoolShape pool) {
    return advertised(pool).perNode();
  }

  /** What the pool advertises under this sharing; throws when the combination cannot work. */
  public AdvertisedResources advertised(PoolShape pool) {
    return migLayout()
        .map(layout -> AdvertisedResources.of(pool, config(), layout, catalogue()))
        .orElseGet(() -> AdvertisedResources.of(pool, config()));
  }

  @Override
  public Optional<String> defaultResource(PoolShape pool) {
    Map<String, Integer> advertised = advertisedPerNode(pool);
    return advertised.size() == 1
        ? Optional.of(advertised.keySet().iterator().next())
        : Optional.empty();
  }

  @Override
  public MultipleRequests multipleRequests(String resource) {
    if (config().sharing().isEmpty()) {
      return MultipleRequests.ALLOWED;
    }
    SharingConfig sharing = config().sharing().get();
    boolean replica =
        sharing.resources().stream().anyMatch(r -> sharing.advertisedName(r).equals(resource));
    if (!replica) {
      return MultipleRequests.ALLOWED;
    }
    return failsRequestsAboveOne(sharing) ? MultipleRequests.REJECTED : MultipleRequests.NO_GAIN;
  }

  /**
   * Whether the plugin fails requests for more than one replica: the setting, or by default on for
   * MPS and off for time-slicing (device plugin {@code api/config/v1/config.go}).
   */
  static boolean failsRequestsAboveOne(SharingConfig sharing) {
    return sharing.failRequestsGreaterThanOne().orElse(sharing.strategy() == SharingStrategy.MPS);
  }

  /**
   * The sharing's shape on the pool: what its nodes advertise must be computable, or the pool
   * cannot even be rendered as a node group — a MIG layout on a GPU with MIG that holds it, one
   * group per GPU, a MIG strategy that can advertise the layout, MPS off MIG devices, and shared
   * resources the pool advertises ({@link AdvertisedResources}). What the rendered ConfigMap shows
   * against the pools (SHR003: MPS clients a GPU of the model serves) is thrown by {@code
   * DevicePluginConfigMap.ofPools(..).build()}, as the rule reports it.
   */
  @Override
  public void validate(PoolShape pool) {
    String where = "node pool \"" + pool.name() + "\" sharing";
    migLayout()
        .ifPresent(
            layout ->
                InvalidSpecException.require(
                    pool.model().migCapable()
                        || layout.groups().stream().noneMatch(MigDeviceGroup::migEnabled),
                    where,
                    pool.model().name() + " cannot be partitioned with MIG",
                    "share it with time-slicing or MPS, or use a MIG GPU (A30, A100, H100, H200,"
                        + " B200)"));
    advertised(pool);
  }

  @Value.Check
  protected void check() {
    String where = "gpu sharing \"" + configName() + "\"";
    InvalidSpecException.require(
        !configName().isEmpty()
            && Labels.isValue(configName())
            && ConfigMaps.isDataKey(configName()),
        where,
        "the name is not both a ConfigMap key and a label value",
        "use at most 63 letters, digits, '-', '_' and '.', starting and ending alphanumeric");
    InvalidSpecException.require(
        migConfigName().isPresent() == migLayout().isPresent(),
        where,
        "a MIG layout needs its name and a name its layout",
        "give both with .migConfigName(...) and .migLayout(...), or neither");
    migConfigName()
        .ifPresent(
            name ->
                InvalidSpecException.require(
                    !name.isEmpty() && Labels.isValue(name),
                    where + " migConfigName",
                    "\"" + name + "\" is not a valid label value",
                    "use at most 63 letters, digits, '-', '_' and '.'"));
  }

  /** A label part as GFD writes it: only letters, digits, '-', '_' and '.' ({@code +me} → me). */
  private static String sanitised(String part) {
    return String.join("-", part.replaceAll("[^A-Za-z0-9-_. ]", "").trim().split("\\s+"));
  }

  /** The shared {@code nvidia.com/gpu}, if the config shares it. */
  private Optional<SharedResource> sharedGpu() {
    return config()
        .sharing()
        .flatMap(
            sharing ->
                sharing.resources().stream()
                    .filter(r -> r.name().equals(ResourceNames.GPU))
                    .findFirst());
  }

  private boolean anyMigEnabled() {
    return migLayout()
        .map(layout -> layout.groups().stream().anyMatch(MigDeviceGroup::migEnabled))
        .orElse(false);
  }

  /** The one profile of a layout that enables MIG everywhere with a single profile. */
  private Optional<String> singleProfile() {
    return migLayout()
        .filter(layout -> layout.groups().stream().allMatch(MigDeviceGroup::migEnabled))
        .map(layout -> layout.groups().stream().flatMap(g -> g.requested().keySet().stream()))
        .map(profiles -> profiles.distinct().toList())
        .filter(profiles -> profiles.size() == 1)
        .map(profiles -> profiles.get(0));
  }

  public static Builder builder() {
    return new Builder();
  }

  /**
   * Builds {@link GpuSharing} values: set the attributes, then {@code build()}, which checks them.
   */
  public static final class Builder extends ImmutableGpuSharing.Builder {}

  @Override
  public String toString() {
    String what =
        config()
            .sharing()
            .map(
                sharing ->
                    sharing.strategy().label()
                        + " "
                        + sharing.resources().stream().map(SharedResource::toString).toList())
            .orElse("migStrategy " + config().effectiveMigStrategy().value());
    return what
        + migConfigName().map(name -> ", MIG layout " + name).orElse("")
        + " (config "
        + configName()
        + ")";
  }
}
