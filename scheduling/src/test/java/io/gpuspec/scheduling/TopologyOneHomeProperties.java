package io.gpuspec.scheduling;

import io.fabric8.kubernetes.api.model.HasMetadata;
import io.fabric8.kubernetes.api.model.batch.v1.Job;
import io.gpuspec.core.Fleet;
import io.gpuspec.core.InvalidSpecException;
import io.gpuspec.core.TestGpuspec;
import io.gpuspec.core.check.CheckOptions;
import io.gpuspec.scheduling.facts.KueueTopologyFacts;
import io.gpuspec.testing.OneHome;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;

/**
 * The topology builders ({@link KueueTopology}, {@link KueueFlavor} with a Topology, {@link
 * KueueWorkload} with a {@link PodSetTopology}, {@link VolcanoHyperNodes}): {@code build()} refuses
 * the spec if and only if the rules report an error on it rendered unchecked, with the same finding
 * (see {@link OneHome}).
 */
class TopologyOneHomeProperties {

  private static final List<String> LEVELS =
      List.of(TopologyTest.BLOCK, TopologyTest.RACK, TopologyTest.HOST, "topology.example.com/row");

  @Provide
  Arbitrary<List<String>> levels() {
    return Arbitraries.of(LEVELS).list().ofMinSize(1).ofMaxSize(4);
  }

  @Property(tries = 150)
  void kueueTopology_buildRefusesIffARuleDoes(@ForAll("levels") List<String> levels) {
    KueueTopology.Builder builder = KueueTopology.named("datacenter").addAllLevels(levels);
    Optional<InvalidSpecException> refusal = OneHome.refusal(builder::build);
    OneHome.assertAgrees(
        TestGpuspec.GPUSPEC, refusal, builder.buildUnchecked().toManifests(), TopologyTest.racks());
    OneHome.coverBothOutcomes(refusal);
  }

  @Property(tries = 60)
  void kueueFlavorWithATopology_buildRefusesIffARuleDoes(@ForAll boolean labels) {
    KueueFlavor.Builder builder = KueueFlavor.named("tas").topology(TopologyTest.datacenter());
    if (labels) {
      builder.putNodeLabel("gpu.pool", "h100-train");
    }
    Optional<InvalidSpecException> refusal = OneHome.refusal(builder::build);
    OneHome.assertAgrees(
        TestGpuspec.GPUSPEC, refusal, builder.buildUnchecked().toManifests(), TopologyTest.racks());
    OneHome.coverBothOutcomes(refusal);
  }

  @Provide
  Arbitrary<PodSetTopology> podSetTopologies() {
    return Arbitraries.of(LEVELS)
        .flatMap(
            level ->
                Arbitraries.of(
                    PodSetTopology.required(TopologyTest.datacenter(), level),
                    PodSetTopology.preferred(TopologyTest.datacenter(), level),
                    PodSetTopology.unconstrained()));
  }

  @Provide
  Arbitrary<Map<String, String>> existing() {
    return Arbitraries.of(
        Map.of(),
        Map.of(KueueTopologyFacts.PREFERRED, TopologyTest.BLOCK),
        Map.of(KueueTopologyFacts.UNCONSTRAINED, "true"),
        Map.of(KueueTopologyFacts.SLICE_SIZE, "4"));
  }

  @Property(tries = 150)
  void kueueWorkloadWithATopology_buildRefusesIffARuleDoes(
      @ForAll("podSetTopologies") PodSetTopology topology,
      @ForAll("existing") Map<String, String> annotations) {
    Job job = Workloads.job("detector", "vision", 4, 8, Fixtures.H100_TRAIN);
    job.getSpec().getTemplate().getMetadata().setAnnotations(new java.util.TreeMap<>(annotations));
    KueueWorkload.Builder builder =
        KueueWorkload.of(TestGpuspec.GPUSPEC, job).queue(TopologyTest.queue()).topology(topology);
    Optional<InvalidSpecException> refusal = OneHome.refusal(builder::build);
    KueueFlavor flavor =
        KueueFlavor.forPool(Fixtures.H100_TRAIN).topology(TopologyTest.datacenter()).build();
    List<HasMetadata> rendered = new ArrayList<>(builder.buildUnchecked().toManifests());
    rendered.add(TopologyTest.queue().toLocalQueue());
    rendered.addAll(flavor.toManifests());
    rendered.addAll(TopologyTest.datacenter().toManifests());
    rendered.addAll(
        KueueClusterQueue.named("vision")
            .addNamespace("vision")
            .resourceGroup(
                g ->
                    g.covers("cpu", "memory", "nvidia.com/gpu")
                        .flavor(
                            flavor,
                            f ->
                                f.quota("cpu", "1000")
                                    .quota("memory", "10Ti")
                                    .quota("nvidia.com/gpu", "1000")))
            .build()
            .toManifests());
    OneHome.assertAgrees(TestGpuspec.GPUSPEC, refusal, rendered, CheckOptions.defaults());
    OneHome.coverBothOutcomes(refusal);
  }

  @Property(tries = 60)
  void volcanoHyperNodes_buildRefusesIffARuleDoes(@ForAll boolean blockFirst) {
    List<String> tiers =
        blockFirst
            ? List.of(TopologyTest.BLOCK, TopologyTest.RACK)
            : List.of(TopologyTest.RACK, TopologyTest.BLOCK);
    Fleet fleet = TopologyTest.racks();
    Optional<InvalidSpecException> refusal =
        OneHome.refusal(() -> VolcanoHyperNodes.fromFleet(fleet, tiers));
    OneHome.assertAgrees(
        TestGpuspec.GPUSPEC, refusal, VolcanoHyperNodes.render(fleet, tiers).toManifests(), fleet);
  }
}
