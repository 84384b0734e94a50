package io.gpuspec.sharing;

import io.gpuspec.core.GpuModel;
import io.gpuspec.core.NodePool;
import io.gpuspec.core.PoolShape;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalInt;
import java.util.stream.Collectors;

/**
 * The MIG geometries gpuspec knows, by {@link GpuModel#name()}, and the exact check of a {@link
 * MigLayout} against them.
 *
 * <p>{@link #defaults()} covers the MIG GPUs of {@link io.gpuspec.core.GpuCatalogue#defaults()}:
 * A100-40GB, A100-80GB, H100-80GB-SXM, H100-80GB-PCIe, H100-NVL, H200, A30 and B200. {@link
 * #with(MigGeometry...)} adds or replaces geometries.
 *
 * <p>A layout fits when, on every GPU it applies to, every profile is offered, no count is above
 * the profile's maximum, and the instances can be placed at allowed start slices without two of
 * them sharing a memory slice and within the GPU's compute slices. The placement is searched, not
 * estimated from sums: on an A100 {@code 4g+2g+1g} and {@code 3g+3g} fit, {@code 3g+3g+1g} does
 * not. mig-parted itself only checks the format; a layout that does not fit fails on the node when
 * it is applied (https://docs.nvidia.com/datacenter/tesla/mig-user-guide/).
 */
public final class MigCatalogue {

  private static final MigCatalogue DEFAULTS = new MigCatalogue(MigGeometries.ALL);

  private final Map<String, MigGeometry> byModel;

  private MigCatalogue(List<MigGeometry> geometries) {
    Map<String, MigGeometry> map = new LinkedHashMap<>();
    geometries.forEach(geometry -> map.put(geometry.modelName(), geometry));
    this.byModel = Collections.unmodifiableMap(map);
  }

  /** The geometries of NVIDIA's MIG GPUs in the core catalogue. */
  public static MigCatalogue defaults() {
    return DEFAULTS;
  }

  /** This catalogue plus the given geometries; one for a known model replaces it. */
  public MigCatalogue with(MigGeometry... geometries) {
    List<MigGeometry> all = new ArrayList<>(byModel.values());
    for (MigGeometry geometry : geometries) {
      all.removeIf(existing -> existing.modelName().equals(geometry.modelName()));
      all.add(geometry);
    }
    return new MigCatalogue(all);
  }

  public List<MigGeometry> geometries() {
    return List.copyOf(byModel.values());
  }

  /**
   * Whether NVIDIA's default mig-parted configuration names this profile for a GPU this catalogue
   * has no geometry for: a layout with it may fit such a GPU, so the catalogue cannot judge it
   * (https://github.com/NVIDIA/gpu-operator/blob/main/assets/state-mig-manager/0400_configmap.yaml).
   */
  public boolean onUncataloguedGpus(String profile) {
    return MigGeometries.ON_OTHER_GPUS.contains(profile);
  }

  /** The geometry of the model, if it has MIG and gpuspec knows it. */
  public Optional<MigGeometry> geometry(GpuModel model) {
    return geometry(model.name());
  }

  /** The geometry of the model with this {@link GpuModel#name()}. */
  public Optional<MigGeometry> geometry(String modelName) {
    return Optional.ofNullable(byModel.get(modelName));
  }

  /**
   * Whether one GPU of the model can hold these instances ({@code profile → count}). A key the
   * model does not offer is a misfit; a count of 0 or less asks for nothing (mig-parted's format is
   * judged on the rendered config, see {@link MigPartedConfigFacts#wellFormed}).
   */
  public MigFit fit(Map<String, Integer> migDevices, GpuModel model) {
    return fit(
        MigLayout.of(MigDeviceGroup.builder().putAllMigDevices(migDevices).build()),
        List.of(model));
  }

  /** Whether the layout fits every one of the models (as when it is applied across a fleet). */
  public MigFit fit(MigLayout layout, List<GpuModel> models) {
    return check(layout, models, OptionalInt.empty(), "");
  }

