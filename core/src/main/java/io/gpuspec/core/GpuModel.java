package io.gpuspec.core;

import io.gpuspec.core.k8s.MigNames;
import java.util.EnumSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import org.immutables.value.Value;

/**
 * A catalogue entry for one GPU model: how GPU Feature Discovery names it in {@code
 * nvidia.com/gpu.product}, its family (what custom label schemes call it), memory, architecture,
 * compute capability and whether it supports MIG.
 *
 * <p>Build your own with {@code GpuModel.builder()}, or start from a catalogue entry with {@code
 * GpuModel.from(GpuCatalogue.A100_80GB).name("A100-80GB-custom")...build()}, and add it with {@link
 * GpuCatalogue#with(GpuModel...)}.
 */
@Value.Immutable
@GpuSpecStyle
public abstract class GpuModel {

  /** The suffix GFD appends to the product label when a sharing strategy is on. */
  static final String SHARED_PRODUCT_SUFFIX = "-SHARED";

  /** Catalogue name, unique in a catalogue, e.g. {@code A100-80GB}. */
  public abstract String name();

  /** Family as custom schemes label it, e.g. {@code A100} (both 40GB and 80GB parts). */
  public abstract String family();

  /**
   * The {@code nvidia.com/gpu.product} values GFD reports for this model (form factors differ), the
   * first being the canonical one; without any {@code -SHARED} suffix.
   */
  public abstract List<String> productLabels();

  /** Memory per GPU in GiB as marketed (e.g. 80). */
  public abstract int memoryGiB();

  public abstract Architecture architecture();

  /** CUDA compute capability, e.g. {@code 8.0}. */
  public abstract String computeCapability();

  /** Whether the GPU can be partitioned with MIG. */
  @Value.Default
  public boolean migCapable() {
    return false;
  }

  /**
   * The MIG profiles one GPU of this model offers, as NVIDIA names them ({@code 1g.10gb}, {@code
   * 1g.10gb+me}); empty for GPUs without MIG, or when they are not known. Profile names carry the
   * memory of the slice, so they differ by model: an A100-40GB offers {@code 1g.5gb}, an A100-80GB
   * {@code 1g.10gb}
   * (https://docs.nvidia.com/datacenter/tesla/mig-user-guide/supported-mig-profiles.html).
   */
  public abstract Set<String> migProfiles();

  /** Whether one GPU of this model offers the MIG profile (false when its profiles are unknown). */
  public boolean offersMigProfile(String profile) {
    return migProfiles().contains(profile);
  }

  /** The most MPS clients per GPU: 48 from compute capability 7.5 (Turing), 16 before. */
  public int maxMpsClients() {
    return architecture() == Architecture.VOLTA ? 16 : 48;
  }

  /** The canonical {@code nvidia.com/gpu.product} value. */
  public String productLabel() {
    return productLabels().get(0);
  }

  /** Larger than any GPU's memory; keeps the MiB of node labels within an int. */
  private static final int MAX_MEMORY_GIB = 16_384;

  /** Architectures before MIG (GPU-FACTS §5: no MIG on V100 or T4). */
  private static final Set<Architecture> PRE_MIG =
      EnumSet.of(Architecture.VOLTA, Architecture.TURING);

  /**
   * The catalogue entry's own shape: a model renders nothing by itself. Its product labels and
   * family are how the linter recognises nodes' labels without any pool (a value no node can carry
   * would silently match nothing), the memory bounds, the MIG profiles and the architecture are
   * what the DSL models a GPU with, and {@code -SHARED} is GFD's to append. What a pool of the
   * model renders into a fleet is the fleet facts', thrown by {@code NodePool.build()}.
   */
  @Value.Check
  protected void check() {
    String where = "gpu model \"" + name() + "\"";
    InvalidSpecException.require(
        !name().isBlank(), "gpu model", "name is empty", "give the model a name such as A100-80GB");
    InvalidSpecException.require(
        !productLabels().isEmpty(),
        where + " productLabels",
        "no nvidia.com/gpu.product value",
        "add the value GPU Feature Discovery reports, e.g. NVIDIA-A100-SXM4-80GB");
    for (String product : productLabels()) {
      InvalidSpecException.require(
          !product.isEmpty() && Labels.isValue(product),
          where + " productLabels",
          "\"" + product + "\" is not a label value",
          "use the value GPU Feature Discovery reports, e.g. NVIDIA-A100-SXM4-80GB");
      InvalidSpecException.require(
          !product.endsWith(SHARED_PRODUCT_SUFFIX),
          where + " productLabels",
          "\"" + product + "\" ends in " + SHARED_PRODUCT_SUFFIX,
          "leave the suffix out: GFD adds it when a sharing strategy is on");
    }
    InvalidSpecException.require(
        !family().isEmpty() && Labels.isValue(family()),
        where + " family",
        "\"" + family() + "\" is not a label value",
        "name the family as node labels do, e.g. A100");
    InvalidSpecException.require(
        memoryGiB() > 0, where + " memoryGiB", "must be positive", "give the memory in GiB");
    InvalidSpecException.require(
        memoryGiB() <= MAX_MEMORY_GIB,
        where + " memoryGiB",
        memoryGiB() + " GiB is more than any GPU has",
        "give the memory of one GPU in GiB, at most " + MAX_MEMORY_GIB);
    InvalidSpecException.require(
        !migCapable() || !PRE_MIG.contains(architecture()),
        where + " migCapable",
        architecture() + " GPUs cannot be partitioned with MIG (it starts with Ampere)",
        "set migCapable(false), or give the right architecture");
    InvalidSpecException.require(
        migCapable() || migProfiles().isEmpty(),
        where + " migProfiles",
        "a GPU without MIG offers no MIG profiles",
        "set migCapable(true), or leave the profiles out");
    for (String profile : migProfiles()) {
      InvalidSpecException.require(
          MigNames.profile(profile).map(MigNames.Profile::canonical).equals(Optional.of(profile)),
          where + " migProfiles",
          "\"" + profile + "\" is not a MIG profile name",
          "name profiles as NVIDIA does, e.g. 1g.10gb or 1g.10gb+me");
    }
    InvalidSpecException.require(
        computeCapability().matches("\\d+\\.\\d+"),
        where + " computeCapability",
        "\"" + computeCapability() + "\" is not major.minor",
        "write it like 8.0");
  }

  public static Builder builder() {
    return new Builder();
  }

  /**
   * A builder holding everything {@code base} sets; later calls replace single values, add to lists
   * and maps, and {@code build()} checks the result as a whole.
   */
  public static Builder from(GpuModel base) {
    return new Builder().from(base);
  }

  /**
   * Builds {@link GpuModel} values: set the attributes, then {@code build()}, which checks them.
   */
  public static final class Builder extends ImmutableGpuModel.Builder {}

  @Override
  public String toString() {
    return name();
  }
}
