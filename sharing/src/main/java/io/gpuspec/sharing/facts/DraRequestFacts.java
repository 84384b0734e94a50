package io.gpuspec.sharing.facts;

import io.fabric8.kubernetes.api.model.resource.v1.DeviceClaim;
import io.fabric8.kubernetes.api.model.resource.v1.DeviceRequest;
import io.fabric8.kubernetes.api.model.resource.v1.ExactDeviceRequest;
import io.fabric8.kubernetes.api.model.resource.v1.ResourceClaim;
import io.fabric8.kubernetes.api.model.resource.v1.ResourceClaimTemplate;
import io.gpuspec.core.k8s.Names;
import io.gpuspec.core.report.Finding;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.jspecify.annotations.Nullable;

/**
 * Facts about the device requests of a DRA ResourceClaim or ResourceClaimTemplate (reported by
 * SHR013): request names are DNS-1123 labels, each used once in the claim, and an {@code exactly}
 * request in {@code ExactCount} mode asks for at least one device; the claim's {@code ExactCount}
 * requests ask for at most 32 devices together, the most one allocation holds. The API server
 * rejects the first three (kubernetes {@code pkg/apis/resource/validation}: {@code
 * validateDeviceClaim}, {@code validateDeviceRequest}, {@code validateDeviceAllocationMode}); the
 * scheduler can never allocate the last ({@code AllocationResultsMaxSize}). Requests of the {@code
 * firstAvailable} form are judged by their names only. A {@code GpuClaimTemplate} built by the DSL
 * throws the first finding of these.
 */
public final class DraRequestFacts {

  /** The most devices one allocation of a claim holds ({@code AllocationResultsMaxSize}). */
  public static final int MAX_DEVICES = 32;

  private DraRequestFacts() {}

  /** SHR013 on a claim template: its {@code spec.spec.devices.requests}. */
  public static List<Finding> requests(ResourceClaimTemplate template) {
    return template.getSpec() == null || template.getSpec().getSpec() == null
        ? List.of()
        : check(template.getSpec().getSpec().getDevices(), "spec.spec.devices.requests");
  }

  /** SHR013 on a claim: its {@code spec.devices.requests}. */
  public static List<Finding> requests(ResourceClaim claim) {
    return claim.getSpec() == null
        ? List.of()
        : check(claim.getSpec().getDevices(), "spec.devices.requests");
  }

  private static List<Finding> check(@Nullable DeviceClaim devices, String path) {
    List<Finding> findings = new ArrayList<>();
    if (devices == null || devices.getRequests() == null) {
      return findings;
    }
    List<DeviceRequest> requests = devices.getRequests();
    Map<String, Integer> first = new HashMap<>();
    long devicesAsked = 0;
    for (int i = 0; i < requests.size(); i++) {
      DeviceRequest request = requests.get(i);
      if (request == null) {
        continue;
      }
      String at = path + "[" + i + "]";
      String name = request.getName() == null ? "" : request.getName();
      Integer earlier = first.putIfAbsent(name, i);
      if (earlier != null) {
        findings.add(
            Finding.rejection(
                at + ".name",
                "request \"" + name + "\" is listed twice (first at requests[" + earlier + "])",
                "give each request of the claim its own name"));
      } else if (!Names.isDns1123Label(name)) {
        findings.add(
            Finding.rejection(
                at + ".name",
                "request name \"" + name + "\" is not a DNS-1123 label",
                "use at most 63 lower-case letters, digits and '-'"));
      }
      ExactDeviceRequest exactly = request.getExactly();
      if (exactly != null && isExactCount(exactly)) {
        long count = exactly.getCount() == null ? 1 : exactly.getCount();
        if (count < 1) {
          findings.add(
              Finding.rejection(
                  at + ".exactly.count",
                  "count " + count + " is not positive",
                  "ask for at least 1 device"));
        } else {
          devicesAsked += count;
        }
      }
    }
    if (devicesAsked > MAX_DEVICES) {
      findings.add(
          new Finding(
              path,
              "the requests ask for "
                  + devicesAsked
                  + " devices but one allocation holds at most "
                  + MAX_DEVICES,
              "ask for at most " + MAX_DEVICES + " devices per claim, or split them over claims"));
    }
    return findings;
  }

  private static boolean isExactCount(ExactDeviceRequest exactly) {
    return exactly.getAllocationMode() == null || exactly.getAllocationMode().equals("ExactCount");
  }
}
