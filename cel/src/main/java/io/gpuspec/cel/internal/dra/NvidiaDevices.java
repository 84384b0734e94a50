package io.gpuspec.cel.internal.dra;

import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeSet;

/**
 * What known DRA drivers publish for CEL selectors: attribute and capacity names per domain.
 * NVIDIA's GPU driver (NVIDIA/k8s-dra-driver-gpu, releases v25.3.0 to v25.12.0, {@code
 * cmd/gpu-kubelet-plugin}) publishes full GPUs, MIG devices and VFIO devices under the domain
 * {@code gpu.nvidia.com}; {@code mig.nvidia.com} is a DeviceClass, not an attribute domain.
 */
final class NvidiaDevices {

  private static final Map<String, Set<String>> ATTRIBUTES =
      Map.of(
          "gpu.nvidia.com",
          Set.of(
              "type",
              "uuid",
              "productName",
              "brand",
              "architecture",
              "cudaComputeCapability",
              "driverVersion",
              "cudaDriverVersion",
              "parentUUID",
              "profile",
              "pcieBusID",
              "addressingMode",
              "deviceID",
              "vendorID",
              "numa",
              // published up to v25.3
              "index",
              "minor",
              "parentIndex"),
          "resource.kubernetes.io",
          Set.of("pciBusID", "pcieRoot"));

  private static final Map<String, Set<String>> CAPACITY =
      Map.of(
          "gpu.nvidia.com",
          Set.of(
              "memory",
              "multiprocessors",
              "copyEngines",
              "decoders",
              "encoders",
              "jpegEngines",
              "ofaEngines",
              "addressableMemory"));

  private static final Set<String> KNOWN_DOMAINS = Set.of("gpu.nvidia.com", "mig.nvidia.com");

  private NvidiaDevices() {}

  /**
   * Why {@code name} is not something {@code domain} publishes, or empty when it is (or the domain
   * is not a known driver's).
   */
  static Optional<String> unknown(boolean capacity, String domain, String name) {
    Map<String, Set<String>> table = capacity ? CAPACITY : ATTRIBUTES;
    String what = capacity ? "capacity" : "attribute";
    if (!table.containsKey(domain)) {
      if (!KNOWN_DOMAINS.contains(domain)) {
        return Optional.empty();
      }
      return Optional.of(
          "domain "
              + domain
              + " publishes no device "
              + what
              + "; NVIDIA's driver publishes MIG"
              + " devices and GPUs under gpu.nvidia.com: "
              + String.join(
                  ", ", sorted(java.util.Objects.requireNonNull(table.get("gpu.nvidia.com")))));
    }
    if (table.get(domain).contains(name) || (capacity && name.matches("memorySlice[0-9]+"))) {
      return Optional.empty();
    }
    return Optional.of(
        "NVIDIA's DRA driver publishes no "
            + what
            + " \""
            + name
            + "\" under "
            + domain
            + "; it publishes: "
            + String.join(", ", sorted(table.get(domain)))
            + (capacity ? ", memorySlice<N>" : ""));
  }

  private static List<String> sorted(Set<String> names) {
    return List.copyOf(new TreeSet<>(names));
  }
}
