package io.gpuspec.cel.internal.dra;

import io.fabric8.kubernetes.api.model.HasMetadata;
import io.gpuspec.cel.KubernetesCel;
import io.gpuspec.core.manifest.ManifestSet;
import io.gpuspec.core.report.Severity;
import io.gpuspec.core.spi.BaseRule;
import io.gpuspec.core.spi.CheckContext;
import io.gpuspec.core.spi.RuleInfo;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/**
 * DRA001 (error): every {@code selectors[].cel.expression} of a ResourceClaim or
 * ResourceClaimTemplate compiles in the DRA CEL environment ({@code device.driver}, {@code
 * device.attributes[domain].name}, {@code device.capacity[domain].name}). DRA002 (warning): it
 * names an attribute or capacity that a known driver (NVIDIA's) does not publish.
 *
 * <p>Upstream: <a
 * href="https://kubernetes.io/docs/concepts/scheduling-eviction/dynamic-resource-allocation/">Dynamic
 * Resource Allocation</a> and <a href="https://github.com/NVIDIA/k8s-dra-driver-gpu">NVIDIA DRA
 * driver</a>.
 */
public final class DraSelectorsCompile extends BaseRule {

  private static final JsonMapper JSON = JsonMapper.builder().build();
  private static final Set<String> VARIABLES = Set.of("device");
  private static final Pattern REFERENCE =
      Pattern.compile(
          "device\\.(attributes|capacity)\\[\\s*['\"]([^'\"]+)['\"]\\s*]\\s*\\.\\s*([A-Za-z_][A-Za-z0-9_]*)");

  private final boolean attributes;

  private DraSelectorsCompile(RuleInfo info, boolean attributes) {
    super(info);
    this.attributes = attributes;
  }

  /** DRA001: selectors compile. */
  public static DraSelectorsCompile compile() {
    return new DraSelectorsCompile(
        RuleInfo.builder()
            .id("DRA001")
            .severity(Severity.ERROR)
            .title("DRA device selectors are CEL that compiles")
            .why(
                "The API server rejects a ResourceClaim(Template) whose selector CEL does not compile")
            .fix("Fix the expression as the CEL error says")
            .addKinds("ResourceClaim", "ResourceClaimTemplate")
            .documentation(
                "https://kubernetes.io/docs/concepts/scheduling-eviction/dynamic-resource-allocation/")
            .apiServerRejects(true)
            .build(),
        false);
  }

  /** DRA002: selectors name attributes the known drivers publish. */
  public static DraSelectorsCompile attributes() {
    return new DraSelectorsCompile(
        RuleInfo.builder()
            .id("DRA002")
            .severity(Severity.WARNING)
            .title("DRA selectors read attributes and capacities the driver publishes")
            .why(
                "A selector that reads an attribute the driver does not publish fails to evaluate"
                    + " on every device, so the claim is never allocated and its pods stay Pending")
            .fix("Use one of the names the driver publishes")
            .addKinds("ResourceClaim", "ResourceClaimTemplate")
            .documentation("https://github.com/NVIDIA/k8s-dra-driver-gpu")
            .build(),
        true);
  }

  @Override
  public void check(ManifestSet manifests, CheckContext context) {
    for (HasMetadata object : manifests) {
      String apiVersion = object.getApiVersion() == null ? "" : object.getApiVersion();
      if (!apiVersion.startsWith("resource.k8s.io/")) {
        continue;
      }
      JsonNode tree = JSON.valueToTree(object);
      String prefix;
      JsonNode devices;
      if ("ResourceClaimTemplate".equals(object.getKind())) {
        prefix = "spec.spec.devices";
        devices = tree.path("spec").path("spec").path("devices");
      } else if ("ResourceClaim".equals(object.getKind())) {
        prefix = "spec.devices";
        devices = tree.path("spec").path("devices");
      } else {
        continue;
      }
      JsonNode requests = devices.path("requests");
      for (int i = 0; i < requests.size(); i++) {
        JsonNode request = requests.get(i);
        String at = prefix + ".requests[" + i + "]";
        selectors(object, request.path("selectors"), at + ".selectors", context);
        selectors(
            object, request.path("exactly").path("selectors"), at + ".exactly.selectors", context);
        JsonNode alternatives = request.path("firstAvailable");
        for (int k = 0; k < alternatives.size(); k++) {
          selectors(
              object,
              alternatives.get(k).path("selectors"),
              at + ".firstAvailable[" + k + "].selectors",
              context);
        }
      }
    }
  }

  private void selectors(
      HasMetadata object, JsonNode selectors, String path, CheckContext context) {
    for (int j = 0; j < selectors.size(); j++) {
      String expression = selectors.get(j).path("cel").path("expression").asString("");
      String at = path + "[" + j + "].cel.expression";
      if (!attributes) {
        List<String> problems = KubernetesCel.standard().problems(expression, VARIABLES);
        if (!problems.isEmpty()) {
          context.report(
              object,
              at,
              "Invalid value: "
                  + String.join(" ", problems.get(0).lines().map(String::strip).toList()),
              "fix the selector; it sees device.driver, device.attributes[\"<domain>\"].<name> and"
                  + " device.capacity[\"<domain>\"].<name>");
        }
        continue;
      }
      Matcher m = REFERENCE.matcher(expression);
      while (m.find()) {
        Optional<String> unknown =
            NvidiaDevices.unknown(m.group(1).equals("capacity"), m.group(2), m.group(3));
        if (unknown.isPresent()) {
          context.report(object, at, unknown.get(), "use a name the driver publishes");
        }
      }
    }
  }
}
