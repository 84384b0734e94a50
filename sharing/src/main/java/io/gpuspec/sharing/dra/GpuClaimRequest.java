package io.gpuspec.sharing.dra;

import io.fabric8.kubernetes.api.model.resource.v1.DeviceRequest;
import io.fabric8.kubernetes.api.model.resource.v1.DeviceRequestBuilder;
import io.fabric8.kubernetes.api.model.resource.v1.DeviceSelector;
import io.fabric8.kubernetes.api.model.resource.v1.DeviceSelectorBuilder;
import io.gpuspec.core.GpuSpecStyle;
import io.gpuspec.core.InvalidSpecException;
import io.gpuspec.sharing.MigProfile;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.regex.Pattern;
import org.immutables.value.Value;

/**
 * One request of a {@link GpuClaimTemplate}: whole GPUs ({@code gpu.nvidia.com}) or MIG devices
 * ({@code mig.nvidia.com}), how many, which ones (CEL selectors over the attributes NVIDIA's DRA
 * driver publishes: {@code productName}, {@code profile}, capacity {@code memory}) and how the
 * containers using it share it.
 *
 * <pre>{@code
 * GpuClaimRequest.gpu("gpu").productContains("a100").minMemory("40Gi");
 * GpuClaimRequest.mig("slice", "1g.10gb").sharing(DraSharing.timeSlicing());
 * }</pre>
 *
 * Facts: https://kubernetes.io/docs/concepts/scheduling-eviction/dynamic-resource-allocation/ and
 * https://github.com/NVIDIA/k8s-dra-driver-gpu (device classes, attributes).
 */
@Value.Immutable
@GpuSpecStyle
public abstract class GpuClaimRequest {

  /** The device classes NVIDIA's DRA driver publishes. */
  public enum DeviceClass {
    GPU("gpu.nvidia.com", "GpuConfig"),
    MIG("mig.nvidia.com", "MigDeviceConfig");

    private final String className;
    private final String configKind;

    DeviceClass(String className, String configKind) {
      this.className = className;
      this.configKind = configKind;
    }

    /** The DeviceClass name, e.g. {@code gpu.nvidia.com}. */
    public String className() {
      return className;
    }

    /** The kind of the driver's opaque config for devices of this class. */
    public String configKind() {
      return configKind;
    }
  }

  private static final Pattern PRODUCT = Pattern.compile("[A-Za-z0-9][A-Za-z0-9 ._-]*");

  public abstract String name();

  public abstract DeviceClass deviceClass();

  /**
   * How many devices ({@code allocationMode: ExactCount}); 1 to 32 per template (SHR013, checked
   * when the template is built, as is the request's name).
   */
  @Value.Default
  public int count() {
    return 1;
  }

  /** Only devices whose product name contains this text, case-insensitively (e.g. {@code a100}). */
  public abstract Optional<String> productContains();

  /** Only devices with at least this much memory (e.g. {@code 40Gi}). */
  public abstract Optional<String> minMemory();

  /** MIG devices of this profile only (e.g. {@code 1g.10gb}). */
  public abstract Optional<String> migProfile();

  /** Further CEL selectors, written as they go into {@code selectors[].cel.expression}. */
  public abstract List<String> celSelectors();

  /** How the containers that use this request share its devices. */
  public abstract Optional<DraSharing> sharing();

  /** Whole GPUs. */
  public static Builder gpu(String name) {
    return new Builder().name(name).deviceClass(DeviceClass.GPU);
  }

  /** MIG devices of one profile. */
  public static Builder mig(String name, String profile) {
    return new Builder().name(name).deviceClass(DeviceClass.MIG).migProfile(profile);
  }

  /** Every CEL selector of the request, the derived ones first. */
  public List<String> selectors() {
    List<String> all = new ArrayList<>();
    productContains()
        .ifPresent(
            product ->
                all.add(
                    "device.attributes['gpu.nvidia.com'].productName.lowerAscii().contains('"
                        + product.toLowerCase(Locale.ROOT)
                        + "')"));
    migProfile()
        .ifPresent(
            profile -> all.add("device.attributes['gpu.nvidia.com'].profile == '" + profile + "'"));
    minMemory()
        .ifPresent(
            memory ->
                all.add(
                    "device.capacity['gpu.nvidia.com'].memory.compareTo(quantity('"
                        + memory
                        + "')) >= 0"));
    all.addAll(celSelectors());
    return all;
  }

  DeviceRequest toDeviceRequest() {
    List<DeviceSelector> selectors =
        selectors().stream()
            .map(
                expression ->
                    new DeviceSelectorBuilder()
                        .withNewCel()
                        .withExpression(expression)
                        .endCel()
                        .build())
            .toList();
    return new DeviceRequestBuilder()
        .withName(name())
        .withNewExactly()
        .withDeviceClassName(deviceClass().className())
        .withAllocationMode("ExactCount")
        .withCount((long) count())
        .withSelectors(selectors)
        .endExactly()
        .build();
  }

  @Value.Check
  protected void check() {
    String where = "claim request \"" + name() + "\"";
    productContains()
        .ifPresent(
            product ->
                InvalidSpecException.require(
                    PRODUCT.matcher(product).matches(),
                    where + " productContains",
                    "\"" + product + "\" is not a plain product name fragment",
                    "use letters, digits, spaces, '.', '_' and '-', e.g. a100"));
    minMemory()
        .ifPresent(
            memory ->
                InvalidSpecException.require(
                    DraSharing.atLeastOneMiB(memory),
                    where + " minMemory",
                    "\"" + memory + "\" is not a quantity of at least 1Mi",
                    "write a quantity such as 40Gi"));
    InvalidSpecException.require(
        migProfile().isEmpty() || deviceClass() == DeviceClass.MIG,
        where + " migProfile",
        "a MIG profile on a request for whole GPUs",
        "use GpuClaimRequest.mig(name, profile)");
    migProfile()
        .ifPresent(
            profile ->
                InvalidSpecException.require(
                    MigProfile.isProfileName(profile),
                    where + " migProfile",
                    "\"" + profile + "\" is not a MIG profile name",
                    "write it like 1g.10gb"));
    for (String expression : celSelectors()) {
      InvalidSpecException.require(
          !expression.isBlank(),
          where + " celSelectors",
          "an empty CEL expression",
          "write an expression over device.attributes or device.capacity");
    }
  }

  /**
   * Builds {@link GpuClaimRequest} values: set the attributes, then {@code build()}, which checks
   * them.
   */
  public static final class Builder extends ImmutableGpuClaimRequest.Builder {}
}
