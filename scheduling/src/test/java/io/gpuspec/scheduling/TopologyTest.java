package io.gpuspec.scheduling;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.fabric8.kubernetes.api.model.HasMetadata;
import io.fabric8.kubernetes.api.model.batch.v1.Job;
import io.gpuspec.core.Fleet;
import io.gpuspec.core.GoldenFiles;
import io.gpuspec.core.InvalidSpecException;
import io.gpuspec.core.NodeGroup;
import io.gpuspec.core.TestGpuspec;
import io.gpuspec.core.check.CheckOptions;
import io.gpuspec.core.manifest.ManifestSet;
import io.gpuspec.core.report.Severity;
import io.gpuspec.core.report.Violation;
import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * Kueue's topology-aware scheduling and Volcano's HyperNodes from the DSL: what they render (golden
 * files), that the rendered set passes every rule with the fleet known, and that {@code build()}
 * throws the rules' findings.
 */
class TopologyTest {

  static final String BLOCK = "topology.example.com/block";
  static final String RACK = "topology.example.com/rack";
  static final String HOST = "kubernetes.io/hostname";

  /** Two blocks of two racks, four 8-GPU nodes of pool h100-train each. */
  static Fleet racks() {
    List<NodeGroup> groups = new ArrayList<>();
    for (int r = 1; r <= 4; r++) {
      groups.add(
          new NodeGroup(
              "b" + ((r + 1) / 2) + "-r" + r,
              4,
              Map.of("gpu.pool", "h100-train", BLOCK, "b" + ((r + 1) / 2), RACK, "r" + r),
              List.of(),
              Map.of("nvidia.com/gpu", BigDecimal.valueOf(8))));
    }
    return Fleet.ofGroups(groups);
  }

  static KueueTopology datacenter() {
    return KueueTopology.named("datacenter").addLevels(BLOCK, RACK, HOST).build();
  }

  static KueueFlavor tasFlavor() {
    return KueueFlavor.named("h100-tas")
        .putNodeLabel("gpu.pool", "h100-train")
        .topology(datacenter())
        .build();
  }

  static KueueLocalQueue queue() {
    return KueueLocalQueue.named("training").namespace("vision").clusterQueue("vision").build();
  }

  static KueueWorkload queued(Job job, PodSetTopology topology) {
    return KueueWorkload.of(TestGpuspec.GPUSPEC, job).queue(queue()).topology(topology).build();
  }

  @Test
  void kueueTopologyFlavorAndRequiredRack_renderAsTheGoldenFile() {
    KueueWorkload job =
        queued(
            Workloads.job("detector", "vision", 4, 8), PodSetTopology.required(datacenter(), RACK));
    GoldenFiles.assertMatches("kueue-topology.yaml", Fixtures.yaml(datacenter(), tasFlavor(), job));
    assertThat(job.stamped())
        .extracting(o -> ((Job) o).getSpec().getTemplate().getMetadata().getAnnotations())
        .isEqualTo(Map.of("kueue.x-k8s.io/podset-required-topology", RACK));
  }

  @Test
  void hyperNodesFromTheFleet_renderAsTheGoldenFile() {
    VolcanoHyperNodes tiers = VolcanoHyperNodes.fromFleet(racks(), List.of(RACK, BLOCK));
    assertThat(tiers.hyperNodes()).hasSize(6);
    GoldenFiles.assertMatches("volcano-hypernodes.yaml", Fixtures.yaml(tiers));
  }

  @Test
  void theRenderedTopologyAndHyperNodes_passEveryRuleWithTheFleetKnown() {
    List<HasMetadata> objects = new ArrayList<>();
    Stream.of(datacenter(), tasFlavor(), VolcanoHyperNodes.fromFleet(racks(), List.of(RACK, BLOCK)))
        .forEach(source -> objects.addAll(source.toManifests()));
    List<Violation> found =
        TestGpuspec.GPUSPEC
            .engine()
            .check(ManifestSet.of(objects), CheckOptions.builder().fleet(racks()).build())
            .violations();
    assertThat(found).filteredOn(v -> v.severity() == Severity.ERROR).isEmpty();
    assertThat(found).filteredOn(v -> v.ruleId().startsWith("SCH")).isEmpty();
  }