  /**
   * Whether the layout fits the pool's GPU model, with every GPU index the layout names present on
   * the pool's nodes.
   */
  public MigFit fit(MigLayout layout, NodePool pool) {
    return fit(layout, pool.shape());
  }

  /** Whether the layout fits a pool of this shape; see {@link #fit(MigLayout, NodePool)}. */
  public MigFit fit(MigLayout layout, PoolShape pool) {
    return check(
        layout,
        List.of(pool.model()),
        OptionalInt.of(pool.gpusPerNode()),
        " on node pool \"" + pool.name() + "\"");
  }

  private MigFit check(
      MigLayout layout, List<GpuModel> models, OptionalInt gpusPerNode, String context) {
    Map<Key, List<String>> found = new LinkedHashMap<>();
    List<MigPlacement> placements = new ArrayList<>();
    for (int index = 0; index < layout.groups().size(); index++) {
      MigDeviceGroup group = layout.groups().get(index);
      String where = "mig layout group " + index + " (devices " + group.devices() + ")" + context;
      if (gpusPerNode.isPresent()) {
        int gpus = gpusPerNode.getAsInt();
        for (int gpu : group.devices().gpuIndices()) {
          if (gpu >= gpus) {
            Key key =
                new Key(
                    MigProblem.Kind.DEVICE_OUT_OF_RANGE,
                    index,
                    where,
                    Optional.empty(),
                    gpu,
                    OptionalInt.of(gpus - 1),
                    "");
            found.computeIfAbsent(key, k -> new ArrayList<>()).addAll(names(models));
          }
        }
      }
      int at = index;
      for (GpuModel model : models) {
        List<Key> misfits = checkGroup(at, where, group, model);
        if (misfits.isEmpty()) {
          place(at, group, model).ifPresent(placements::add);
        }
        misfits.forEach(
            key -> found.computeIfAbsent(key, k -> new ArrayList<>()).add(model.name()));
      }
    }
    List<MigProblem> problems =
        found.entrySet().stream()
            .map(entry -> entry.getKey().toProblem(entry.getValue()))
            .collect(Collectors.toList());
    return new MigFit(names(models), problems, placements);
  }

  /**
   * Why the group does not fit one GPU of the model: every profile the GPU does not offer and every
   * count above its maximum; only when there is none of those, whether the instances can be placed.
   * Empty when the group fits or does not apply to the model.
   */
  private List<Key> checkGroup(int index, String where, MigDeviceGroup group, GpuModel model) {
    Optional<MigGeometry> known = geometry(model);
    if (!group.migEnabled() || (!group.deviceFilter().isEmpty() && !applies(group, known))) {
      return List.of();
    }
    if (known.isEmpty()) {
      String variant = model.migCapable() ? "unknown" : "none";
      return List.of(
          new Key(
              MigProblem.Kind.NO_MIG,
              index,
              where,
              Optional.empty(),
              0,
              OptionalInt.empty(),
              variant));
    }
    MigGeometry geometry = known.get();
    List<Key> misfits = new ArrayList<>();
    for (Map.Entry<String, Integer> wanted : group.requested().entrySet()) {
      Optional<MigProfile> profile = geometry.profile(wanted.getKey());
      if (profile.isEmpty()) {
        misfits.add(
            new Key(
                MigProblem.Kind.UNKNOWN_PROFILE,
                index,
                where,
                Optional.of(wanted.getKey()),
                wanted.getValue(),
                OptionalInt.empty(),
                String.join(", ", geometry.profileNames())));
      } else if (wanted.getValue() > profile.get().maxCount()) {
        misfits.add(
            new Key(
                MigProblem.Kind.ABOVE_MAX,
                index,
                where,
                Optional.of(wanted.getKey()),
                wanted.getValue(),
                OptionalInt.of(profile.get().maxCount()),
                ""));
      }
    }
    if (!misfits.isEmpty()) {
      return misfits;
    }
    List<MigProfile> instances = instances(geometry, group);
    if (Placement.place(geometry, instances).isEmpty()) {
      return List.of(
          new Key(
              MigProblem.Kind.NOT_PLACEABLE,
              index,
              where,
              Optional.empty(),
              0,
              OptionalInt.empty(),
              whyNotPlaceable(geometry, group, instances)));
    }
    return List.of();
  }

