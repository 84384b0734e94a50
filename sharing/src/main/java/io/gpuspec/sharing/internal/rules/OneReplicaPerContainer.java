package io.gpuspec.sharing.internal.rules;

import io.fabric8.kubernetes.api.model.ConfigMap;
import io.gpuspec.core.PoolSharing.MultipleRequests;
import io.gpuspec.core.manifest.ManifestSet;
import io.gpuspec.core.report.Finding;
import io.gpuspec.core.report.Severity;
import io.gpuspec.core.spi.BaseRule;
import io.gpuspec.core.spi.CheckContext;
import io.gpuspec.core.spi.PodTemplate;
import io.gpuspec.core.spi.RuleInfo;
import io.gpuspec.core.spi.Workload;
import io.gpuspec.sharing.SharedRequestFacts;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.OptionalLong;
import java.util.Set;
import org.jspecify.annotations.Nullable;

/**
 * SHR010: a container asks shared GPUs (time-slicing, MPS) for one replica. With {@code
 * failRequestsGreaterThanOne} (the default for MPS) the device plugin fails a request for more: an
 * error. Otherwise it admits it, but two replicas are no more GPU than one and may be the same GPU
 * (no memory or fault isolation): a warning. See docs/sharing.md. Without a fleet, the config the
 * pods select with {@code nvidia.com/device-plugin.config} (or the default config when they select
 * none) in a device-plugin ConfigMap of the set says how they share ({@link SharedRequestFacts}).
 * With the fleet, so do the pools the pods can run on: pools built with {@code GpuSharing} say it
 * themselves, node groups read from a cluster with GFD's {@code <resource>.replicas} and {@code
 * <resource>.sharing-strategy} labels.
 *
 * <p>Upstream: <a
 * href="https://docs.nvidia.com/datacenter/cloud-native/gpu-operator/latest/gpu-sharing.html">GPU
 * Operator: time-slicing GPUs</a>.
 */
public final class OneReplicaPerContainer extends BaseRule {

  public OneReplicaPerContainer() {
    super(
        RuleInfo.builder()
            .id("SHR010")
            .severity(Severity.WARNING)
            .title("Containers request one replica of a shared GPU")
            .why(
                "A time-sliced or MPS replica is a share of one GPU; asking for several gives no"
                    + " more GPU, and the device plugin fails the request when"
                    + " failRequestsGreaterThanOne is set (the MPS default).")
            .fix("Request 1, or run the workload on a pool of whole GPUs.")
            .addKinds("*")
            .documentation(SharingRules.OPERATOR_SHARING)
            .build());
  }

  @Override
  public void check(ManifestSet manifests, CheckContext context) {
    SharedRequestFacts.DevicePluginConfigs configMaps =
        SharedRequestFacts.configs(manifests.ofType(ConfigMap.class));
    List<FleetGroups.Group> groups = FleetGroups.of(context);
    for (Workload workload : context.workloads()) {
      for (PodTemplate template : workload.templates()) {
        Set<String> reported = new HashSet<>();
        for (Finding finding :
            SharedRequestFacts.failedRequests(template.spec(), template.specPath(), configMaps)) {
          context.report(Severity.ERROR, workload.object(), finding);
          reported.add(finding.path());
        }
        for (Finding finding :
            SharedRequestFacts.requestsWithoutGain(
                template.spec(), template.specPath(), configMaps)) {
          context.report(Severity.WARNING, workload.object(), finding);
          reported.add(finding.path());
        }
        if (groups.isEmpty()) {
          continue;
        }
        List<FleetGroups.Group> selected =
            groups.stream().filter(group -> group.nodes().selects(template.spec())).toList();
        for (PodContainers container : PodContainers.of(template)) {
          for (String resource : container.gpuResources()) {
            OptionalLong amount = container.amount(resource);
            if (amount.isPresent()
                && amount.getAsLong() > 1
                && !reported.contains(container.resourcePath(resource))) {
              check(context, workload, template, container, resource, amount.getAsLong(), selected);
            }
          }
        }
      }
    }
  }

  private static void check(
      CheckContext context,
      Workload workload,
      PodTemplate template,
      PodContainers container,
      String resource,
      long amount,
      List<FleetGroups.Group> selected) {
    FleetGroups.@Nullable Group worst = null;
    MultipleRequests verdict = MultipleRequests.ALLOWED;
    for (FleetGroups.Group group : selected) {
      if (!group.nodes().allocatable().containsKey(resource)) {
        continue;
      }
      MultipleRequests found = multipleRequests(group, resource);
      if (found.compareTo(verdict) > 0) {
        verdict = found;
        worst = group;
      }
    }
    if (verdict == MultipleRequests.ALLOWED || worst == null) {
      return;
    }
    boolean rejected = verdict == MultipleRequests.REJECTED;
    context.report(
        rejected ? Severity.ERROR : Severity.WARNING,
        workload.object(),
        container.resourcePath(resource),
        container.describe()
            + " requests "
            + amount
            + " "
            + resource
            + ", which "
            + worst.describe()
            + (rejected
                ? " shares with failRequestsGreaterThanOne, so the device plugin fails the request"
                : " shares: replicas of a shared GPU are no more GPU than one and may be the same"
                    + " GPU"),
        "request 1, or run it on a pool of whole GPUs");
  }

  private static MultipleRequests multipleRequests(FleetGroups.Group group, String resource) {
    if (group.pool().isPresent() && group.pool().get().sharing().isPresent()) {
      return group.pool().get().sharing().get().multipleRequests(resource);
    }
    if (group.pool().isPresent()) {
      return MultipleRequests.ALLOWED;
    }
    Map<String, String> labels = group.labels();
    String base =
        resource.endsWith(".shared")
            ? resource.substring(0, resource.length() - ".shared".length())
            : resource;
    int replicas;
    try {
      replicas = Integer.parseInt(labels.getOrDefault(base + ".replicas", "1"));
    } catch (NumberFormatException e) {
      return MultipleRequests.ALLOWED;
    }
    if (replicas <= 1) {
      return MultipleRequests.ALLOWED;
    }
    return "mps".equals(labels.get(base + ".sharing-strategy"))
        ? MultipleRequests.REJECTED
        : MultipleRequests.NO_GAIN;
  }
}
