package io.gpuspec.sharing.facts;

import io.fabric8.kubernetes.api.model.resource.v1.DeviceClaim;
import io.fabric8.kubernetes.api.model.resource.v1.DeviceConstraint;
import io.fabric8.kubernetes.api.model.resource.v1.DeviceRequest;
import io.fabric8.kubernetes.api.model.resource.v1.DeviceSelector;
import io.fabric8.kubernetes.api.model.resource.v1.DeviceSubRequest;
import io.fabric8.kubernetes.api.model.resource.v1.ResourceClaim;
import io.fabric8.kubernetes.api.model.resource.v1.ResourceClaimTemplate;
import io.gpuspec.core.facts.MetadataFacts;
import io.gpuspec.core.k8s.Names;
import io.gpuspec.core.k8s.NullFree;
import io.gpuspec.core.report.Finding;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.regex.Pattern;
import org.jspecify.annotations.Nullable;

/**
 * The shape of a DRA claim's devices as kubernetes {@code pkg/apis/resource/validation} admits it
 * on create (reported by {@value #RULE}): each request gives exactly one of {@code exactly} and
 * {@code firstAvailable}; an exact request or subrequest names a device class that is a DNS
 * subdomain; at most 32 selectors per request, each with a CEL expression of at most 10 Ki
 * characters; at most 8 subrequests with unique DNS-label names, each in a known allocation mode
 * (ExactCount with a positive count, All without one); constraints that name requests ({@code
 * <request>} or {@code <request>/<subrequest>}) of the claim, once each, with a {@code
 * matchAttribute} or {@code distinctAttribute} that is a fully qualified name ({@code
 * <domain>/<identifier>}); at most 32 constraints; and a claim template's {@code spec.metadata}
 * with valid labels and annotation keys. Request names, counts and configs are SHR013's and
 * SHR011's, selector compilation DRA001's. Every finding is a rejection.
 */
public final class DraDeviceClaimFacts {

  /** The id of the rule that reports these facts. */
  public static final String RULE = "DRA003";

  /** The most selectors of one request, and constraints of one claim. */
  public static final int MAX_SELECTORS = 32;

  /** The most subrequests of one {@code firstAvailable} list. */
  public static final int MAX_SUBREQUESTS = 8;

  /** The longest selector expression, in characters. */
  public static final int MAX_EXPRESSION = 10 * 1024;

  private static final Pattern C_IDENTIFIER = Pattern.compile("[A-Za-z_][A-Za-z0-9_]*");

  private DraDeviceClaimFacts() {}

  /** DRA003 on a claim template: its {@code spec.metadata} and {@code spec.spec.devices}. */
  public static List<Finding> template(ResourceClaimTemplate template) {
    List<Finding> findings = new ArrayList<>();
    if (template.getSpec() == null) {
      return findings;
    }
    if (template.getSpec().getMetadata() != null) {
      for (Finding f :
          MetadataFacts.labelsAndAnnotations(template.getSpec().getMetadata(), "spec.metadata")) {
        findings.add(Finding.rejection(f.path(), f.message(), f.fix()));
      }
    }
    if (template.getSpec().getSpec() != null) {
      devices(findings, template.getSpec().getSpec().getDevices(), "spec.spec.devices");
    }
    return findings;
  }

  /** DRA003 on a claim: its {@code spec.devices}. */
  public static List<Finding> claim(ResourceClaim claim) {
    List<Finding> findings = new ArrayList<>();
    if (claim.getSpec() != null) {
      devices(findings, claim.getSpec().getDevices(), "spec.devices");
    }
    return findings;
  }

  private static void devices(List<Finding> findings, @Nullable DeviceClaim devices, String path) {
    if (devices == null) {
      return;
    }
    List<DeviceRequest> requests = NullFree.list(devices.getRequests());
    Map<String, Set<String>> names = new HashMap<>();
    for (int i = 0; i < requests.size(); i++) {
      DeviceRequest request = requests.get(i) == null ? new DeviceRequest() : requests.get(i);
      Set<String> subNames = new HashSet<>();
      names.putIfAbsent(request.getName() == null ? "" : request.getName(), subNames);
      request(findings, request, path + ".requests[" + i + "]", subNames);
    }
    List<DeviceConstraint> constraints = NullFree.list(devices.getConstraints());
    if (constraints.size() > MAX_SELECTORS) {
      findings.add(
          Finding.rejection(
              path + ".constraints",
              "Too many: " + constraints.size() + " constraints, at most " + MAX_SELECTORS,
              "merge constraints on the same attribute"));
    }
    for (int i = 0; i < constraints.size(); i++) {
      DeviceConstraint constraint =
          constraints.get(i) == null ? new DeviceConstraint() : constraints.get(i);
      constraint(findings, constraint, path + ".constraints[" + i + "]", names);
    }
  }

