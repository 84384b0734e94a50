package io.gpuspec.examples;

import io.fabric8.kubernetes.api.model.HasMetadata;
import io.gpuspec.core.Fleet;
import io.gpuspec.core.fleet.FleetReport;
import io.gpuspec.core.manifest.ManifestSet;
import io.gpuspec.core.report.Report;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;

/**
 * What the main job prints after it wrote the platform: the objects by kind, per pool its GPU
 * capacity against what workloads request there (always-on: Deployments, LeaderWorkerSets,
 * notebooks; burst: Jobs, training jobs, CronJobs), and the violations. Every figure comes from the
 * checked objects and the fleet check's placements, none is written here.
 *
 * @param byKind objects per kind, by kind name
 * @param pools per pool, in the fleet's order
 * @param ruleViolations what the rules found
 * @param fleetViolations what the fleet check found: templates that never schedule, gangs too large
 */
record PlatformSummary(
    Map<String, Integer> byKind, List<Pool> pools, int ruleViolations, int fleetViolations) {

  /**
   * Kinds whose pod templates are only templates of other workloads' pods (a TrainJob's runtime):
   * the fleet check places them to report a template that can never run, but they request nothing.
   */
  static final Set<String> TEMPLATES = Set.of("ClusterTrainingRuntime", "TrainingRuntime");

  /**
   * One pool's GPUs (units of its GPU resource: whole GPUs, MIG instances or time-sliced shares).
   *
   * @param alwaysOn requested by always-on workloads that fit only this pool
   * @param burst requested by batch workloads at once that fit only this pool
   * @param elsewhereToo requested by workloads that fit this pool and others
   */
  record Pool(String name, long capacity, long alwaysOn, long burst, long elsewhereToo) {}

  PlatformSummary {
    byKind = Collections.unmodifiableMap(new TreeMap<>(byKind));
    pools = List.copyOf(pools);
  }

  /**
   * The summary of checked {@code objects}, their rule {@code findings} and {@code fleet}'s check,
   * per pool of {@code pools} (the node groups of a pool spread over topology domains count as the
   * pool).
   */
  static PlatformSummary of(ManifestSet objects, Report findings, Fleet pools, FleetReport fleet) {
    Map<String, Integer> byKind = new TreeMap<>();
    for (HasMetadata object : objects.objects()) {
      byKind.merge(object.getKind(), 1, Integer::sum);
    }
    Map<String, String> poolOf = new LinkedHashMap<>();
    pools.pools().forEach(p -> p.toNodeGroups().forEach(g -> poolOf.put(g.name(), p.name())));
    Map<String, long[]> sums = new LinkedHashMap<>();
    for (FleetReport.Capacity c : fleet.capacity()) {
      sums.computeIfAbsent(poolOf.getOrDefault(c.group(), c.group()), k -> new long[4])[0] +=
          c.gpus();
    }
    for (FleetReport.Placement p : fleet.placements()) {
      long gpus = p.pods() * p.gpusPerPod();
      if (!p.schedulable() || gpus == 0 || TEMPLATES.contains(p.workload().kind())) {
        continue;
      }
      Set<String> fits = new LinkedHashSet<>();
      p.fits().forEach(group -> fits.add(poolOf.getOrDefault(group, group)));
      int column = fits.size() > 1 ? 3 : p.alwaysOn() ? 1 : 2;
      fits.forEach(pool -> sums.computeIfAbsent(pool, k -> new long[4])[column] += gpus);
    }
    List<Pool> rows = new ArrayList<>();
    sums.forEach((pool, s) -> rows.add(new Pool(pool, s[0], s[1], s[2], s[3])));
    return new PlatformSummary(
        byKind, rows, findings.violations().size(), fleet.violations().size());
  }

  /** All violations: the rules' and the fleet check's. */
  int violations() {
    return ruleViolations + fleetViolations;
  }

  /** The objects counted. */
  int objects() {
    return byKind.values().stream().mapToInt(Integer::intValue).sum();
  }

  /** The lines the main job prints. */
  String render() {
    StringBuilder text = new StringBuilder();
    text.append("objects by kind (").append(objects()).append("):");
    byKind.forEach((kind, count) -> text.append(' ').append(kind).append(' ').append(count));
    text.append("\nGPUs by pool: capacity, requested always-on + burst (at once)\n");
    int width = pools.stream().mapToInt(p -> p.name().length()).max().orElse(4);
    for (Pool pool : pools) {
      text.append(
          String.format(
              "  %-" + width + "s  %4d  always-on %4d  burst %4d%s%n",
              pool.name(),
              pool.capacity(),
              pool.alwaysOn(),
              pool.burst(),
              pool.elsewhereToo() == 0
                  ? ""
                  : "  (+" + pool.elsewhereToo() + " that may also land elsewhere)"));
    }
    text.append("violations: ")
        .append(violations())
        .append(" (rules ")
        .append(ruleViolations)
        .append(", fleet ")
        .append(fleetViolations)
        .append(')');
    return text.toString();
  }
}
