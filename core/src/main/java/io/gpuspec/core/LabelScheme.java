package io.gpuspec.core;

import io.gpuspec.core.facts.GpuBoard;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import org.immutables.value.Value;

/**
 * How a cluster labels its GPU nodes: which key names the GPU model and how its values are written,
 * plus optional keys for memory, pool purpose and interconnect, and constant labels such as {@code
 * node-type=gpu}.
 *
 * <p>{@link #gfd()} is the default: the labels NVIDIA GPU Feature Discovery sets. {@link
 * #gpuModel()} and {@link #gpuType()} are two schemes common in on-prem clusters; {@link
 * #builder()} makes any other, {@link #from(LabelScheme)} one like a built-in: {@code
 * LabelScheme.from(LabelScheme.gpuModel()).name("acme").putConstantLabel("node-type", "gpu")
 * .build()}.
 */
@Value.Immutable
@GpuSpecStyle
public abstract class LabelScheme {

  /** How label values name a model, its memory and a pool purpose. */
  public enum Style {
    /** GFD: {@code NVIDIA-A100-SXM4-80GB}, memory in MiB ({@code 81920}). */
    GFD,
    /** {@code A100}, memory {@code 80gb}, purpose {@code train}. */
    FAMILY,
    /** {@code a100}, memory {@code 80gb}, purpose {@code training}. */
    FAMILY_LOWERCASE
  }

  /** A short name for messages, e.g. {@code gfd}. */
  public abstract String name();

  /** The node label whose value names the GPU model. */
  public abstract String modelKey();

  @Value.Default
  public Style style() {
    return Style.FAMILY;
  }

  public abstract Optional<String> memoryKey();

  public abstract Optional<String> purposeKey();

  public abstract Optional<String> interconnectKey();

  /** Labels every GPU node of this scheme carries, e.g. {@code node-type=gpu}. */
  public abstract Map<String, String> constantLabels();

  private static final LabelScheme GFD =
      builder()
          .name("gfd")
          .modelKey("nvidia.com/gpu.product")
          .style(Style.GFD)
          .memoryKey("nvidia.com/gpu.memory")
          .interconnectKey("gpu.interconnect")
          .build();

  private static final LabelScheme GPU_MODEL =
      builder()
          .name("gpu.model")
          .modelKey("gpu.model")
          .style(Style.FAMILY)
          .memoryKey("gpu.mem")
          .purposeKey("gpu.pool")
          .interconnectKey("gpu.interconnect")
          .build();

  private static final LabelScheme GPU_TYPE =
      builder()
          .name("gpu-type")
          .modelKey("gpu-type")
          .style(Style.FAMILY_LOWERCASE)
          .memoryKey("gpu-memory")
          .purposeKey("workload-class")
          .interconnectKey("gpu-interconnect")
          .putConstantLabel("node-type", "gpu")
          .build();

  /**
   * NVIDIA GPU Feature Discovery labels: {@code nvidia.com/gpu.product} and friends; GFD labels no
   * interconnect, so a pool's is written as {@code gpu.interconnect} (label the nodes so).
   */
  public static LabelScheme gfd() {
    return GFD;
  }

  /**
   * {@code gpu.model=A100}, {@code gpu.mem=80gb}, {@code gpu.pool=train}, {@code gpu.interconnect}.
   */
  public static LabelScheme gpuModel() {
    return GPU_MODEL;
  }

  /**
   * {@code gpu-type=a100}, {@code gpu-memory=40gb}, {@code workload-class}, {@code
   * gpu-interconnect}, {@code node-type=gpu}.
   */
  public static LabelScheme gpuType() {
    return GPU_TYPE;
  }

  /**
   * Node labels that managed clouds and the Kubernetes docs use to name the accelerator ({@code
   * cloud.google.com/gke-accelerator=nvidia-tesla-a100}, {@code k8s.amazonaws.com/accelerator},
   * {@code accelerator}). The linter reads GPU models from them as they are written; gpuspec never
   * generates them.
   */
  public static List<String> cloudAcceleratorKeys() {
    return List.of(
        "cloud.google.com/gke-accelerator", "k8s.amazonaws.com/accelerator", "accelerator");
  }

  /** The built-in schemes, in the order the linter tries them. */
  public static List<LabelScheme> builtIns() {
    return List.of(GFD, GPU_MODEL, GPU_TYPE);
  }

  /** A model as the facts see it, with its model label value under this scheme. */
  public GpuBoard board(GpuModel model) {
    return new GpuBoard(
        model.name(),
        modelValue(model),
        model.migCapable(),
        model.memoryGiB(),
        List.copyOf(model.migProfiles()));
  }

