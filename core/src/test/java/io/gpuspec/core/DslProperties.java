package io.gpuspec.core;

import static org.assertj.core.api.Assertions.assertThat;

import io.fabric8.kubernetes.api.model.Container;
import io.fabric8.kubernetes.api.model.PodSpec;
import io.gpuspec.core.check.GpuResources;
import io.gpuspec.core.check.ModelPin;
import io.gpuspec.core.check.NodeSelection;
import io.gpuspec.core.check.Workloads;
import java.util.List;
import java.util.Optional;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;

/** Invariants the DSL guarantees by construction, for any pool and workload it can build. */
class DslProperties {

  @Provide
  Arbitrary<ManifestSource> workloads() {
    return GpuArbitraries.pools()
        .flatMap(
            pool -> Arbitraries.oneOf(GpuArbitraries.deployments(pool), GpuArbitraries.jobs(pool)));
  }

  @Provide
  Arbitrary<NodePool> pools() {
    return GpuArbitraries.pools();
  }

  private static List<PodSpec> podSpecs(ManifestSource source) {
    return source.toManifests().stream()
        .flatMap(o -> Workloads.of(o).stream())
        .flatMap(w -> w.templates().stream())
        .map(t -> t.spec())
        .toList();
  }

  private static NodePool poolOf(ManifestSource source) {
    Optional<GpuPlacement> placement =
        source instanceof InferenceDeployment d
            ? d.placement()
            : ((TrainingJob) source).placement();
    return placement.orElseThrow().pool();
  }

  @Property
  void everyGpuContainerRequestsExactlyItsLimits(@ForAll("workloads") ManifestSource workload) {
    for (PodSpec spec : podSpecs(workload)) {
      for (Container c : GpuResources.containers(spec)) {
        assertThat(c.getResources().getRequests()).isEqualTo(c.getResources().getLimits());
        assertThat(GpuResources.gpuCount(c)).isPositive();
      }
    }
  }

  @Property
  void everyGpuPodToleratesExactlyItsPoolsTaints(@ForAll("workloads") ManifestSource workload) {
    NodePool pool = poolOf(workload);
    for (PodSpec spec : podSpecs(workload)) {
      assertThat(spec.getTolerations())
          .containsExactlyInAnyOrderElementsOf(
              pool.taints().stream().map(NodeTaint::toleration).toList());
      assertThat(NodeSelection.toleratesAll(spec, pool.taints())).isTrue();
    }
  }

  @Property
  void requiredAffinityAdmitsThePoolAndOnlyItsModel(
      @ForAll("workloads") ManifestSource workload, @ForAll("pools") NodePool other) {
    NodePool pool = poolOf(workload);
    for (PodSpec spec : podSpecs(workload)) {
      assertThat(NodeSelection.admits(spec, pool.nodeLabels())).isTrue();
      if (NodeSelection.admits(spec, other.nodeLabels())) {
        assertThat(other.model().family()).isEqualTo(pool.model().family());
      }
      ModelPin pin =
          ModelPin.of(spec, Optional.empty(), List.of(pool.labelScheme()), GpuCatalogue.defaults());
      assertThat(pin.pinned()).isTrue();
      assertThat(pin.models())
          .containsExactly(
              pool.labelScheme()
                  .modelIdentity(
                      pool.labelScheme().modelValue(pool.model()), GpuCatalogue.defaults()));
    }
  }

  @Property
  void gpusPerPodNeverExceedTheNode(@ForAll("workloads") ManifestSource workload) {
    NodePool pool = poolOf(workload);
    for (PodSpec spec : podSpecs(workload)) {
      assertThat(GpuResources.gpusPerPod(spec)).isBetween(1L, (long) pool.gpusPerNode());
    }
  }
}
