package io.gpuspec.sharing;

import io.fabric8.kubernetes.api.model.ConfigMap;
import io.fabric8.kubernetes.api.model.HasMetadata;
import io.gpuspec.core.GpuCatalogue;
import io.gpuspec.core.GpuSpecStyle;
import io.gpuspec.core.InvalidSpecException;
import io.gpuspec.core.ManifestSource;
import io.gpuspec.core.NodePool;
import io.gpuspec.core.report.ObjectRef;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;
import org.immutables.value.Value;

/**
 * A {@link MigPartedConfig} as the ConfigMap the GPU Operator's MIG manager reads: the config text
 * under the data key {@code config.yaml}, in the operator's namespace. Point the operator at it
 * with {@link GpuOperatorValues} ({@code migManager.config.name}).
 *
 * <p>See https://docs.nvidia.com/datacenter/cloud-native/gpu-operator/latest/gpu-operator-mig.html
 * (custom MIG configuration).
 */
@Value.Immutable
@GpuSpecStyle
public abstract class MigPartedConfigMap implements ManifestSource {

  /** The data key the MIG manager reads. */
  public static final String DATA_KEY = "config.yaml";

  public abstract String name();

  @Value.Default
  public String namespace() {
    return ConfigMaps.GPU_OPERATOR_NAMESPACE;
  }

  public abstract MigPartedConfig config();

  public ConfigMap toConfigMap() {
    return ConfigMaps.build(name(), namespace(), Map.of(DATA_KEY, config().render()));
  }

  @Override
  public List<HasMetadata> toManifests() {
    return List.of(toConfigMap());
  }

  /** Reads the config of a ConfigMap such as NVIDIA's {@code default-mig-parted-config}. */
  public static Parsed<MigPartedConfigMap> fromConfigMap(ConfigMap configMap) {
    String name = configMap.getMetadata() == null ? "" : configMap.getMetadata().getName();
    String namespace =
        configMap.getMetadata() == null ? "" : configMap.getMetadata().getNamespace();
    Map<String, String> data = configMap.getData() == null ? Map.of() : configMap.getData();
    ConfigTree tree = new ConfigTree("");
    if (!data.containsKey(DATA_KEY)) {
      tree.problem(
          "data", "no key " + DATA_KEY, "put the mig-parted config under data.config.yaml");
      return tree.result(Optional.empty());
    }
    for (String key : data.keySet()) {
      if (!key.equals(DATA_KEY)) {
        tree.problem(
            ConfigTree.key("data", key),
            "the MIG manager reads only " + DATA_KEY,
            "move the layouts into " + DATA_KEY);
      }
    }
    Parsed<MigPartedConfig> config =
        MigPartedConfig.parse(data.get(DATA_KEY), ConfigTree.key("data", DATA_KEY));
    config.problems().forEach(problem -> tree.problems().add(problem));
    Optional<MigPartedConfigMap> result =
        config
            .value()
            .flatMap(
                value ->
                    tree.build(
                        "metadata",
                        () ->
                            builder()
                                .name(name == null ? "" : name)
                                .namespace(
                                    namespace == null || namespace.isEmpty()
                                        ? ConfigMaps.GPU_OPERATOR_NAMESPACE
                                        : namespace)
                                .config(value)
                                .build()));
    return tree.result(result);
  }

  @Value.Check
  protected void check() {
    ConfigMaps.checkNames("mig-parted ConfigMap", name(), namespace());
  }

  /**
   * The MIG layouts of the pools partitioned with {@link GpuSharing}, by layout name, plus {@code
   * extra} layouts (e.g. {@code all-disabled}), in one ConfigMap; throws when two pools give one
   * name to different layouts.
   */
  public static Builder ofPools(String name, List<NodePool> pools, Map<String, MigLayout> extra) {
    Map<String, MigLayout> layouts = new TreeMap<>(extra);
    for (NodePool pool : pools) {
      if (pool.sharing().orElse(null) instanceof GpuSharing sharing
          && sharing.migLayout().isPresent()) {
        String layoutName = sharing.migConfigName().orElseThrow();
        MigLayout known = layouts.putIfAbsent(layoutName, sharing.migLayout().get());
        InvalidSpecException.require(
            known == null || known.equals(sharing.migLayout().get()),
            "mig-parted ConfigMap \"" + name + "\" layout \"" + layoutName + "\"",
            "pool \"" + pool.name() + "\" gives this name to another layout",
            "give each layout its own name");
      }
    }
    return (Builder)
        builder().name(name).config(MigPartedConfig.builder().putAllMigConfigs(layouts).build());
  }

  public static Builder builder() {
    return new Builder();
  }

  /**
   * Builds {@link MigPartedConfigMap} values: set the attributes, then {@code build()}, which
   * checks them.
   */
  public static final class Builder extends ImmutableMigPartedConfigMap.Builder {
    /**
     * Builds the ConfigMap; one whose config the MIG manager would refuse or fail to apply fails
     * with the rules' finding (SHR005: a layout name no label can hold, no layout, no group, a
     * malformed profile name or device filter, a negative or all-zero count; SHR006: a profile no
     * catalogued GPU offers; SHR007: a group no catalogued GPU can place, e.g. {@code 2g.10gb x4}
     * or {@code 3g.40gb x2 + 1g.10gb}).
     */
    @Override
    public MigPartedConfigMap build() {
      MigPartedConfigMap built = super.build();
      ConfigMap rendered = built.toConfigMap();
      ObjectRef object = ObjectRef.of(rendered);
      InvalidSpecException.requireNone("SHR005", object, MigPartedConfigFacts.wellFormed(rendered));
      InvalidSpecException.requireNone(
          "SHR006", object, MigPartedConfigFacts.profilesKnown(rendered));
      InvalidSpecException.requireNone(
          "SHR007", object, MigPartedConfigFacts.placeable(rendered, GpuCatalogue.defaults()));
      return built;
    }

    /** Builds without the rules' facts, to compare {@link #build()} with the rules. */
    MigPartedConfigMap buildUnchecked() {
      return super.build();
    }
  }
}
