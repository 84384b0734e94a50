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
 * requests ask for at most 32 devices together, the most one allocation holds. A claim has at most
 * 32 requests, and an {@code exactly} request's {@code allocationMode} is ExactCount (with a count)
 * or All (without one). The API server rejects all but the device total (kubernetes {@code
 * pkg/apis/resource/validation}: {@code validateDeviceClaim}, {@code validateDeviceRequest}, {@code
 * validateDeviceAllocationMode}); the scheduler can never allocate the device total ({@code
 * AllocationResultsMaxSize}). Requests of the {@code firstAvailable} form are judged by their names
 * here, their subrequests by DRA003. A {@code GpuClaimTemplate} built by the DSL throws the first
 * finding of these.
 */
public final class DraRequestFacts {

  /** The most devices one allocation of a claim holds ({@code AllocationResultsMaxSize}). */
  public static final int MAX_DEVICES = 32;

  /** The most requests of one claim ({@code DeviceRequestsMaxSize}). */
  public static final int MAX_REQUESTS = 32;

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
      if (exactly != null) {
        List<Finding> mode =
            DraDeviceClaimFacts.allocationMode(
                exactly.getAllocationMode(), exactly.getCount(), at + ".exactly");
        findings.addAll(mode);
        if (mode.isEmpty() && isExactCount(exactly)) {
          devicesAsked += exactly.getCount() == null ? 1 : exactly.getCount();
        }
      }
    }
    if (requests.size() > MAX_REQUESTS) {
      findings.add(
          Finding.rejection(
              path,
              "Too many: " + requests.size() + " requests, at most " + MAX_REQUESTS,
              "merge requests for the same device class, or split them over claims"));
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
