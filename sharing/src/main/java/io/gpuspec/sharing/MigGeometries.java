package io.gpuspec.sharing;

import java.util.List;

/**
 * The MIG geometries gpuspec ships. Profiles, slice sizes and start slices follow NVIDIA's MIG User
 * Guide (https://docs.nvidia.com/datacenter/tesla/mig-user-guide/supported-mig-profiles.html); the
 * most instances per profile and the PCI device IDs agree with NVIDIA's default mig-parted
 * configuration shipped with the GPU Operator
 * (https://github.com/NVIDIA/gpu-operator/blob/main/assets/state-mig-manager/0400_configmap.yaml),
 * which a test checks profile by profile.
 */
final class MigGeometries {

  /** A100-SXM4-40GB / A100-PCIE-40GB (and A800-40GB, which shares the device-filter entry). */
  static final MigGeometry A100_40GB =
      sevenSlice(
          "A100-40GB",
          List.of("0x20B010DE", "0x20B110DE", "0x20F110DE", "0x20F610DE"),
          "5gb",
          "10gb",
          "20gb",
          "40gb");

  /**
   * NVIDIA's file lists A100 80GB, H100 80GB (SXM and PCIe), A800 80GB and H800 80GB under one
   * device filter; they share the geometry.
   */
  private static final List<String> EIGHTY_GB_IDS =
      List.of(
          "0x233010DE",
          "0x233110DE",
          "0x232210DE",
          "0x20B210DE",
          "0x20B510DE",
          "0x20F310DE",
          "0x20F510DE",
          "0x232410DE");

  static final MigGeometry A100_80GB =
      sevenSlice("A100-80GB", EIGHTY_GB_IDS, "10gb", "20gb", "40gb", "80gb");
  static final MigGeometry H100_80GB_SXM =
      sevenSlice("H100-80GB-SXM", EIGHTY_GB_IDS, "10gb", "20gb", "40gb", "80gb");
  static final MigGeometry H100_80GB_PCIE =
      sevenSlice("H100-80GB-PCIe", EIGHTY_GB_IDS, "10gb", "20gb", "40gb", "80gb");

  /** H100 NVL 94GB (and H800 NVL, which shares the device-filter entry). */
  static final MigGeometry H100_NVL =
      sevenSlice("H100-NVL", List.of("0x232110DE", "0x233A10DE"), "12gb", "24gb", "47gb", "94gb");

  /** H200 141GB and H200 NVL. */
  static final MigGeometry H200 =
      sevenSlice("H200", List.of("0x233510DE", "0x233B10DE"), "18gb", "35gb", "71gb", "141gb");

  /** B200 180GB: the B200 device filter of NVIDIA's file and its profile names. */
  static final MigGeometry B200 =
      sevenSlice("B200", List.of("0x290110DE"), "23gb", "45gb", "90gb", "180gb");

  /** A30 24GB: four compute and four memory slices. */
  static final MigGeometry A30 =
      MigGeometry.builder()
          .modelName("A30")
          .computeSlices(4)
          .memorySlices(4)
          .addPciDeviceIds("0x20B710DE")
          .addProfiles(
              profile("1g.6gb", 1, 1, 4, 0, 1, 2, 3),
              profile("1g.6gb+me", 1, 1, 1, 0, 1, 2, 3),
              profile("2g.12gb", 2, 2, 2, 0, 2),
              profile("2g.12gb+me", 2, 2, 1, 0, 2),
              profile("4g.24gb", 4, 4, 1, 0))
          .build();

  /**
   * MIG profiles that NVIDIA's default mig-parted configuration names for GPUs gpuspec has no
   * geometry for (e.g. GH200, GB200, B300, RTX PRO 6000), or for such GPUs as well as catalogued
   * ones ({@code 1g.35gb} holds 4 times on an H200 but 7 times on a GB300). A layout using one of
   * them may be valid on a GPU outside the catalogue, so the catalogue cannot judge it.
   */
  static final java.util.Set<String> ON_OTHER_GPUS =
      java.util.Set.of(
          "1g.12gb",
          "1g.18gb",
          "1g.23gb",
          "1g.24gb",
          "1g.24gb+gfx",
          "1g.24gb+me",
          "1g.24gb+me.all",
          "1g.24gb-me",
          "1g.34gb",
          "1g.34gb+me",
          "1g.35gb",
          "1g.35gb+me",
          "1g.36gb",
          "1g.47gb",
          "1g.67gb",
          "1g.70gb",
          "2g.24gb",
          "2g.36gb",
          "2g.47gb",
          "2g.48gb",
          "2g.48gb+gfx",
          "2g.48gb+me.all",
          "2g.48gb-me",
          "2g.67gb",
          "2g.70gb",
          "3g.135gb",
          "3g.139gb",
          "3g.48gb",
          "3g.72gb",
          "3g.93gb",
          "3g.95gb",
          "4g.135gb",
          "4g.139gb",
          "4g.48gb",
          "4g.72gb",
          "4g.93gb",
          "4g.95gb",
          "4g.96gb",
          "4g.96gb+gfx",
          "7g.144gb",
          "7g.186gb",
          "7g.189gb",
          "7g.269gb",
          "7g.278gb",
          "7g.96gb");

  static final List<MigGeometry> ALL =
      List.of(A100_40GB, A100_80GB, H100_80GB_SXM, H100_80GB_PCIE, H100_NVL, H200, A30, B200);

  private MigGeometries() {}

  /**
   * The seven-compute, eight-memory-slice shape: {@code 1g} at slices 0–6 (one slice, and one
   * {@code +me} instance per GPU), the double-memory {@code 1g} at 0, 2, 4, 6, {@code 2g} at 0, 2,
   * 4, {@code 3g} at 0 and 4 (four slices), {@code 4g} at 0 and {@code 7g} over all eight.
   *
   * @param slice memory of one slice ({@code 1g.<slice>}, {@code 2g.<twoSlices>})
   * @param twoSlices memory of two slices ({@code 1g.<twoSlices>}, {@code 2g.<twoSlices>})
   * @param half memory of four slices ({@code 3g.<half>}, {@code 4g.<half>})
   * @param whole memory of the GPU ({@code 7g.<whole>})
   */
  private static MigGeometry sevenSlice(
      String model,
      List<String> pciIds,
      String slice,
      String twoSlices,
      String half,
      String whole) {
    return MigGeometry.builder()
        .modelName(model)
        .computeSlices(7)
        .memorySlices(8)
        .addAllPciDeviceIds(pciIds)
        .addProfiles(
            profile("1g." + slice, 1, 1, 7, 0, 1, 2, 3, 4, 5, 6),
            profile("1g." + slice + "+me", 1, 1, 1, 0, 1, 2, 3, 4, 5, 6),
            profile("1g." + twoSlices, 1, 2, 4, 0, 2, 4, 6),
            profile("2g." + twoSlices, 2, 2, 3, 0, 2, 4),
            profile("3g." + half, 3, 4, 2, 0, 4),
            profile("4g." + half, 4, 4, 1, 0),
            profile("7g." + whole, 7, 8, 1, 0))
        .build();
  }

  private static MigProfile profile(
      String name, int compute, int memory, int maxCount, int... starts) {
    return MigProfile.builder()
        .name(name)
        .computeSlices(compute)
        .memorySlices(memory)
        .maxCount(maxCount)
        .addStartOffsets(starts)
        .build();
  }
}
