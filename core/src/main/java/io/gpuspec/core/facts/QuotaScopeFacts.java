package io.gpuspec.core.facts;

import io.fabric8.kubernetes.api.model.ResourceQuotaSpec;
import io.fabric8.kubernetes.api.model.ScopedResourceSelectorRequirement;
import io.gpuspec.core.k8s.NullFree;
import io.gpuspec.core.report.Finding;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import org.jspecify.annotations.Nullable;

/**
 * A ResourceQuota's scopes as core {@code validateResourceQuotaScopes} and {@code
 * validateScopedResourceSelectorRequirement} admit them (<a
 * href="https://kubernetes.io/docs/concepts/policy/resource-quotas/#quota-scopes">Quota
 * scopes</a>): known scope names; no conflicting pair (Terminating with NotTerminating, BestEffort
 * with NotBestEffort); a scope only over standard resources it can count (BestEffort only {@code
 * pods}; the pod scopes only pods, cpu and memory; VolumeAttributesClass only claims and storage —
 * extended resources such as {@code requests.nvidia.com/gpu} are not limited); in a scope selector,
 * {@code Exists} for the boolean scopes, values for In/NotIn and none for Exists/DoesNotExist.
 * Every finding is a rejection; reported by rule {@value #RULE}.
 */
public final class QuotaScopeFacts {

  /** The id of the rule that reports these facts. */
  public static final String RULE = "K8S034";

  private static final Set<String> SCOPES =
      Set.of(
          "Terminating",
          "NotTerminating",
          "BestEffort",
          "NotBestEffort",
          "PriorityClass",
          "CrossNamespacePodAffinity",
          "VolumeAttributesClass");
  private static final Set<String> BOOLEAN_SCOPES =
      Set.of(
          "Terminating",
          "NotTerminating",
          "BestEffort",
          "NotBestEffort",
          "CrossNamespacePodAffinity");
  private static final Set<String> POD_SCOPES =
      Set.of(
          "Terminating",
          "NotTerminating",
          "NotBestEffort",
          "PriorityClass",
          "CrossNamespacePodAffinity");

  /** Standard quota resources that count neither pods nor their compute resources. */
  private static final Set<String> NOT_POD_RESOURCES =
      Set.of(
          "services",
          "replicationcontrollers",
          "resourcequotas",
          "secrets",
          "persistentvolumeclaims",
          "configmaps",
          "services.nodeports",
          "services.loadbalancers",
          "requests.storage");

  /** Ephemeral storage, a standard quota resource that no scope of pods counts. */
  private static final Set<String> EPHEMERAL =
      Set.of("ephemeral-storage", "requests.ephemeral-storage", "limits.ephemeral-storage");

  /** Standard quota resources of pods, and the standard ones not about claims. */
  private static final Set<String> STANDARD =
      Set.of(
          "pods",
          "cpu",
          "memory",
          "requests.cpu",
          "requests.memory",
          "limits.cpu",
          "limits.memory",
          "services",
          "replicationcontrollers",
          "resourcequotas",
          "secrets",
          "configmaps",
          "services.nodeports",
          "services.loadbalancers");

  private QuotaScopeFacts() {}

