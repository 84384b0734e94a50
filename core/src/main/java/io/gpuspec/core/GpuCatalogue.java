package io.gpuspec.core;

import static io.gpuspec.core.Architecture.ADA_LOVELACE;
import static io.gpuspec.core.Architecture.AMPERE;
import static io.gpuspec.core.Architecture.BLACKWELL;
import static io.gpuspec.core.Architecture.HOPPER;
import static io.gpuspec.core.Architecture.TURING;
import static io.gpuspec.core.Architecture.VOLTA;

import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;

/**
 * The GPU models gpuspec knows. {@link #defaults()} holds NVIDIA's data-centre GPUs with the
 * product names GPU Feature Discovery reports; {@link #with(GpuModel...)} adds or replaces entries.
 */
public final class GpuCatalogue {

  public static final GpuModel T4 = model("T4", "T4", 16, TURING, "7.5", false, "Tesla-T4");
  public static final GpuModel L4 = model("L4", "L4", 24, ADA_LOVELACE, "8.9", false, "NVIDIA-L4");
  public static final GpuModel L40S =
      model("L40S", "L40S", 48, ADA_LOVELACE, "8.9", false, "NVIDIA-L40S");
  public static final GpuModel A10 = model("A10", "A10", 24, AMPERE, "8.6", false, "NVIDIA-A10");
  public static final GpuModel A30 = model("A30", "A30", 24, AMPERE, "8.0", true, "NVIDIA-A30");
  public static final GpuModel A100_40GB =
      model(
          "A100-40GB",
          "A100",
          40,
          AMPERE,
          "8.0",
          true,
          "NVIDIA-A100-SXM4-40GB",
          "NVIDIA-A100-PCIE-40GB");
  public static final GpuModel A100_80GB =
      model(
          "A100-80GB",
          "A100",
          80,
          AMPERE,
          "8.0",
          true,
          "NVIDIA-A100-SXM4-80GB",
          "NVIDIA-A100-80GB-PCIe");
  public static final GpuModel H100_80GB_SXM =
      model("H100-80GB-SXM", "H100", 80, HOPPER, "9.0", true, "NVIDIA-H100-80GB-HBM3");
  public static final GpuModel H100_80GB_PCIE =
      model("H100-80GB-PCIe", "H100", 80, HOPPER, "9.0", true, "NVIDIA-H100-PCIe");
  public static final GpuModel H100_NVL =
      model("H100-NVL", "H100", 94, HOPPER, "9.0", true, "NVIDIA-H100-NVL");
  public static final GpuModel H200 =
      model("H200", "H200", 141, HOPPER, "9.0", true, "NVIDIA-H200", "NVIDIA-H200-NVL");
  public static final GpuModel B200 =
      model("B200", "B200", 180, BLACKWELL, "10.0", true, "NVIDIA-B200");
  public static final GpuModel V100_16GB =
      model(
          "V100-16GB",
          "V100",
          16,
          VOLTA,
          "7.0",
          false,
          "Tesla-V100-SXM2-16GB",
          "Tesla-V100-PCIE-16GB");
  public static final GpuModel V100_32GB =
      model(
          "V100-32GB",
          "V100",
          32,
          VOLTA,
          "7.0",
          false,
          "Tesla-V100-SXM2-32GB",
          "Tesla-V100-PCIE-32GB");

  private static final GpuCatalogue DEFAULTS =
      new GpuCatalogue(
          List.of(
              T4,
              L4,
              L40S,
              A10,
              A30,
              A100_40GB,
              A100_80GB,
              H100_80GB_SXM,
              H100_80GB_PCIE,
              H100_NVL,
              H200,
              B200,
              V100_16GB,
              V100_32GB));

  /** The suffix GFD appends to the product label when a sharing strategy is on. */
  public static final String SHARED_SUFFIX = GpuModel.SHARED_PRODUCT_SUFFIX;

  private final Map<String, GpuModel> byName;

