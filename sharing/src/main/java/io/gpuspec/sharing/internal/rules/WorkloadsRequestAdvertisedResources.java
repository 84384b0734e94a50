package io.gpuspec.sharing.internal.rules;

import io.gpuspec.core.manifest.ManifestSet;
import io.gpuspec.core.report.Severity;
import io.gpuspec.core.spi.BaseRule;
import io.gpuspec.core.spi.CheckContext;
import io.gpuspec.core.spi.PodTemplate;
import io.gpuspec.core.spi.RuleInfo;
import io.gpuspec.core.spi.Workload;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import java.util.stream.Collectors;

/**
 * SHR009: with the fleet known, every GPU resource a container requests is advertised by some pool,
 * and by one of the pools its node selection admits when it admits any. Sharing changes the names:
 * {@code renameByDefault} advertises {@code nvidia.com/gpu.shared} instead of {@code
 * nvidia.com/gpu}, MIG {@code mixed} advertises {@code nvidia.com/mig-<profile>} and no {@code
 * nvidia.com/gpu} on GPUs in MIG mode. See docs/sharing.md. Without a fleet the rule is silent.
 *
 * <p>Upstream: <a
 * href="https://docs.nvidia.com/datacenter/cloud-native/gpu-operator/latest/gpu-sharing.html">GPU
 * Operator: time-slicing GPUs</a>.
 */
public final class WorkloadsRequestAdvertisedResources extends BaseRule {

  public WorkloadsRequestAdvertisedResources() {
    super(
        RuleInfo.builder()
            .id("SHR009")
            .severity(Severity.ERROR)
            .title("With the pools known, GPU workloads request a resource their pools advertise")
            .why(
                "A pod that requests a resource no node advertises stays Pending forever; sharing"
                    + " renames resources (nvidia.com/gpu.shared, nvidia.com/mig-<profile>).")
            .fix(
                "Request the resource the pool advertises, or give the pool the sharing config"
                    + " that advertises it.")
            .addKinds("*")
            .documentation(SharingRules.OPERATOR_SHARING)
            .build());
  }

  @Override
  public void check(ManifestSet manifests, CheckContext context) {
    List<FleetGroups.Group> groups = FleetGroups.of(context);
    if (groups.isEmpty()) {
      return;
    }
    Set<String> advertised = new TreeSet<>();
    groups.forEach(group -> advertised.addAll(group.nodes().allocatable().keySet()));
    for (Workload workload : context.workloads()) {
      for (PodTemplate template : workload.templates()) {
        List<FleetGroups.Group> selected =
            groups.stream().filter(group -> group.nodes().selects(template.spec())).toList();
        for (PodContainers container : PodContainers.of(template)) {
          for (String resource : container.gpuResources()) {
            check(context, workload, template, container, resource, advertised, selected);
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
      Set<String> advertised,
      List<FleetGroups.Group> selected) {
    String subject = container.describe();
    String path = container.resourcePath(resource);
    if (!advertised.contains(resource)) {
      context.report(
          workload.object(),
          path,
          subject
              + " requests "
              + resource
              + ", which no pool of the fleet advertises (they advertise "
              + gpuNames(advertised)
              + ")",
          "request one of those, or give a pool the sharing config that advertises " + resource);
      return;
    }
    if (!selected.isEmpty()
        && selected.stream()
            .noneMatch(group -> group.nodes().allocatable().containsKey(resource))) {
      context.report(
          workload.object(),
          path,
          subject
              + " requests "
              + resource
              + ", but the pools its node selection admits ("
              + selected.stream().map(FleetGroups.Group::name).collect(Collectors.joining(", "))
              + ") advertise only "
              + gpuNames(
                  selected.stream()
                      .flatMap(group -> group.nodes().allocatable().keySet().stream())
                      .collect(Collectors.toCollection(TreeSet::new))),
          "request what the pool advertises, or pin the pool that advertises " + resource);
    }
  }

  private static String gpuNames(Set<String> names) {
    return names.stream()
        .filter(io.gpuspec.core.k8s.GpuResources::isGpu)
        .collect(Collectors.joining(", "));
  }
}
