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
import io.gpuspec.core.check.CheckOptions;
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
import net.jqwik.api.Tuple;

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

  /**
   * Node names pods pin by {@code matchFields}: some of the named groups' nodes, and an absent one.
   */
  private static final List<String> NAMES = List.of("g0-n0", "g0-n1", "g1-n0", "g2-n2", "gone");

  @Provide
  Arbitrary<Scenario> scenarios() {
    Arbitrary<Map<String, String>> labels =
        Arbitraries.maps(Arbitraries.of(KEYS), Arbitraries.of(VALUES)).ofMaxSize(3);
    Arbitrary<NodeGroup> group =
        Combinators.combine(
                labels,
                Arbitraries.of(TAINTS).list().uniqueElements().ofMaxSize(2),
                Arbitraries.integers().between(0, 8),
                Arbitraries.integers().between(1, 4),
                Arbitraries.of(true, false))
            .as(
                (l, t, gpus, count, named) ->
                    new NodeGroup(
                        "unnamed",
                        count,
                        l,
                        t,
                        gpus == 0 ? Map.of() : Map.of("nvidia.com/gpu", BigDecimal.valueOf(gpus)),
                        // a marker: named() gives the nodes of such a group their names
                        named ? List.of("?") : List.of()));
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
    Arbitrary<NodeSelectorRequirement> field =
        Combinators.combine(
                Arbitraries.of("In", "NotIn"),
                Arbitraries.of(NAMES).list().uniqueElements().ofMinSize(1).ofMaxSize(2))
            .as(
                (op, values) ->
                    new NodeSelectorRequirementBuilder()
                        .withKey("metadata.name")
                        .withOperator(op)
                        .withValues(values)
                        .build());
    Arbitrary<Term> term =
        Combinators.combine(requirement.list().ofMaxSize(2), field.list().ofMaxSize(2))
            .as(Term::new)
            .filter(t -> !t.expressions().isEmpty() || !t.fields().isEmpty());
    Arbitrary<List<Term>> terms = term.list().ofMaxSize(2);
    // every shape the API accepts or the scheduler reads: keys of the taints or none, operator
    // Exists, Equal or absent, values of the taints, empty or absent, any effect or none
    Arbitrary<Toleration> toleration =
        Combinators.combine(
                Arbitraries.of(TAINTS).map(Taint::getKey).injectNull(0.25),
                Arbitraries.of("Exists", "Equal", "").injectNull(0.25),
                Arbitraries.of("present", "gpu", "", "x", "other").injectNull(0.25),
                Arbitraries.of("NoSchedule", "NoExecute", "PreferNoSchedule", "").injectNull(0.3))
            .as(
                (key, op, value, effect) ->
                    new TolerationBuilder()
                        .withKey(key)
                        .withOperator(op)
                        .withValue(value)
                        .withEffect(effect)
                        .build());
    // selectors and tolerations that often let a pod through, so that names and capacity matter
    Arbitrary<Map<String, String>> selector =
        Arbitraries.frequencyOf(
            Tuple.of(2, Arbitraries.just(Map.<String, String>of())), Tuple.of(1, labels));
    Arbitrary<List<Toleration>> tolerations =
        Arbitraries.frequencyOf(
            Tuple.of(
                1,
                Arbitraries.just(List.of(new TolerationBuilder().withOperator("Exists").build()))),
            Tuple.of(2, toleration.list().ofMaxSize(3)));
    Arbitrary<Pod> pod =
        Combinators.combine(selector, terms, tolerations, Arbitraries.integers().between(1, 9))
            .as(FleetCheckProperties::pod);
    return Combinators.combine(group.list().ofMinSize(1).ofMaxSize(4), pod)
        .as(FleetCheckProperties::named);
  }

  /** One required term: label expressions and node-name fields. */
  record Term(List<NodeSelectorRequirement> expressions, List<NodeSelectorRequirement> fields) {}

  /**
   * Gives the groups distinct names, g0, g1, ..., and the nodes of groups that know their names the
   * names g0-n0, g0-n1, ...
   */
  private static Scenario named(List<NodeGroup> groups, Pod pod) {
    List<NodeGroup> named = new ArrayList<>();
    for (int i = 0; i < groups.size(); i++) {
      NodeGroup g = groups.get(i);
      List<String> nodes = new ArrayList<>();
      for (int n = 0; g.namesKnown() && n < g.nodeCount(); n++) {
        nodes.add("g" + i + "-n" + n);
      }
      named.add(
          new NodeGroup("g" + i, g.nodeCount(), g.labels(), g.taints(), g.allocatable(), nodes));
    }
    return new Scenario(named, pod);
  }

  private static Pod pod(
      Map<String, String> selector, List<Term> terms, List<Toleration> tolerations, int gpus) {
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
      for (Term term : terms) {
        required =
            required
                .addNewNodeSelectorTerm()
                .withMatchExpressions(term.expressions())
                .withMatchFields(term.fields())
                .endNodeSelectorTerm();
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

  /**
   * Whether one pod fits one node with these labels, this name (null when the group does not know
   * it: the pod's matchFields are then taken as met), taints and GPUs.
   */
  private static boolean referenceFits(
      Pod pod, Map<String, String> node, String name, List<Taint> taints, int gpus) {
    return referenceAdmits(pod, node, name, taints) && gpus >= wanted(pod);
  }

  /** Whether the pod's node selection admits the node and it tolerates the node's taints. */
  private static boolean referenceAdmits(
      Pod pod, Map<String, String> node, String name, List<Taint> taints) {
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
        boolean all = !term.getMatchExpressions().isEmpty() || !term.getMatchFields().isEmpty();
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
        for (var f : term.getMatchFields()) {
          if (name != null) {
            all &= f.getOperator().equals("In") == f.getValues().contains(name);
          }
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
        // k8s.io/api core/v1 Toleration.ToleratesTaint
        boolean effectOk = empty(t.getEffect()) || t.getEffect().equals(taint.getEffect());
        boolean keyOk = empty(t.getKey()) || t.getKey().equals(taint.getKey());
        String op = t.getOperator() == null ? "" : t.getOperator();
        boolean valueOk =
            op.equals("Exists")
                || ((op.isEmpty() || op.equals("Equal"))
                    && (t.getValue() == null ? "" : t.getValue())
                        .equals(taint.getValue() == null ? "" : taint.getValue()));
        tolerated |= effectOk && keyOk && valueOk;
      }
      if (!tolerated) {
        return false;
      }
    }
    return true;
  }

  private static boolean empty(String text) {
    return text == null || text.isEmpty();
  }

  private static int wanted(Pod pod) {
    return Integer.parseInt(
        pod.getSpec()
            .getContainers()
            .get(0)
            .getResources()
            .getLimits()
            .get("nvidia.com/gpu")
            .getAmount());
  }

  /** Per node of a group: its name, or null when the group does not know its nodes' names. */
  private static List<String> names(NodeGroup group) {
    List<String> names = new ArrayList<>();
    for (int node = 0; node < group.nodeCount(); node++) {
      names.add(group.namesKnown() ? group.nodeNames().get(node) : null);
    }
    return names;
  }

  private static List<String> referenceGroups(Scenario s) {
    List<String> fits = new ArrayList<>();
    for (NodeGroup group : s.groups()) {
      boolean any = false;
      BigDecimal gpus = group.allocatable().getOrDefault("nvidia.com/gpu", BigDecimal.ZERO);
      for (String name : names(group)) {
        any |= referenceFits(s.pod(), group.labels(), name, group.taints(), gpus.intValue());
      }
      if (any && !fits.contains(group.name())) {
        fits.add(group.name());
      }
    }
    return fits;
  }

  /** How many such pods the fleet's nodes hold at once, node by node. */
  private static long referenceCapacity(Scenario s) {
    long pods = 0;
    for (NodeGroup group : s.groups()) {
      int gpus = group.allocatable().getOrDefault("nvidia.com/gpu", BigDecimal.ZERO).intValue();
      for (String name : names(group)) {
        if (referenceFits(s.pod(), group.labels(), name, group.taints(), gpus)) {
          pods += gpus / wanted(s.pod());
        }
      }
    }
    return pods;
  }

  private static FleetReport.Placement check(Scenario s) {
    return TestGpuspec.GPUSPEC
        .checkFleet(Fleet.ofGroups(s.groups()), ManifestSet.of(s.pod()))
        .placements()
        .get(0);
  }

  @Property(tries = 600)
  void fleetCheck_agreesWithTheNodeByNodeReference(@ForAll("scenarios") Scenario scenario) {
    FleetReport.Placement placement = check(scenario);
    assertThat(placement.fits()).containsExactlyInAnyOrderElementsOf(referenceGroups(scenario));
    assertThat(placement.schedulable()).isEqualTo(!referenceGroups(scenario).isEmpty());
    assertThat(placement.capacity()).isEqualTo(referenceCapacity(scenario));
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

  @Property(tries = 500)
  void fleet005_namesExactlyTheGpuGroupsWhereSomeNodeAdmitsAPodWithoutGpus(
      @ForAll("scenarios") Scenario scenario) {
    Pod cpuOnly =
        new PodBuilder(scenario.pod())
            .editSpec()
            .editFirstContainer()
            .withNewResources()
            .addToLimits("cpu", new Quantity("1"))
            .endResources()
            .endContainer()
            .endSpec()
            .build();
    List<String> reported =
        TestGpuspec.GPUSPEC
            .engine()
            .check(
                ManifestSet.of(cpuOnly),
                CheckOptions.builder().fleet(Fleet.ofGroups(scenario.groups())).build())
            .byRule("FLEET005")
            .stream()
            .map(v -> v.message())
            .toList();
    List<String> expected = new ArrayList<>();
    for (NodeGroup group : scenario.groups()) {
      boolean gpus =
          group.allocatable().getOrDefault("nvidia.com/gpu", BigDecimal.ZERO).signum() > 0;
      boolean admits = false;
      for (String name : names(group)) {
        admits |= referenceAdmits(cpuOnly, group.labels(), name, group.taints());
      }
      // a group without a NoSchedule/NoExecute taint is open to all: only pods that select nodes
      boolean selects =
          cpuOnly.getSpec().getNodeSelector() != null || cpuOnly.getSpec().getAffinity() != null;
      boolean guarded =
          group.taints().stream().anyMatch(t -> !t.getEffect().equals("PreferNoSchedule"));
      if (gpus && admits && (selects || guarded)) {
        expected.add(group.name());
      }
    }
    assertThat(reported).hasSize(expected.isEmpty() ? 0 : 1);
    for (NodeGroup group : scenario.groups()) {
      boolean named =
          reported.stream().anyMatch(m -> m.matches(".*[ ,]" + group.name() + " \\(.*"));
      assertThat(named)
          .as("group %s named", group.name())
          .isEqualTo(expected.contains(group.name()));
    }
  }
}
