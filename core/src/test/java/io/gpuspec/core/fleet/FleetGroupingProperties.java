package io.gpuspec.core.fleet;

import static org.assertj.core.api.Assertions.assertThat;

import io.fabric8.kubernetes.api.model.Node;
import io.fabric8.kubernetes.api.model.NodeBuilder;
import io.fabric8.kubernetes.api.model.Quantity;
import io.fabric8.kubernetes.api.model.Taint;
import io.gpuspec.core.Fleet;
import io.gpuspec.core.NodeGroup;
import io.gpuspec.core.TestGpuspec;
import io.gpuspec.core.check.Gpuspec;
import io.gpuspec.core.k8s.NodeSelection;
import io.gpuspec.core.manifest.ManifestSet;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.stream.Collectors;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;

/**
 * Fleets read from nodes and files answer as the nodes themselves would: grouping identical nodes
 * changes no answer, and a rendered fleet file reads back as the same groups.
 */
class FleetGroupingProperties {

  @Provide
  Arbitrary<FleetCheckProperties.Scenario> scenarios() {
    return new FleetCheckProperties().scenarios();
  }

  /** Every group as its nodes, each with its own host name, as kubectl lists them. */
  private static List<Node> nodes(List<NodeGroup> groups) {
    List<Node> nodes = new ArrayList<>();
    for (NodeGroup group : groups) {
      Map<String, Quantity> allocatable = new LinkedHashMap<>();
      group.allocatable().forEach((k, v) -> allocatable.put(k, new Quantity(v.toPlainString())));
      for (int i = 0; i < group.nodeCount(); i++) {
        Map<String, String> labels = new LinkedHashMap<>(group.labels());
        // the group's own node names when it knows them
        String host = group.namesKnown() ? group.nodeNames().get(i) : group.name() + "-" + i;
        labels.put("kubernetes.io/hostname", host);
        nodes.add(
            new NodeBuilder()
                .withNewMetadata()
                .withName(host)
                .withLabels(labels)
                .endMetadata()
                .withNewSpec()
                .withTaints(group.taints())
                .endSpec()
                .withNewStatus()
                .withAllocatable(allocatable)
                .endStatus()
                .build());
      }
    }
    return nodes;
  }

  private static FleetReport.Placement check(
      List<NodeGroup> groups, FleetCheckProperties.Scenario s) {
    return TestGpuspec.GPUSPEC
        .checkFleet(Fleet.ofGroups(groups), ManifestSet.of(s.pod()))
        .placements()
        .get(0);
  }

  @Property(tries = 200)
  void groupingIdenticalNodes_changesNoAnswer(
      @ForAll("scenarios") FleetCheckProperties.Scenario scenario) {
    List<Node> nodes = nodes(scenario.groups());
    List<NodeGroup> grouped = FleetFiles.group(nodes);
    List<NodeGroup> oneByOne = new ArrayList<>();
    for (Node node : nodes) {
      oneByOne.addAll(FleetFiles.group(List.of(node)));
    }

    assertThat(grouped.stream().mapToInt(NodeGroup::nodeCount).sum()).isEqualTo(nodes.size());
    assertThat(grouped)
        .allSatisfy(g -> assertThat(g.labels()).doesNotContainKey("kubernetes.io/hostname"));
    FleetReport.Placement byGroup = check(grouped, scenario);
    FleetReport.Placement byNode = check(oneByOne, scenario);
    FleetReport.Placement original = check(scenario.groups(), scenario);
    assertThat(byGroup.schedulable()).isEqualTo(byNode.schedulable());
    assertThat(byGroup.capacity()).isEqualTo(byNode.capacity());
    // a group that does not know its nodes' names takes matchFields as met; listed, they are judged
    boolean namesAlike =
        scenario.groups().stream().allMatch(NodeGroup::namesKnown)
            || !NodeSelection.selectsByName(scenario.pod().getSpec());
    if (namesAlike) {
      assertThat(byGroup.schedulable()).isEqualTo(original.schedulable());
      assertThat(byGroup.capacity()).isEqualTo(original.capacity());
    }
  }

  @Property(tries = 100)
  void renderedFleetFile_readsBackAsTheSameGroups(
      @ForAll("scenarios") FleetCheckProperties.Scenario scenario) throws IOException {
    Path file = Files.createTempFile("fleet", ".yaml");
    try {
      Files.writeString(file, Gpuspec.renderFleet(Fleet.ofGroups(scenario.groups()), "random"));
      FleetRead read = TestGpuspec.GPUSPEC.readFleet(List.of(file));
      assertThat(read.problems()).isEmpty();
      assertThat(read.fleet().orElseThrow().groups().stream().map(FleetGroupingProperties::text))
          .containsExactlyElementsOf(
              scenario.groups().stream().map(FleetGroupingProperties::text).toList());
    } finally {
      Files.delete(file);
    }
  }

  /** A group as comparable text: an empty taint value and no value are the same to Kubernetes. */
  private static String text(NodeGroup group) {
    String taints =
        group.taints().stream().map(FleetGroupingProperties::text).collect(Collectors.joining(","));
    Map<String, String> allocatable = new LinkedHashMap<>();
    group
        .allocatable()
        .forEach((k, v) -> allocatable.put(k, v.stripTrailingZeros().toPlainString()));
    return group.name()
        + " x"
        + group.nodeCount()
        + " "
        + new TreeMap<>(group.labels())
        + " ["
        + taints
        + "] "
        + allocatable;
  }

  private static String text(Taint taint) {
    String value = taint.getValue() == null ? "" : taint.getValue();
    return taint.getKey() + "=" + value + ":" + taint.getEffect();
  }
}
