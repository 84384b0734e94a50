package io.gpuspec.core.internal.rules;

import io.fabric8.kubernetes.api.model.Quantity;
import io.fabric8.kubernetes.api.model.ResourceQuota;
import io.gpuspec.core.Labels;
import io.gpuspec.core.k8s.GpuResources;
import io.gpuspec.core.manifest.ManifestSet;
import io.gpuspec.core.report.Severity;
import io.gpuspec.core.spi.BaseRule;
import io.gpuspec.core.spi.CheckContext;
import io.gpuspec.core.spi.RuleInfo;
import java.util.Map;
import java.util.TreeMap;

/**
 * K8S004: quota for an extended resource is enforced only as {@code requests.<name>}; the API
 * server stores a bare {@code nvidia.com/gpu} or a {@code limits.nvidia.com/gpu} key but the quota
 * controller never enforces it, so the namespace has no GPU quota at all (<a
 * href="https://kubernetes.io/docs/concepts/policy/resource-quotas/#resource-quota-for-extended-resources">Kubernetes
 * documentation</a>).
 */
public final class QuotaCountsExtendedResourcesAsRequests extends BaseRule {
  public QuotaCountsExtendedResourcesAsRequests() {
    super(
        RuleInfo.builder()
            .apiServerRejects(true)
            .id("K8S004")
            .severity(Severity.ERROR)
            .title(
                "ResourceQuota limits extended resources only as requests.<name>, in whole numbers")
            .why(
                "A ResourceQuota enforces extended resources such as GPUs only as requests.<name>; limits.<name> or a bare name is stored but never enforced.")
            .fix("Write GPU quotas as requests.nvidia.com/gpu with a whole number.")
            .addKinds("ResourceQuota")
            .documentation(
                "https://kubernetes.io/docs/concepts/policy/resource-quotas/#resource-quota-for-extended-resources")
            .build());
  }

  private static final String REQUESTS = "requests.";
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
