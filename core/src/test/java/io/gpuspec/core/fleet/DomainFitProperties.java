package io.gpuspec.core.fleet;

import static org.assertj.core.api.Assertions.assertThat;

import io.fabric8.kubernetes.api.model.Quantity;
import io.fabric8.kubernetes.api.model.batch.v1.Job;
import io.fabric8.kubernetes.api.model.batch.v1.JobBuilder;
import io.gpuspec.core.Fleet;
import io.gpuspec.core.NodeGroup;
import io.gpuspec.core.TestGpuspec;
import io.gpuspec.core.manifest.ManifestSet;
import io.gpuspec.core.report.Severity;
import io.gpuspec.core.report.Violation;
import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Combinators;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;

/**
 * The fleet check's "within one topology domain" answer against a slow reference written here:
 * every node of every group, one by one, takes pods until one more does not fit, and the nodes are
 * summed per value of the level's label (each node alone for {@code kubernetes.io/hostname}).
 */
class DomainFitProperties {

  private static final String RACK = "topology.example.com/rack";
  private static final String BLOCK = "topology.example.com/block";
  private static final List<String> LEVELS = List.of(RACK, BLOCK, DomainFit.HOSTNAME);

  record Scenario(
      List<NodeGroup> groups, int pods, int gpus, int cpus, String level, boolean required) {}

  @Provide
  Arbitrary<Scenario> scenarios() {
    Arbitrary<Map<String, String>> labels =
        Combinators.combine(Arbitraries.of("", "r1", "r2", "r3"), Arbitraries.of("", "b1", "b2"))
            .as(
                (rack, block) -> {
                  Map<String, String> l = new LinkedHashMap<>();
                  if (!rack.isEmpty()) {
                    l.put(RACK, rack);
                  }
                  if (!block.isEmpty()) {
                    l.put(BLOCK, block);
                  }
                  return l;
                });
    Arbitrary<NodeGroup> group =
        Combinators.combine(
                labels,
                Arbitraries.integers().between(0, 8),
                Arbitraries.integers().between(0, 32),
                Arbitraries.integers().between(1, 5))
            .as(
                (l, gpus, cpus, count) -> {
                  Map<String, BigDecimal> allocatable = new HashMap<>();
                  if (gpus > 0) {
                    allocatable.put("nvidia.com/gpu", BigDecimal.valueOf(gpus));
                  }
                  if (cpus > 0) {
                    allocatable.put("cpu", BigDecimal.valueOf(cpus));
                  }
                  return new NodeGroup("unnamed", count, l, List.of(), allocatable);
                });
    return Combinators.combine(
            group.list().ofMinSize(1).ofMaxSize(6),
            Arbitraries.integers().between(1, 48),
            Arbitraries.integers().between(1, 4),
            Arbitraries.integers().between(0, 8),
            Arbitraries.of(LEVELS),
            Arbitraries.of(true, false))
        .as(DomainFitProperties::named);
  }

  private static Scenario named(
      List<NodeGroup> groups, int pods, int gpus, int cpus, String level, boolean required) {
    List<NodeGroup> named = new ArrayList<>();
    for (int i = 0; i < groups.size(); i++) {
      NodeGroup g = groups.get(i);
      named.add(new NodeGroup("g" + i, g.nodeCount(), g.labels(), g.taints(), g.allocatable()));
    }
    return new Scenario(named, pods, gpus, cpus, level, required);
  }

  private static Job job(Scenario s) {
    Map<String, Quantity> requests = new LinkedHashMap<>();
    requests.put("nvidia.com/gpu", new Quantity(Integer.toString(s.gpus())));
    if (s.cpus() > 0) {
      requests.put("cpu", new Quantity(Integer.toString(s.cpus())));
    }
    return new JobBuilder()
        .withNewMetadata()
        .withName("train")
        .withNamespace("ml")
        .endMetadata()
        .withNewSpec()
        .withParallelism(s.pods())
        .withCompletions(s.pods())
        .withNewTemplate()
        .withNewMetadata()
        .addToAnnotations(s.required() ? DomainFit.REQUIRED : DomainFit.PREFERRED, s.level())
        .endMetadata()
        .withNewSpec()
        .withRestartPolicy("Never")
        .addNewContainer()
        .withName("c")
        .withImage("trainer:1")
        .withNewResources()
        .withRequests(requests)
        .withLimits(requests)
        .endResources()
        .endContainer()
        .endSpec()
        .endTemplate()
        .endSpec()
        .build();
  }