  /** The value of {@link #modelKey()} for a model. */
  public String modelValue(GpuModel model) {
    return switch (style()) {
      case GFD -> model.productLabel();
      case FAMILY -> model.family();
      case FAMILY_LOWERCASE -> model.family().toLowerCase(Locale.ROOT);
    };
  }

  /**
   * How this scheme's model label value names a model, for comparing placements: the catalogue name
   * when the value identifies exactly one model, else the value itself (e.g. {@code A100}).
   */
  public String modelIdentity(String labelValue, GpuCatalogue catalogue) {
    if (style() == Style.GFD) {
      return catalogue.byProductLabel(labelValue).map(GpuModel::name).orElse(labelValue);
    }
    List<GpuModel> family = catalogue.byFamily(labelValue);
    return family.size() == 1 ? family.get(0).name() : labelValue;
  }

  /** Every label this scheme puts on the nodes of a pool. */
  public Map<String, String> nodeLabels(
      GpuModel model, PoolPurpose purpose, Optional<Interconnect> interconnect) {
    Map<String, String> labels = new LinkedHashMap<>(selectorLabels(model, purpose));
    memoryKey()
        .filter(key -> style() == Style.GFD)
        .ifPresent(key -> labels.put(key, Integer.toString(model.memoryGiB() * 1024)));
    interconnectKey()
        .ifPresent(key -> interconnect.ifPresent(value -> labels.put(key, value.labelValue())));
    return labels;
  }

  /**
   * The labels a workload's required node affinity pins: model, purpose, constant labels and (for
   * non-GFD schemes, whose model value names only the family) memory. GFD's memory label is left
   * out: it carries the exact MiB the driver reports, which differs between boards.
   */
  public Map<String, String> selectorLabels(GpuModel model, PoolPurpose purpose) {
    Map<String, String> labels = new LinkedHashMap<>();
    labels.put(modelKey(), modelValue(model));
    if (style() != Style.GFD) {
      memoryKey().ifPresent(key -> labels.put(key, model.memoryGiB() + "gb"));
    }
    purposeKey()
        .ifPresent(
            key ->
                labels.put(
                    key, style() == Style.FAMILY ? purpose.shortName() : purpose.longName()));
    labels.putAll(constantLabels());
    return labels;
  }

  /**
   * The scheme's own shape: a scheme renders nothing by itself, and it is also how the linter reads
   * nodes' labels without any pool, so a key no node can carry (it would silently match nothing) or
   * one key for two labels (one value would silently replace the other) is refused where it is
   * written. What a pool labelled by the scheme renders into a fleet is the fleet facts', thrown by
   * {@code NodePool.build()}.
   */
  @Value.Check
  protected void check() {
    String where = "label scheme \"" + name() + "\"";
    InvalidSpecException.require(
        !name().isBlank(), "label scheme", "the name is empty", "name it, e.g. acme");
    InvalidSpecException.require(
        Labels.isQualifiedName(modelKey()),
        where + " modelKey",
        "\"" + modelKey() + "\" is not a valid label key",
        "use a key such as gpu.model or example.com/gpu-model");
    for (Optional<String> key : List.of(memoryKey(), purposeKey(), interconnectKey())) {
      key.ifPresent(
          k ->
              InvalidSpecException.require(
                  Labels.isQualifiedName(k),
                  where,
                  "\"" + k + "\" is not a valid label key",
                  "use a key such as gpu.mem or example.com/gpu-memory"));
    }
    constantLabels()
        .forEach(
            (k, v) ->
                InvalidSpecException.require(
                    Labels.isQualifiedName(k) && Labels.isValue(v),
                    where + " constantLabels",
                    "\"" + k + "=" + v + "\" is not a valid label",
                    "use a key like node-type and a value of at most 63 characters"));
    Set<String> keys = new HashSet<>();
    List<String> all = new ArrayList<>(List.of(modelKey()));
    memoryKey().ifPresent(all::add);
    purposeKey().ifPresent(all::add);
    interconnectKey().ifPresent(all::add);
    all.addAll(constantLabels().keySet());
    for (String key : all) {
      InvalidSpecException.require(
          keys.add(key),
          where,
          "\"" + key + "\" is used for two labels",
          "give the model, memory, purpose, interconnect and constant labels their own keys");
    }
  }

  public static Builder builder() {
    return new Builder();
  }

  /**
   * A builder holding everything {@code base} sets; later calls replace single values, add to lists
   * and maps, and {@code build()} checks the result as a whole.
   */
  public static Builder from(LabelScheme base) {
    return new Builder().from(base);
  }

  /**
   * Builds {@link LabelScheme} values: set the attributes, then {@code build()}, which checks them.
   */
  public static final class Builder extends ImmutableLabelScheme.Builder {}
}
