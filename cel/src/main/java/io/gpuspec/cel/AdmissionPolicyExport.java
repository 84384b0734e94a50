package io.gpuspec.cel;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * gpuspec's rules that CEL can express, as ValidatingAdmissionPolicies with their bindings, for the
 * cluster to enforce what the build checks. Each exported policy is proved to agree with its Java
 * rule (see the module's tests); {@link #notExported()} says why the other GPU rules are not
 * exported.
 */
public final class AdmissionPolicyExport {

  /** Rule ids exported, in order. */
  private static final List<String> EXPORTED = List.of("GPU001", "GPU007", "SEC002");

  private static final Map<String, String> NOT_EXPORTED = new LinkedHashMap<>();

  static {
    NOT_EXPORTED.put(
        "GPU002",
        "needs the taints of the GPU nodes a pod selects: node state, not in the admitted object");
    NOT_EXPORTED.put(
        "GPU003",
        "which taints are the GPU nodes' and which labels pin them come from the fleet and the"
            + " label schemes; an error-level policy with one frozen guess would deny workloads the"
            + " rule accepts");
    NOT_EXPORTED.put(
        "GPU004",
        "compares the GPU model pinned by every replica of a distributed workload, read through"
            + " the label schemes and the GPU catalogue; a policy would carry a copy of the"
            + " catalogue");
    NOT_EXPORTED.put(
        "GPU005",
        "needs the MIG profiles of the GPU models and the pools: catalogue and fleet, not the object");
    NOT_EXPORTED.put("GPU006", "needs the labels of the cluster's nodes");
    NOT_EXPORTED.put(
        "GPU008",
        "with the pools known the pin must admit one pool (fleet state); without them it depends"
            + " on the label schemes, as GPU003");
    NOT_EXPORTED.put(
        "K8S006",
        "one global-default PriorityClass is a fact about all PriorityClasses together; a policy sees"
            + " one object per request and cannot count the others");
    NOT_EXPORTED.put(
        "SHR*",
        "device-plugin and mig-parted configs are checked as documents inside ConfigMaps, against"
            + " the GPU catalogue (MIG geometry)");
  }

  private AdmissionPolicyExport() {}

  /** The exported rule ids. */
  public static List<String> exportedRules() {
    return EXPORTED;
  }

  /** Rules (or families) that are not exported, each with the reason. */
  public static Map<String, String> notExported() {
    return java.util.Collections.unmodifiableMap(NOT_EXPORTED);
  }

  /** The policy and binding of one exported rule, as YAML documents. */
  public static String policyOf(String ruleId) {
    if (!EXPORTED.contains(ruleId)) {
      throw new IllegalArgumentException(
          "rule " + ruleId + ": not exported as an admission policy; exported: " + EXPORTED);
    }
    try (InputStream in =
        AdmissionPolicyExport.class.getResourceAsStream(
            "/io/gpuspec/cel/export/" + ruleId + ".yaml")) {
      if (in == null) {
        throw new IllegalStateException("export of " + ruleId + " is missing from the jar");
      }
      return new String(in.readAllBytes(), StandardCharsets.UTF_8);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  /** Every exported policy and binding as one multi-document YAML text. */
  public static String render() {
    StringBuilder out = new StringBuilder();
    for (String rule : EXPORTED) {
      out.append(out.length() == 0 ? "" : "---\n").append(policyOf(rule));
    }
    return out.toString();
  }
}
