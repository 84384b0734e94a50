package io.gpuspec.core.fleet;

import static org.assertj.core.api.Assertions.assertThat;

import io.fabric8.kubernetes.api.model.NodeSelectorRequirement;
import io.fabric8.kubernetes.api.model.NodeSelectorRequirementBuilder;
import io.fabric8.kubernetes.api.model.Pod;
import io.fabric8.kubernetes.api.model.PodBuilder;
import io.fabric8.kubernetes.api.model.Quantity;
import io.fabric8.kubernetes.api.model.Taint;
import io.fabric8.kubernetes.api.model.TaintBuilder;
import io.fabric8.kubernetes.api.model.Toleration;
import io.fabric8.kubernetes.api.model.TolerationBuilder;
import io.gpuspec.core.Fleet;
import io.gpuspec.core.NodeGroup;
import io.gpuspec.core.TestGpuspec;
import io.gpuspec.core.manifest.ManifestSet;
import java.math.BigDecimal;
import java.util.ArrayList;
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
 * The fleet check against a slow reference written here from the Kubernetes definitions: every node
 * of every group, one by one, through plain loops.
 */
class FleetCheckProperties {

  private static final List<String> KEYS = List.of("gpu.model", "zone", "gpu.count");
  private static final List<String> VALUES = List.of("a", "b", "4", "8");
  private static final List<Taint> TAINTS =
      List.of(
          taint("nvidia.com/gpu", "present", "NoSchedule"),
          taint("dedicated", "gpu", "NoSchedule"),
          taint("spot", "", "NoExecute"),
          taint("soft", "x", "PreferNoSchedule"));

  private static Taint taint(String key, String value, String effect) {
    return new TaintBuilder().withKey(key).withValue(value).withEffect(effect).build();
  }

  record Scenario(List<NodeGroup> groups, Pod pod) {}

  @Provide
  Arbitrary<Scenario> scenarios() {
    Arbitrary<Map<String, String>> labels =
        Arbitraries.maps(Arbitraries.of(KEYS), Arbitraries.of(VALUES)).ofMaxSize(3);
    Arbitrary<NodeGroup> group =
        Combinators.combine(
                labels,
                Arbitraries.of(TAINTS).list().uniqueElements().ofMaxSize(2),
                Arbitraries.integers().between(0, 8),
                Arbitraries.integers().between(1, 4))
            .as(
                (l, t, gpus, count) ->
                    new NodeGroup(
                        "unnamed",
                        count,
                        l,
                        t,
                        gpus == 0 ? Map.of() : Map.of("nvidia.com/gpu", BigDecimal.valueOf(gpus))));
    Arbitrary<NodeSelectorRequirement> requirement =
        Combinators.combine(
                Arbitraries.of(KEYS),
                Arbitraries.of("In", "NotIn", "Exists", "DoesNotExist", "Gt", "Lt"),
                Arbitraries.of(VALUES).list().uniqueElements().ofMinSize(1).ofMaxSize(2))
            .as(
                (key, op, values) ->
                    new NodeSelectorRequirementBuilder()
                        .withKey(key)
                        .withOperator(op)
                        .withValues(
                            op.startsWith("Exists") || op.startsWith("Does")
                                ? List.of()
                                : op.equals("Gt") || op.equals("Lt") ? List.of("5") : values)
                        .build());
    Arbitrary<List<List<NodeSelectorRequirement>>> terms =
        requirement.list().ofMinSize(1).ofMaxSize(2).list().ofMaxSize(2);
    Arbitrary<Toleration> toleration =
        Arbitraries.of(TAINTS)
            .flatMap(
                t ->
                    Arbitraries.of(
                        new TolerationBuilder().withKey(t.getKey()).withOperator("Exists").build(),
                        new TolerationBuilder()
                            .withKey(t.getKey())
                            .withOperator("Equal")
                            .withValue(t.getValue())
                            .withEffect(t.getEffect())
                            .build(),
                        new TolerationBuilder().withOperator("Exists").build()));
    Arbitrary<Pod> pod =
        Combinators.combine(
                labels, terms, toleration.list().ofMaxSize(2), Arbitraries.integers().between(1, 9))
            .as(FleetCheckProperties::pod);
    return Combinators.combine(group.list().ofMinSize(1).ofMaxSize(4), pod)
        .as(FleetCheckProperties::named);
  }

  /** Gives the groups distinct names, g0, g1, ... */
  private static Scenario named(List<NodeGroup> groups, Pod pod) {
    List<NodeGroup> named = new ArrayList<>();
    for (int i = 0; i < groups.size(); i++) {
      NodeGroup g = groups.get(i);
      named.add(new NodeGroup("g" + i, g.nodeCount(), g.labels(), g.taints(), g.allocatable()));
    }
    return new Scenario(named, pod);
  }

  private static Pod pod(
      Map<String, String> selector,
      List<List<NodeSelectorRequirement>> terms,
      List<Toleration> tolerations,
      int gpus) {
    PodBuilder pod =
        new PodBuilder()
            .withNewMetadata()
            .withName("p")
            .withNamespace("ml")
            .endMetadata()
            .withNewSpec()
            .withNodeSelector(selector.isEmpty() ? null : new LinkedHashMap<>(selector))
            .withTolerations(tolerations)
            .addNewContainer()
            .withName("c")
            .withImage("trainer:1")
            .withNewResources()
            .addToLimits("nvidia.com/gpu", new Quantity(Integer.toString(gpus)))
            .endResources()
            .endContainer()
            .endSpec();
    if (!terms.isEmpty()) {
      var required =
          pod.editSpec()
              .withNewAffinity()
              .withNewNodeAffinity()
              .withNewRequiredDuringSchedulingIgnoredDuringExecution();
      for (List<NodeSelectorRequirement> term : terms) {
        required =
            required.addNewNodeSelectorTerm().withMatchExpressions(term).endNodeSelectorTerm();
      }
      pod =
          required
              .endRequiredDuringSchedulingIgnoredDuringExecution()
              .endNodeAffinity()
              .endAffinity()
              .endSpec();
    }
    return pod.build();
  }

