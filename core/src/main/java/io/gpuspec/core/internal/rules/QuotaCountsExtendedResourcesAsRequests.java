package io.gpuspec.core.internal.rules;

import io.fabric8.kubernetes.api.model.Quantity;
import io.fabric8.kubernetes.api.model.ResourceQuota;
import io.gpuspec.core.Labels;
import io.gpuspec.core.facts.ResourceNames;
import io.gpuspec.core.k8s.GpuResources;
import io.gpuspec.core.k8s.Names;
import io.gpuspec.core.manifest.ManifestSet;
import io.gpuspec.core.report.Finding;
import io.gpuspec.core.report.Severity;
import io.gpuspec.core.spi.BaseRule;
import io.gpuspec.core.spi.CheckContext;
import io.gpuspec.core.spi.RuleInfo;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeMap;

/**
 * K8S004: quota for an extended resource is enforced only as {@code requests.<name>}; the API
 * server stores a bare {@code nvidia.com/gpu} or a {@code limits.nvidia.com/gpu} key but the quota
 * controller never enforces it, so the namespace has no GPU quota at all. What the API server
 * rejects ({@code ValidateResourceQuotaResourceName}, {@code ValidateResourceQuantityValue}) is
 * reported as a rejection: a key that is not a qualified name, a one-word key that is no standard
 * quota resource, a negative amount, a fraction of a resource counted in units (<a
 * href="https://kubernetes.io/docs/concepts/policy/resource-quotas/#resource-quota-for-extended-resources">Kubernetes
 * documentation</a>).
 */
public final class QuotaCountsExtendedResourcesAsRequests extends BaseRule {
  public QuotaCountsExtendedResourcesAsRequests() {
    super(
        RuleInfo.builder()
            .id("K8S004")
            .severity(Severity.ERROR)
            .title(
                "ResourceQuota keys are quota resources; extended resources only as"
                    + " requests.<name>, in whole numbers")
            .why(
                "The API server rejects a one-word key that is no quota resource, a negative amount"
                    + " and a fraction of a resource counted in units; a quota for an extended"
                    + " resource such as GPUs is enforced only as requests.<name>: limits.<name> or"
                    + " a bare name is stored but never enforced.")
            .fix("Write GPU quotas as requests.nvidia.com/gpu with a whole number.")
            .addKinds("ResourceQuota")
            .documentation(
                "https://kubernetes.io/docs/concepts/policy/resource-quotas/#resource-quota-for-extended-resources")
            .build());
  }

  private static final String REQUESTS = "requests.";

  /** Kubernetes' standard quota resources ({@code IsStandardQuotaResourceName}), but huge pages. */
  private static final Set<String> STANDARD_QUOTA =
      Set.of(
          "cpu",
          "memory",
          "ephemeral-storage",
          "requests.cpu",
          "requests.memory",
          "requests.storage",
          "requests.ephemeral-storage",
          "limits.cpu",
          "limits.memory",
          "limits.ephemeral-storage",
          "pods",
          "resourcequotas",
          "services",
          "replicationcontrollers",
          "secrets",
          "persistentvolumeclaims",
          "configmaps",
          "services.nodeports",
          "services.loadbalancers");

  private static boolean isStandardQuotaResource(String key) {
    return STANDARD_QUOTA.contains(key)
        || key.startsWith("hugepages-")
        || key.startsWith("requests.hugepages-");
  }

  private static final String LIMITS = "limits.";

  @Override
  public void check(ManifestSet manifests, CheckContext context) {
    for (ResourceQuota quota : manifests.ofType(ResourceQuota.class)) {
      if (quota.getSpec() == null || quota.getSpec().getHard() == null) {
        continue;
      }
      for (Map.Entry<String, Quantity> entry :
          new TreeMap<>(quota.getSpec().getHard()).entrySet()) {
        check(quota, entry.getKey(), entry.getValue(), context);
      }
    }
  }

  private static void check(
      ResourceQuota quota, String key, Quantity amount, CheckContext context) {
    String at = "spec.hard[" + key + "]";
    if (!Names.isQualifiedName(key)) {
      context.report(
          quota,
          Finding.rejection(
              at,
              "\"" + key + "\" is not a resource name; the API server rejects the quota",
              "write a quota resource such as requests.nvidia.com/gpu or pods"));
      return;
    }
    if (!key.contains("/") && !isStandardQuotaResource(key)) {
      context.report(
          quota,
          Finding.rejection(
              at,
              "\""
                  + key
                  + "\" is neither a standard quota resource nor a domain-qualified name;"
                  + " the API server rejects the quota",
              "write a quota resource such as requests.cpu, limits.memory, pods or"
                  + " requests.nvidia.com/gpu"));
      return;
    }
    if (amount != null) {
      Optional<Finding> value = ResourceNames.quantityValue(key, amount, at);
      if (value.isPresent()) {
        context.report(quota, value.get());
        return;
      }
    }
    if (key.startsWith("count/") || key.contains(".storageclass.storage.k8s.io/")) {
      return; // object counts and per-storage-class quotas
    }
    boolean requests = key.startsWith(REQUESTS);
    String resource =
        requests
            ? key.substring(REQUESTS.length())
            : key.startsWith(LIMITS) ? key.substring(LIMITS.length()) : key;
    if (!Labels.isExtendedResourceName(resource)) {
      return;
    }
    String path = "spec.hard[" + key + "]";
    String value = amount == null ? "" : Subjects.quantity(amount);
    if (!requests) {
      context.report(
          quota,
          path,
          "spec.hard key \""
              + key
              + "\" is stored but never enforced; quota for the extended resource "
              + resource
              + " is counted only as "
              + REQUESTS
              + resource,
          "write " + REQUESTS + resource + ": \"" + value + "\" instead of " + key);
    } else if (amount != null && GpuResources.wholeNumber(amount).isEmpty()) {
      context.report(
          quota,
          path,
          key
              + " is \""
              + value
              + "\", not a whole number; extended resources are counted in whole devices",
          "write a whole number, e.g. " + key + ": \"8\"");
    }
  }
}