  /** K8S034 on a ResourceQuota's spec. */
  public static List<Finding> spec(@Nullable ResourceQuotaSpec spec) {
    List<Finding> findings = new ArrayList<>();
    if (spec == null) {
      return findings;
    }
    Set<String> hard = spec.getHard() == null ? Set.of() : new TreeSet<>(spec.getHard().keySet());
    List<String> scopes = NullFree.list(spec.getScopes());
    for (int i = 0; i < scopes.size(); i++) {
      scope(findings, "spec.scopes[" + i + "]", scopes.get(i), hard);
    }
    conflicts(findings, "spec.scopes", new HashSet<>(scopes));
    List<ScopedResourceSelectorRequirement> expressions =
        spec.getScopeSelector() == null
            ? List.of()
            : NullFree.list(spec.getScopeSelector().getMatchExpressions());
    Set<String> selected = new HashSet<>();
    for (int i = 0; i < expressions.size(); i++) {
      ScopedResourceSelectorRequirement requirement =
          expressions.get(i) == null ? new ScopedResourceSelectorRequirement() : expressions.get(i);
      String at = "spec.scopeSelector.matchExpressions[" + i + "]";
      String name = requirement.getScopeName();
      scope(findings, at + ".scopeName", name, hard);
      selected.add(name);
      String operator = requirement.getOperator() == null ? "" : requirement.getOperator();
      List<String> values = NullFree.list(requirement.getValues());
      if (name != null && BOOLEAN_SCOPES.contains(name) && !operator.equals("Exists")) {
        findings.add(
            Finding.rejection(
                at + ".operator",
                "scope " + name + " takes only operator Exists, not \"" + operator + "\"",
                "set operator: Exists"));
      }
      switch (operator) {
        case "In", "NotIn" -> {
          if (values.isEmpty()) {
            findings.add(
                Finding.rejection(
                    at + ".values",
                    "Required value: operator " + operator + " needs at least one value",
                    "list the values, e.g. the PriorityClass names"));
          }
        }
        case "Exists", "DoesNotExist" -> {
          if (!values.isEmpty()) {
            findings.add(
                Finding.rejection(
                    at + ".values",
                    "operator " + operator + " takes no values",
                    "remove values, or use In"));
          }
        }
        default ->
            findings.add(
                Finding.rejection(
                    at + ".operator",
                    "\"" + operator + "\" is not a valid scope selector operator",
                    "use In, NotIn, Exists or DoesNotExist"));
      }
    }
    conflicts(findings, "spec.scopeSelector.matchExpressions", selected);
    return findings;
  }

  private static void scope(
      List<Finding> findings, String path, @Nullable String scope, Set<String> hard) {
    if (scope == null || !SCOPES.contains(scope)) {
      findings.add(
          Finding.rejection(
              path,
              "unsupported scope \"" + scope + "\"",
              "use Terminating, NotTerminating, BestEffort, NotBestEffort, PriorityClass,"
                  + " CrossNamespacePodAffinity or VolumeAttributesClass"));
      return;
    }
    for (String resource : hard) {
      if (!countable(scope, resource)) {
        findings.add(
            Finding.rejection(
                path,
                "scope " + scope + " cannot limit spec.hard[" + resource + "]",
                scope.equals("BestEffort")
                    ? "a BestEffort quota counts only pods; move " + resource + " to another quota"
                    : "move " + resource + " to a quota without this scope"));
      }
    }
  }

  private static boolean countable(String scope, String resource) {
    if (scope.equals("BestEffort")) {
      return resource.equals("pods") || !(STANDARD.contains(resource) || notPodCompute(resource));
    }
    if (POD_SCOPES.contains(scope)) {
      return !notPodCompute(resource);
    }
    if (scope.equals("VolumeAttributesClass")) {
      return !STANDARD.contains(resource);
    }
    return true;
  }

  /**
   * A standard quota resource that no pod scope counts: the object counts and claim storage, and
   * also ephemeral storage and huge pages, which upstream's pod compute resources (cpu and memory)
   * leave out.
   */
  private static boolean notPodCompute(String resource) {
    return NOT_POD_RESOURCES.contains(resource)
        || EPHEMERAL.contains(resource)
        || resource.startsWith("hugepages-")
        || resource.startsWith("requests.hugepages-");
  }

  private static void conflicts(List<Finding> findings, String path, Set<String> scopes) {
    for (String[] pair :
        new String[][] {{"Terminating", "NotTerminating"}, {"BestEffort", "NotBestEffort"}}) {
      if (scopes.contains(pair[0]) && scopes.contains(pair[1])) {
        findings.add(
            Finding.rejection(
                path,
                "conflicting scopes " + pair[0] + " and " + pair[1] + " (no pod is both)",
                "keep one of them, or split the quota in two"));
      }
    }
  }
}
