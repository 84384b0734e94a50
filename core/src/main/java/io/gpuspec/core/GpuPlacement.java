package io.gpuspec.core;

import io.fabric8.kubernetes.api.model.Affinity;
import io.fabric8.kubernetes.api.model.AffinityBuilder;
import io.fabric8.kubernetes.api.model.NodeSelectorRequirement;
import io.fabric8.kubernetes.api.model.NodeSelectorRequirementBuilder;
import io.fabric8.kubernetes.api.model.PreferredSchedulingTerm;
import io.fabric8.kubernetes.api.model.PreferredSchedulingTermBuilder;
import io.fabric8.kubernetes.api.model.Toleration;
import io.gpuspec.core.k8s.GpuResources;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.TreeMap;
import org.immutables.value.Value;

/**
 * "Run on this pool": the required node affinity to the pool's selector labels and tolerations for
 * exactly the pool's taints, derived together so that one never comes without the other. Optional
 * preferred terms rank nodes inside the pool; they never widen it.
 */
@Value.Immutable
@GpuSpecStyle
public abstract class GpuPlacement {

  /** A soft preference: nodes with {@code key} in {@code values} score {@code weight} (1–100). */
  public record Preference(int weight, String key, List<String> values) {
    public Preference {
      InvalidSpecException.requireValue(key, "preference key");
      InvalidSpecException.requireValue(values, "preference " + key + " values");
      InvalidSpecException.require(
          values.stream().allMatch(Objects::nonNull),
          "preference " + key + " values",
          "a value is null",
          "give only label values");
      values = List.copyOf(values);
      InvalidSpecException.require(
          weight >= 1 && weight <= 100,
          "preference " + key,
          "weight " + weight + " is outside 1..100",
          "use a weight from 1 to 100");
      InvalidSpecException.require(
          Labels.isQualifiedName(key),
          "preference " + key,
          "the key is not a valid label key",
          "use a node label key such as topology.kubernetes.io/zone");
      InvalidSpecException.require(
          !values.isEmpty() && values.stream().allMatch(Labels::isValue),
          "preference " + key,
          "values " + values + " are empty or not valid label values",
          "give at least one label value");
    }
  }

  public abstract NodePool pool();

  public abstract List<Preference> preferences();

  /**
   * An interconnect the pods require: the required affinity also pins the pool's interconnect label
   * to it, so that the pods land only on nodes that have it.
   */
  public abstract Optional<Interconnect> requiredInterconnect();

  /** Placement on a pool whose nodes have {@code interconnect}, pinned by its label. */
  public static GpuPlacement on(NodePool pool, Interconnect interconnect) {
    return builder().pool(pool).requiredInterconnect(interconnect).build();
  }

  /** Placement on a pool with no preferences. */
  public static GpuPlacement on(NodePool pool) {
    return builder().pool(pool).build();
  }

  /** Required node affinity to the pool's selector labels, plus any preferences. */
  public Affinity nodeAffinity() {
    Map<String, String> selector = new TreeMap<>(pool().selectorLabels());
    requiredInterconnect()
        .ifPresent(
            required ->
                pool()
                    .labelScheme()
                    .interconnectKey()
                    .ifPresent(key -> selector.put(key, required.labelValue())));
    return affinity(selector, preferences());
  }

  /**
   * The DSL's own shape: a required interconnect needs a label key to pin, which the pool's scheme
   * names (whether the pool's nodes carry the value is GPU005's, on the rendered pods).
   */
  @Value.Check
  protected void check() {
    requiredInterconnect()
        .ifPresent(
            required ->
                InvalidSpecException.require(
                    pool().labelScheme().interconnectKey().isPresent(),
                    "placement on pool \"" + pool().name() + "\" requiredInterconnect",
                    "the label scheme \""
                        + pool().labelScheme().name()
                        + "\" has no interconnect key to pin "
                        + required.labelValue(),
                    "give the scheme one, e.g."
                        + " LabelScheme.from(scheme).interconnectKey(\"gpu.interconnect\")"));
  }

  /**
   * Required node affinity to every label of {@code selectorLabels} ({@code In}, one term, keys in
   * order), plus the preferences; what placement on any pool renders.
   */
  static Affinity affinity(Map<String, String> selectorLabels, List<Preference> preferences) {
    Map<String, String> selector = new TreeMap<>(selectorLabels);
    List<NodeSelectorRequirement> required =
        selector.entrySet().stream()
            .map(e -> requirement(e.getKey(), List.of(e.getValue())))
            .toList();
    List<PreferredSchedulingTerm> preferred =
        preferences.stream()
            .map(
                p ->
                    new PreferredSchedulingTermBuilder()
                        .withWeight(p.weight())
                        .withNewPreference()
                        .withMatchExpressions(requirement(p.key(), p.values()))
                        .endPreference()
                        .build())
            .toList();
    return new AffinityBuilder()
        .withNewNodeAffinity()
        .withNewRequiredDuringSchedulingIgnoredDuringExecution()
        .addNewNodeSelectorTerm()
        .withMatchExpressions(required)
        .endNodeSelectorTerm()
        .endRequiredDuringSchedulingIgnoredDuringExecution()
        .withPreferredDuringSchedulingIgnoredDuringExecution(preferred)
        .endNodeAffinity()
        .build();
  }

  /**
   * The GPU resource a container placed here requests: the one it names, except that {@code
   * nvidia.com/gpu} (the default) on a pool whose sharing advertises another resource becomes that
   * resource, e.g. {@code nvidia.com/gpu.shared} or {@code nvidia.com/mig-1g.10gb}.
   */
  public String resourceFor(ContainerAttributes container) {
    String named = container.gpuResource();
    if (!named.equals(GpuResources.NVIDIA_GPU) || pool().sharing().isEmpty()) {
      return named;
    }
    return pool().sharing().get().defaultResource(pool().shape()).orElse(named);
  }

  /** One toleration for each of the pool's taints, exactly matching it. */
  public List<Toleration> tolerations() {
    return pool().taints().stream().map(NodeTaint::toleration).toList();
  }

  private static NodeSelectorRequirement requirement(String key, List<String> values) {
    return new NodeSelectorRequirementBuilder()
        .withKey(key)
        .withOperator("In")
        .withValues(values)
        .build();
  }

  public static Builder builder() {
    return new Builder();
  }

  /**
   * A builder holding everything {@code base} sets; later calls replace single values, add to lists
   * and maps, and {@code build()} checks the result as a whole.
   */
  public static Builder from(GpuPlacement base) {
    return new Builder().from(base);
  }

  /**
   * Builds {@link GpuPlacement} values: set the attributes, then {@code build()}, which checks
   * them.
   */
  public static final class Builder extends ImmutableGpuPlacement.Builder {
    /** Adds a soft preference for nodes with {@code key} in {@code values}. */
    public Builder prefer(int weight, String key, String... values) {
      return addPreference(
          new Preference(
              weight,
              key,
              Arrays.asList(InvalidSpecException.requireValue(values, "preference " + key))));
    }
  }
}