  // ---- the reference: one node at a time, one pod at a time ----

  private static long podsOnOneNode(NodeGroup group, Scenario s) {
    Map<String, Long> left = new HashMap<>();
    group.allocatable().forEach((k, v) -> left.put(k, v.longValue()));
    Map<String, Long> pod = new HashMap<>();
    pod.put("nvidia.com/gpu", (long) s.gpus());
    if (s.cpus() > 0) {
      pod.put("cpu", (long) s.cpus());
    }
    long placed = 0;
    while (true) {
      for (Map.Entry<String, Long> r : pod.entrySet()) {
        boolean unlimited = r.getKey().equals("cpu") && !left.containsKey("cpu");
        if (!unlimited && left.getOrDefault(r.getKey(), 0L) < r.getValue()) {
          return placed;
        }
      }
      pod.forEach((k, v) -> left.computeIfPresent(k, (key, has) -> has - v));
      placed++;
    }
  }

  /** The most pods one domain of the scenario's level holds; -1 when no node has the level. */
  private static long referenceLargest(Scenario s) {
    Map<String, Long> domains = new HashMap<>();
    long largest = -1;
    int nodeIndex = 0;
    for (NodeGroup group : s.groups()) {
      for (int node = 0; node < group.nodeCount(); node++, nodeIndex++) {
        String domain =
            s.level().equals(DomainFit.HOSTNAME)
                ? "node-" + nodeIndex
                : group.labels().get(s.level());
        if (domain != null) {
          domains.merge(domain, podsOnOneNode(group, s), Long::sum);
        }
      }
    }
    for (long holds : domains.values()) {
      largest = Math.max(largest, holds);
    }
    return largest;
  }

  /** The values of the scenario's level whose nodes hold every pod, node by node. */
  private static java.util.Set<String> referenceFitsIn(Scenario s) {
    Map<String, Long> domains = new HashMap<>();
    for (NodeGroup group : s.groups()) {
      String domain = group.labels().get(s.level());
      for (int node = 0; domain != null && node < group.nodeCount(); node++) {
        domains.merge(domain, podsOnOneNode(group, s), Long::sum);
      }
    }
    java.util.Set<String> fits = new java.util.TreeSet<>();
    domains.forEach(
        (domain, holds) -> {
          if (holds >= s.pods()) {
            fits.add(s.level() + "=" + domain);
          }
        });
    return fits;
  }

  @Property(tries = 500)
  void domainFit_agreesWithTheNodeByNodeReference(@ForAll("scenarios") Scenario scenario) {
    FleetReport report =
        TestGpuspec.GPUSPEC.checkFleet(
            Fleet.ofGroups(scenario.groups()), ManifestSet.of(job(scenario)));
    long largest = referenceLargest(scenario);
    assertThat(report.domains()).hasSize(1);
    DomainFit.Answer answer = report.domains().get(0);
    assertThat(answer.level()).isEqualTo(scenario.level());
    assertThat(answer.pods()).isEqualTo(scenario.pods());
    assertThat(answer.largest().isPresent()).isEqualTo(largest >= 0);
    assertThat(answer.largestHolds()).isEqualTo(Math.max(0, largest));
    assertThat(answer.fits()).isEqualTo(largest >= scenario.pods());
    assertThat(answer.fitsIn().isEmpty()).isEqualTo(!answer.fits());
    if (!scenario.level().equals(DomainFit.HOSTNAME)) {
      assertThat(answer.fitsIn()).containsExactlyInAnyOrderElementsOf(referenceFitsIn(scenario));
    }
    List<Violation> found =
        report.violations().stream()
            .filter(v -> v.ruleId().equals(DomainFit.NOT_WITHIN_DOMAIN))
            .toList();
    if (largest >= scenario.pods()) {
      assertThat(found).isEmpty();
    } else {
      assertThat(found).hasSize(1);
      assertThat(found.get(0).severity())
          .isEqualTo(scenario.required() ? Severity.ERROR : Severity.WARNING);
      assertThat(found.get(0).message()).contains(scenario.level());
      if (largest >= 0) {
        assertThat(found.get(0).message()).contains("holds " + largest + " pod");
      }
    }
  }
}