  private Optional<MigPlacement> place(int index, MigDeviceGroup group, GpuModel model) {
    Optional<MigGeometry> known = geometry(model);
    if (!group.migEnabled() || known.isEmpty() || !group.appliesTo(known.get())) {
      return Optional.empty();
    }
    return Placement.place(known.get(), instances(known.get(), group))
        .map(instances -> new MigPlacement(index, model.name(), instances));
  }

  private static boolean applies(MigDeviceGroup group, Optional<MigGeometry> geometry) {
    return geometry.map(group::appliesTo).orElse(false);
  }

  /** One entry per instance the group asks for. */
  static List<MigProfile> instances(MigGeometry geometry, MigDeviceGroup group) {
    List<MigProfile> instances = new ArrayList<>();
    group
        .requested()
        .forEach(
            (name, count) -> {
              MigProfile profile = geometry.profile(name).orElseThrow();
              for (int i = 0; i < count; i++) {
                instances.add(profile);
              }
            });
    return instances;
  }

  private static String whyNotPlaceable(
      MigGeometry geometry, MigDeviceGroup group, List<MigProfile> instances) {
    String what =
        group.requested().entrySet().stream()
            .map(entry -> entry.getKey() + " x" + entry.getValue())
            .collect(Collectors.joining(" + "));
    int memory = instances.stream().mapToInt(MigProfile::memorySlices).sum();
    int compute = instances.stream().mapToInt(MigProfile::computeSlices).sum();
    if (memory > geometry.memorySlices()) {
      return what + " need " + memory + " memory slices but the GPU has " + geometry.memorySlices();
    }
    if (compute > geometry.computeSlices()) {
      return what
          + " need "
          + compute
          + " compute slices but the GPU has "
          + geometry.computeSlices();
    }
    return what
        + " cannot be arranged at their allowed start slices without sharing a memory slice";
  }

  private static List<String> names(List<GpuModel> models) {
    return models.stream().map(GpuModel::name).toList();
  }

  /** A problem before the models that share it are known; equal keys merge into one problem. */
  private record Key(
      MigProblem.Kind kind,
      int group,
      String where,
      Optional<String> profile,
      int requested,
      OptionalInt max,
      String detail) {

    MigProblem toProblem(List<String> models) {
      String on = String.join(", ", models);
      String problem;
      String fix;
      switch (kind) {
        case NO_MIG -> {
          problem =
              detail.equals("none")
                  ? on + " cannot be partitioned with MIG"
                  : "gpuspec knows no MIG geometry for " + on;
          fix =
              detail.equals("none")
                  ? "share these GPUs with time-slicing or MPS, or use a MIG GPU (A30, A100, H100,"
                      + " H200, B200)"
                  : "add one with MigCatalogue.with(MigGeometry...)";
        }
        case DEVICE_OUT_OF_RANGE -> {
          problem =
              "GPU index "
                  + requested
                  + " but the nodes have GPUs 0 to "
                  + max.getAsInt()
                  + " ("
                  + on
                  + ")";
          fix = "use indices up to " + max.getAsInt() + " or devices: all";
        }
        case UNKNOWN_PROFILE -> {
          problem =
              profile.orElseThrow()
                  + " is not a MIG profile of "
                  + on
                  + " (it offers "
                  + detail
                  + ")";
          fix = "use one of the offered profiles; names differ with the GPU's memory";
        }
        case ABOVE_MAX -> {
          problem =
              profile.orElseThrow()
                  + " x"
                  + requested
                  + " but at most "
                  + max.getAsInt()
                  + " fit on one "
                  + on;
          fix = "request at most " + max.getAsInt() + " per GPU or use a larger profile";
        }
        default -> {
          problem = detail + " on one " + on;
          fix =
              "drop an instance or choose profiles that tile the GPU (e.g. 4g+2g+1g, 3g+3g,"
                  + " 3g+2g+1g+1g)";
        }
      }
      return new MigProblem(kind, group, profile, requested, max, models, where, problem, fix);
    }
  }
}