  private GpuCatalogue(List<GpuModel> models) {
    Map<String, GpuModel> map = new LinkedHashMap<>();
    models.forEach(model -> map.put(model.name(), model));
    this.byName = Collections.unmodifiableMap(map);
  }

  /** NVIDIA's data-centre GPUs: T4 to B200. */
  public static GpuCatalogue defaults() {
    return DEFAULTS;
  }

  /** This catalogue plus the given models; a model with an existing name replaces the entry. */
  public GpuCatalogue with(GpuModel... models) {
    List<GpuModel> all = new ArrayList<>(byName.values());
    for (GpuModel model : InvalidSpecException.requireValue(models, "catalogue models")) {
      InvalidSpecException.requireValue(model, "catalogue model");
      all.removeIf(existing -> existing.name().equals(model.name()));
      all.add(model);
    }
    return new GpuCatalogue(all);
  }

  public List<GpuModel> models() {
    return List.copyOf(byName.values());
  }

  /** The model with this catalogue name. */
  public Optional<GpuModel> byName(String name) {
    return Optional.ofNullable(byName.get(name));
  }

  /**
   * The model GFD names with this {@code nvidia.com/gpu.product} value ({@code -SHARED} or not).
   */
  public Optional<GpuModel> byProductLabel(String product) {
    String bare =
        product.endsWith(SHARED_SUFFIX)
            ? product.substring(0, product.length() - SHARED_SUFFIX.length())
            : product;
    return byName.values().stream()
        .filter(model -> model.productLabels().stream().anyMatch(bare::equalsIgnoreCase))
        .findFirst();
  }

  /** The models of a family, matched case-insensitively ({@code a100} finds both A100s). */
  public List<GpuModel> byFamily(String family) {
    String wanted = family.toLowerCase(Locale.ROOT);
    return byName.values().stream()
        .filter(model -> model.family().toLowerCase(Locale.ROOT).equals(wanted))
        .toList();
  }

  /**
   * MIG profiles per model, from NVIDIA's MIG User Guide and the default mig-parted configuration
   * of the GPU Operator
   * (https://docs.nvidia.com/datacenter/tesla/mig-user-guide/supported-mig-profiles.html,
   * https://github.com/NVIDIA/gpu-operator/blob/main/assets/state-mig-manager/0400_configmap.yaml).
   * The seven-slice GPUs offer {@code 1g.<slice>} (also {@code +me}), {@code 1g} and {@code 2g} of
   * two slices, {@code 3g} and {@code 4g} of half the memory, and {@code 7g} of all of it.
   */
  private static List<String> sevenSlice(String slice, String two, String half, String whole) {
    return List.of(
        "1g." + slice,
        "1g." + slice + "+me",
        "1g." + two,
        "2g." + two,
        "3g." + half,
        "4g." + half,
        "7g." + whole);
  }

  private static List<String> migProfiles(String name) {
    return switch (name) {
      case "A30" -> List.of("1g.6gb", "1g.6gb+me", "2g.12gb", "2g.12gb+me", "4g.24gb");
      case "A100-40GB" -> sevenSlice("5gb", "10gb", "20gb", "40gb");
      case "A100-80GB", "H100-80GB-SXM", "H100-80GB-PCIe" ->
          sevenSlice("10gb", "20gb", "40gb", "80gb");
      case "H100-NVL" -> sevenSlice("12gb", "24gb", "47gb", "94gb");
      case "H200" -> sevenSlice("18gb", "35gb", "71gb", "141gb");
      case "B200" -> sevenSlice("23gb", "45gb", "90gb", "180gb");
      default -> List.of();
    };
  }

  private static GpuModel model(
      String name,
      String family,
      int memoryGiB,
      Architecture architecture,
      String computeCapability,
      boolean mig,
      String... products) {
    return GpuModel.builder()
        .name(name)
        .family(family)
        .memoryGiB(memoryGiB)
        .architecture(architecture)
        .computeCapability(computeCapability)
        .migCapable(mig)
        .addAllMigProfiles(migProfiles(name))
        .addProductLabels(products)
        .build();
  }
}