  private static void request(
      List<Finding> findings, DeviceRequest request, String at, Set<String> subNames) {
    List<DeviceSubRequest> subs = NullFree.list(request.getFirstAvailable());
    boolean exactly = request.getExactly() != null;
    if (!exactly && subs.isEmpty()) {
      findings.add(
          Finding.rejection(
              at,
              "Required value: exactly one of `exactly` or `firstAvailable` is required",
              "write exactly: {deviceClassName: gpu.nvidia.com}, or a firstAvailable list"));
      return;
    }
    if (exactly && !subs.isEmpty()) {
      findings.add(
          Finding.rejection(
              at,
              "a request gives both `exactly` and `firstAvailable`; it takes one of them",
              "keep exactly for one kind of device, or firstAvailable for alternatives"));
      return;
    }
    if (exactly) {
      deviceClass(findings, request.getExactly().getDeviceClassName(), at + ".exactly");
      selectors(findings, request.getExactly().getSelectors(), at + ".exactly.selectors");
      return;
    }
    if (subs.size() > MAX_SUBREQUESTS) {
      findings.add(
          Finding.rejection(
              at + ".firstAvailable",
              "Too many: " + subs.size() + " subrequests, at most " + MAX_SUBREQUESTS,
              "keep the " + MAX_SUBREQUESTS + " alternatives you prefer most"));
    }
    for (int i = 0; i < subs.size(); i++) {
      DeviceSubRequest sub = subs.get(i) == null ? new DeviceSubRequest() : subs.get(i);
      String subAt = at + ".firstAvailable[" + i + "]";
      String name = sub.getName() == null ? "" : sub.getName();
      if (!Names.isDns1123Label(name)) {
        findings.add(
            Finding.rejection(
                subAt + ".name",
                "subrequest name \"" + name + "\" is not a DNS-1123 label",
                "use at most 63 lower-case letters, digits and '-'"));
      } else if (!subNames.add(name)) {
        findings.add(
            Finding.rejection(
                subAt + ".name",
                "Duplicate value: subrequest \"" + name + "\" is listed twice",
                "give each alternative its own name"));
      }
      deviceClass(findings, sub.getDeviceClassName(), subAt);
      selectors(findings, sub.getSelectors(), subAt + ".selectors");
      allocationMode(findings, sub.getAllocationMode(), sub.getCount(), subAt);
    }
  }

  /**
   * The allocation mode of a request or subrequest at {@code at} (kubernetes {@code
   * validateDeviceAllocationMode}), after defaulting an empty mode to ExactCount and its count to
   * 1: ExactCount with a count above zero, or All without a count.
   */
  public static List<Finding> allocationMode(
      @Nullable String mode, @Nullable Long count, String at) {
    List<Finding> findings = new ArrayList<>();
    allocationMode(findings, mode, count, at);
    return findings;
  }

  private static void allocationMode(
      List<Finding> findings, @Nullable String mode, @Nullable Long count, String at) {
    String given = mode == null || mode.isEmpty() ? "ExactCount" : mode;
    switch (given) {
      case "All" -> {
        if (count != null && count != 0) {
          findings.add(
              Finding.rejection(
                  at + ".count",
                  "count " + count + " may not be set when allocationMode is All",
                  "drop count (All takes every matching device), or use ExactCount"));
        }
      }
      case "ExactCount" -> {
        long asked = count == null ? 1 : count;
        if (asked < 1) {
          findings.add(
              Finding.rejection(
                  at + ".count",
                  "count " + asked + " is not positive",
                  "ask for at least 1 device"));
        }
      }
      default ->
          findings.add(
              Finding.rejection(
                  at + ".allocationMode",
                  "allocationMode \"" + given + "\" is not ExactCount or All",
                  "write allocationMode: ExactCount with a count, or All"));
    }
  }