  @Test
  void repeatedLevels_failWithSch028() {
    assertThatThrownBy(() -> KueueTopology.named("dc").addLevels(RACK, RACK).build())
        .isInstanceOfSatisfying(
            InvalidSpecException.class, e -> assertThat(e.ruleId()).contains("SCH028"))
        .hasMessageContaining("Topology/dc spec.levels[1].nodeLabel");
  }

  @Test
  void aFlavorWithATopologyAndNoNodeLabels_failsWithSch026() {
    assertThatThrownBy(() -> KueueFlavor.named("tas").topology(datacenter()).build())
        .isInstanceOfSatisfying(
            InvalidSpecException.class, e -> assertThat(e.ruleId()).contains("SCH026"))
        .hasMessageContaining("ResourceFlavor/tas spec.nodeLabels: no node labels");
  }

  @Test
  void aLevelTheTopologyLacks_failsWithSch025AtTheAnnotation() {
    assertThatThrownBy(
            () ->
                queued(
                    Workloads.job("detector", "vision", 4, 8),
                    PodSetTopology.required(datacenter(), "topology.example.com/row")))
        .isInstanceOfSatisfying(
            InvalidSpecException.class, e -> assertThat(e.ruleId()).contains("SCH025"))
        .hasMessageContaining(
            "Job/vision/detector spec.template.metadata.annotations"
                + "[kueue.x-k8s.io/podset-required-topology]: \"topology.example.com/row\" is not"
                + " a level of Topology \"datacenter\"");
  }

  @Test
  void aTemplateThatAlreadyPrefersALevel_failsWithSch024() {
    Job job = Workloads.job("detector", "vision", 4, 8);
    job.getSpec()
        .getTemplate()
        .getMetadata()
        .setAnnotations(Map.of("kueue.x-k8s.io/podset-preferred-topology", BLOCK));
    assertThatThrownBy(() -> queued(job, PodSetTopology.required(datacenter(), RACK)))
        .isInstanceOfSatisfying(
            InvalidSpecException.class, e -> assertThat(e.ruleId()).contains("SCH024"));
  }

  @Test
  void topologyRolesTheWorkloadLacks_areRefused() {
    assertThatThrownBy(
            () ->
                KueueWorkload.of(TestGpuspec.GPUSPEC, Workloads.job("detector", "vision", 4, 8))
                    .queue(queue())
                    .topology(PodSetTopology.required(datacenter(), RACK))
                    .addTopologyRoles("Worker")
                    .build())
        .isInstanceOf(InvalidSpecException.class)
        .hasMessageContaining("the workload has no pod set \"Worker\"");
  }

  @Test
  void topologyRolesWithoutATopology_areRefused() {
    assertThatThrownBy(
            () ->
                KueueWorkload.of(TestGpuspec.GPUSPEC, Workloads.job("detector", "vision", 4, 8))
                    .queue(queue())
                    .addTopologyRoles("")
                    .build())
        .isInstanceOf(InvalidSpecException.class)
        .hasMessageContaining("roles are given without a topology");
  }

  @Test
  void aTopologyWithoutTheRegistry_isRefused() {
    assertThatThrownBy(
            () ->
                KueueWorkload.of(Workloads.job("detector", "vision", 4, 8))
                    .queue(queue())
                    .topology(PodSetTopology.required(RACK))
                    .build())
        .isInstanceOf(InvalidSpecException.class)
        .hasMessageContaining("KueueWorkload.of(gpuspec, workload)");
  }

  @Test
  void tierLabelsNoGroupCarries_areRefused() {
    assertThatThrownBy(
            () -> VolcanoHyperNodes.fromFleet(racks(), List.of("topology.example.com/row")))
        .isInstanceOf(InvalidSpecException.class)
        .hasMessageContaining("no node group carries every tier label");
  }
}