  // ---- the reference: one node at a time, definitions from the Kubernetes docs ----

  private static boolean referenceFits(
      Pod pod, Map<String, String> node, List<Taint> taints, int gpus) {
    var spec = pod.getSpec();
    if (spec.getNodeSelector() != null) {
      for (var e : spec.getNodeSelector().entrySet()) {
        if (!e.getValue().equals(node.get(e.getKey()))) {
          return false;
        }
      }
    }
    if (spec.getAffinity() != null) {
      boolean anyTerm = false;
      for (var term :
          spec.getAffinity()
              .getNodeAffinity()
              .getRequiredDuringSchedulingIgnoredDuringExecution()
              .getNodeSelectorTerms()) {
        boolean all = !term.getMatchExpressions().isEmpty();
        for (var r : term.getMatchExpressions()) {
          String v = node.get(r.getKey());
          boolean ok =
              switch (r.getOperator()) {
                case "In" -> v != null && r.getValues().contains(v);
                case "NotIn" -> v == null || !r.getValues().contains(v);
                case "Exists" -> v != null;
                case "DoesNotExist" -> v == null;
                default -> {
                  try {
                    long n = Long.parseLong(v);
                    long bound = Long.parseLong(r.getValues().get(0));
                    yield r.getOperator().equals("Gt") ? n > bound : n < bound;
                  } catch (NumberFormatException | NullPointerException e) {
                    yield false;
                  }
                }
              };
          all &= ok;
        }
        anyTerm |= all;
      }
      if (!anyTerm) {
        return false;
      }
    }
    for (Taint taint : taints) {
      if (taint.getEffect().equals("PreferNoSchedule")) {
        continue;
      }
      boolean tolerated = false;
      for (Toleration t : spec.getTolerations()) {
        boolean keyOk =
            t.getKey() == null
                ? "Exists".equals(t.getOperator())
                : t.getKey().equals(taint.getKey());
        boolean effectOk = t.getEffect() == null || t.getEffect().equals(taint.getEffect());
        boolean valueOk =
            "Exists".equals(t.getOperator())
                || (t.getValue() == null ? "" : t.getValue())
                    .equals(taint.getValue() == null ? "" : taint.getValue());
        tolerated |= keyOk && effectOk && valueOk;
      }
      if (!tolerated) {
        return false;
      }
    }
    int wanted =
        Integer.parseInt(
            spec.getContainers()
                .get(0)
                .getResources()
                .getLimits()
                .get("nvidia.com/gpu")
                .getAmount());
    return gpus >= wanted;
  }

  private static List<String> referenceGroups(Scenario s) {
    List<String> fits = new ArrayList<>();
    for (NodeGroup group : s.groups()) {
      boolean any = false;
      for (int node = 0; node < group.nodeCount(); node++) {
        BigDecimal gpus = group.allocatable().getOrDefault("nvidia.com/gpu", BigDecimal.ZERO);
        any |= referenceFits(s.pod(), group.labels(), group.taints(), gpus.intValue());
      }
      if (any && !fits.contains(group.name())) {
        fits.add(group.name());
      }
    }
    return fits;
  }

  private static FleetReport.Placement check(Scenario s) {
    return TestGpuspec.GPUSPEC
        .checkFleet(Fleet.ofGroups(s.groups()), ManifestSet.of(s.pod()))
        .placements()
        .get(0);
  }

  @Property(tries = 400)
  void fleetCheck_agreesWithTheNodeByNodeReference(@ForAll("scenarios") Scenario scenario) {
    FleetReport.Placement placement = check(scenario);
    assertThat(placement.fits()).containsExactlyInAnyOrderElementsOf(referenceGroups(scenario));
    assertThat(placement.schedulable()).isEqualTo(!referenceGroups(scenario).isEmpty());
    for (String blocked : placement.blocked().keySet()) {
      assertThat(placement.blocked().get(blocked))
          .matches("nodeSelector .*|required node affinity .*|untolerated taint .*|needs .*");
    }
  }

  @Property(tries = 300)
  void toleratingTheOnlyBlockingTaint_makesTheGroupFit(@ForAll("scenarios") Scenario scenario) {
    FleetReport.Placement placement = check(scenario);
    for (NodeGroup group : scenario.groups()) {
      String reason = placement.blocked().get(group.name());
      if (reason == null || !reason.startsWith("untolerated taint ")) {
        continue;
      }
      Pod pod = scenario.pod();
      List<Toleration> all = new ArrayList<>(pod.getSpec().getTolerations());
      for (Taint taint : group.taints()) {
        all.add(
            new TolerationBuilder()
                .withKey(taint.getKey())
                .withOperator("Equal")
                .withValue(taint.getValue())
                .withEffect(taint.getEffect())
                .build());
      }
      Pod tolerant = new PodBuilder(pod).editSpec().withTolerations(all).endSpec().build();
      FleetReport.Placement after = check(new Scenario(scenario.groups(), tolerant));
      assertThat(after.blocked().get(group.name()))
          .as("group %s after tolerating its taints", group.name())
          .satisfiesAnyOf(r -> assertThat(r).isNull(), r -> assertThat(r).startsWith("needs "));
    }
  }
}