  private static void deviceClass(List<Finding> findings, @Nullable String name, String at) {
    if (name == null || name.isEmpty()) {
      findings.add(
          Finding.rejection(
              at + ".deviceClassName",
              "Required value: the request names no device class",
              "name the DeviceClass, e.g. deviceClassName: gpu.nvidia.com"));
    } else if (!Names.isDns1123Subdomain(name)) {
      findings.add(
          Finding.rejection(
              at + ".deviceClassName",
              "device class \"" + name + "\" is not a DNS-1123 subdomain",
              "use the DeviceClass's object name, e.g. gpu.nvidia.com"));
    }
  }

  private static void selectors(
      List<Finding> findings, @Nullable List<DeviceSelector> given, String at) {
    List<DeviceSelector> selectors = NullFree.list(given);
    if (selectors.size() > MAX_SELECTORS) {
      findings.add(
          Finding.rejection(
              at,
              "Too many: " + selectors.size() + " selectors, at most " + MAX_SELECTORS,
              "join selectors with && in fewer expressions"));
    }
    for (int i = 0; i < selectors.size(); i++) {
      DeviceSelector selector = selectors.get(i);
      if (selector == null || selector.getCel() == null) {
        findings.add(
            Finding.rejection(
                at + "[" + i + "].cel",
                "Required value: a selector needs a cel expression",
                "write cel: {expression: 'device.driver == \"gpu.nvidia.com\"'}"));
        continue;
      }
      String expression = selector.getCel().getExpression();
      if (expression != null && expression.length() > MAX_EXPRESSION) {
        findings.add(
            Finding.rejection(
                at + "[" + i + "].cel.expression",
                "the expression has "
                    + expression.length()
                    + " characters, more than "
                    + MAX_EXPRESSION,
                "shorten the expression, or split it over several selectors"));
      }
    }
  }

  private static void constraint(
      List<Finding> findings,
      DeviceConstraint constraint,
      String at,
      Map<String, Set<String>> names) {
    List<String> refs = NullFree.list(constraint.getRequests());
    Set<String> seen = new HashSet<>();
    for (int i = 0; i < refs.size(); i++) {
      String ref = refs.get(i) == null ? "" : refs.get(i);
      String refAt = at + ".requests[" + i + "]";
      if (!seen.add(ref)) {
        findings.add(
            Finding.rejection(refAt, "Duplicate value: \"" + ref + "\"", "name each request once"));
      } else if (!names(ref, names)) {
        findings.add(
            Finding.rejection(
                refAt,
                "\""
                    + ref
                    + "\" is neither a request of the claim nor <request>/<subrequest> "
                    + names.keySet(),
                "name a request of the claim, or leave requests empty for all of them"));
      }
    }
    String match = constraint.getMatchAttribute();
    String distinct = constraint.getDistinctAttribute();
    if (match != null) {
      fullyQualified(findings, match, at + ".matchAttribute");
    } else if (distinct != null) {
      fullyQualified(findings, distinct, at + ".distinctAttribute");
    } else {
      findings.add(
          Finding.rejection(
              at + ".matchAttribute",
              "Required value: a constraint needs matchAttribute",
              "write matchAttribute: <domain>/<attribute>, e.g."
                  + " resource.kubernetes.io/pcieRoot"));
    }
  }

  private static boolean names(String ref, Map<String, Set<String>> names) {
    String[] parts = ref.split("/", -1);
    if (parts.length > 2) {
      return false;
    }
    Set<String> subs = names.get(parts[0]);
    if (subs == null || !Names.isDns1123Label(parts[0])) {
      return false;
    }
    return parts.length == 1 || subs.contains(parts[1]);
  }

  private static void fullyQualified(List<Finding> findings, String name, String at) {
    int slash = name.indexOf('/');
    String domain = slash < 0 ? "" : name.substring(0, slash);
    String id = name.substring(slash + 1);
    boolean ok =
        slash > 0
            && domain.length() <= 63
            && Names.isDns1123Subdomain(domain)
            && id.length() <= 32
            && C_IDENTIFIER.matcher(id).matches();
    if (!ok) {
      findings.add(
          Finding.rejection(
              at,
              "\"" + name + "\" is not a fully qualified attribute name (<domain>/<identifier>)",
              "write the driver's domain and the attribute, e.g. gpu.nvidia.com/productName"));
    }
  }
}
