package io.gpuspec.core;

import static org.assertj.core.api.Assertions.assertThat;

import io.fabric8.kubernetes.api.model.Container;
import io.fabric8.kubernetes.api.model.HasMetadata;
import io.fabric8.kubernetes.api.model.PodSpec;
import io.fabric8.kubernetes.api.model.Quantity;
import io.gpuspec.core.check.Gpuspec;
import io.gpuspec.core.k8s.GpuResources;
import io.gpuspec.core.k8s.NodeSelection;
import io.gpuspec.core.manifest.ManifestSet;
import io.gpuspec.core.manifest.ReadResult;
import io.gpuspec.core.manifest.YamlRenderer;
import io.gpuspec.core.report.ObjectRef;
import io.gpuspec.core.report.Report;
import io.gpuspec.core.report.Severity;
import io.gpuspec.core.spi.ModelPin;
import java.util.List;
import java.util.Optional;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Assume;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.constraints.IntRange;

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
        .flatMap(o -> TestGpuspec.workload(o).stream())
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

  @Property(tries = 250)
  void everyGpuContainerRequestsExactlyItsLimits(@ForAll("workloads") ManifestSource workload) {
    for (PodSpec spec : podSpecs(workload)) {
      for (Container c : GpuResources.containers(spec)) {
        assertThat(c.getResources().getRequests()).isEqualTo(c.getResources().getLimits());
        assertThat(GpuResources.gpuCount(c)).isPositive();
      }
    }
  }

  @Property(tries = 250)
  void everyGpuPodToleratesExactlyItsPoolsTaints(@ForAll("workloads") ManifestSource workload) {
    NodePool pool = poolOf(workload);
    for (PodSpec spec : podSpecs(workload)) {
      assertThat(spec.getTolerations())
          .containsExactlyInAnyOrderElementsOf(
              pool.taints().stream().map(NodeTaint::toleration).toList());
      assertThat(pool.taints().stream().allMatch(t -> t.toleratedBy(spec))).isTrue();
    }
  }

  @Property(tries = 250)
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

  @Property(tries = 250)
  void gpusPerPodNeverExceedTheNode(@ForAll("workloads") ManifestSource workload) {
    NodePool pool = poolOf(workload);
    for (PodSpec spec : podSpecs(workload)) {
      assertThat(GpuResources.gpusPerPod(spec)).isBetween(1L, (long) pool.gpusPerNode());
    }
  }

  private static Platform platformOf(ManifestSource workload) {
    return Platform.builder().addPools(poolOf(workload)).add(workload).build();
  }

  @Property(tries = 250)
  void anyDslBuiltWorkloadPassesEveryRuleAsAnError(@ForAll("workloads") ManifestSource workload) {
    Report report = TestGpuspec.GPUSPEC.check(platformOf(workload));
    assertThat(report.violations()).isEmpty();
    assertThat(report.rulesChecked()).isGreaterThanOrEqualTo(12);
  }

  @Property(tries = 250)
  void removingAGpuTolerationIsAlwaysCaught(@ForAll("workloads") ManifestSource workload) {
    Platform platform = platformOf(workload);
    HasMetadata object = workload.toManifests().get(0);
    PodSpec spec = TestGpuspec.workload(object).orElseThrow().templates().get(0).spec();
    spec.getTolerations().remove(0);
    Report report =
        TestGpuspec.GPUSPEC.engine().check(ManifestSet.of(object), Gpuspec.strictOptions(platform));
    assertThat(report.byRule("GPU002")).isNotEmpty().allMatch(v -> v.severity() == Severity.ERROR);
  }

  @Property(tries = 250)
  void requestDifferentFromLimitIsAlwaysCaught(
      @ForAll("workloads") ManifestSource workload,
      @ForAll @IntRange(min = 1, max = 64) int request) {
    Platform platform = platformOf(workload);
    HasMetadata object = workload.toManifests().get(0);
    Container main =
        TestGpuspec.workload(object).orElseThrow().templates().get(0).spec().getContainers().get(0);
    Quantity limit = main.getResources().getLimits().get(GpuResources.NVIDIA_GPU);
    Assume.that(!limit.equals(new Quantity(Integer.toString(request))));
    main.getResources()
        .getRequests()
        .put(GpuResources.NVIDIA_GPU, new Quantity(Integer.toString(request)));
    Report report =
        TestGpuspec.GPUSPEC.engine().check(ManifestSet.of(object), Gpuspec.strictOptions(platform));
    assertThat(report.byRule("GPU001")).isNotEmpty();
  }

  @Property(tries = 250)
  void renderingIsDeterministicWhateverTheOrder(
      @ForAll("workloads") ManifestSource first, @ForAll("workloads") ManifestSource second) {
    Assume.that(
        !ObjectRef.of(first.toManifests().get(0))
            .equals(ObjectRef.of(second.toManifests().get(0))));
    String forward =
        YamlRenderer.render(
            ManifestSet.builder().addAll(first.toManifests()).addAll(second.toManifests()).build());
    String backward =
        YamlRenderer.render(
            ManifestSet.builder().addAll(second.toManifests()).addAll(first.toManifests()).build());
    assertThat(forward).isEqualTo(backward).doesNotContain("\r");
    assertThat(YamlRenderer.render(ManifestSet.of(first.toManifests())))
        .isEqualTo(YamlRenderer.render(ManifestSet.of(first.toManifests())));
  }

  @Property(tries = 250)
  void readOfRenderEqualsTheRenderedObjects(@ForAll("workloads") ManifestSource workload) {
    ManifestSet rendered = ManifestSet.of(workload.toManifests());
    ReadResult read = TestGpuspec.read(YamlRenderer.render(rendered), "workload.yaml");
    assertThat(read.problems()).isEmpty();
    assertThat(read.manifests()).isEqualTo(rendered);
  }
}
