package io.gpuspec.sharing.dra;

import static org.assertj.core.api.Assertions.assertThat;

import io.fabric8.kubernetes.api.model.HasMetadata;
import io.gpuspec.core.InferenceDeployment;
import io.gpuspec.core.NodeTaint;
import io.gpuspec.core.TestGpuspec;
import io.gpuspec.core.TrainingJob;
import io.gpuspec.core.check.CheckOptions;
import io.gpuspec.core.manifest.ManifestSet;
import io.gpuspec.core.manifest.ReadResult;
import io.gpuspec.core.manifest.YamlRenderer;
import io.gpuspec.core.report.Violation;
import io.gpuspec.sharing.MigCatalogue;
import io.gpuspec.sharing.MigGeometry;
import io.gpuspec.sharing.MigProfile;
import java.util.ArrayList;
import java.util.List;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Combinators;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;

/**
 * DRA claims built with the DSL: whatever requests, selectors and sharing they have, the rendered
 * template and the workload wired to it read back without a problem, pass every rule, and render
 * again to the same text.
 */
class DraProperties {

  private static Arbitrary<DraSharing> sharing(boolean mig) {
    Arbitrary<DraSharing> timeSlicing =
        mig
            ? Arbitraries.just(DraSharing.timeSlicing())
            : Arbitraries.of(DraSharing.Interval.class)
                .optional(0.7)
                .map(
                    interval ->
                        DraSharing.builder()
                            .strategy(DraSharing.Strategy.TIME_SLICING)
                            .interval(interval)
                            .build());
    Arbitrary<DraSharing> mps =
        Combinators.combine(
                Arbitraries.integers().between(0, 100).optional(0.5),
                Arbitraries.of("1Mi", "512Mi", "4Gi", "10Gi").optional(0.5))
            .as(
                (percentage, limit) ->
                    DraSharing.builder()
                        .strategy(DraSharing.Strategy.MPS)
                        .activeThreadPercentage(percentage)
                        .pinnedMemoryLimit(limit)
                        .build());
    return Arbitraries.oneOf(timeSlicing, mps);
  }

  private static Arbitrary<GpuClaimRequest> request(String name) {
    List<String> profiles = new ArrayList<>();
    for (MigGeometry geometry : MigCatalogue.defaults().geometries()) {
      geometry.profiles().stream().map(MigProfile::name).forEach(profiles::add);
    }
    Arbitrary<GpuClaimRequest> gpu =
        Combinators.combine(
                Arbitraries.integers().between(1, 8),
                Arbitraries.of("a100", "H100", "L40S", "NVIDIA A10").optional(0.5),
                Arbitraries.of("16Gi", "40Gi", "80Gi").optional(0.5),
                sharing(false).optional(0.5))
            .as(
                (count, product, memory, sharing) ->
                    GpuClaimRequest.gpu(name)
                        .count(count)
                        .productContains(product)
                        .minMemory(memory)
                        .sharing(sharing)
                        .build());
    Arbitrary<GpuClaimRequest> mig =
        Combinators.combine(
                Arbitraries.of(profiles),
                Arbitraries.integers().between(1, 7),
                sharing(true).optional(0.5))
            .as(
                (profile, count, sharing) ->
                    GpuClaimRequest.mig(name, profile).count(count).sharing(sharing).build());
    return Arbitraries.oneOf(gpu, mig);
  }

  @Provide
  Arbitrary<List<HasMetadata>> claimedWorkloads() {
    return Arbitraries.integers()
        .between(1, 3)
        .flatMap(
            count -> {
              List<Arbitrary<GpuClaimRequest>> requests = new ArrayList<>();
              for (int i = 0; i < count; i++) {
                requests.add(request("req-" + i));
              }
              return Combinators.combine(requests).as(List::copyOf);
            })
        .flatMap(
            requests ->
                Arbitraries.of(true, false)
                    .map(
                        deployment -> {
                          GpuClaimTemplate template =
                              GpuClaimTemplate.named("gpus")
                                  .namespace("ml")
                                  .addAllRequests(requests)
                                  .build();
                          ClaimedWorkload workload =
                              ClaimedWorkload.builder()
                                  .workload(
                                      deployment
                                          ? InferenceDeployment.named("serve")
                                              .namespace("ml")
                                              .image("nvcr.io/nvidia/tritonserver:24.08-py3")
                                              .gpus(0)
                                              .build()
                                          : TrainingJob.named("train")
                                              .namespace("ml")
                                              .image("nvcr.io/nvidia/pytorch:24.08-py3")
                                              .gpus(0)
                                              .backoffLimit(1)
                                              .build())
                                  .addClaims(PodClaim.of("gpus", template))
                                  .addTolerate(NodeTaint.GPU)
                                  .build();
                          List<HasMetadata> objects = new ArrayList<>(template.toManifests());
                          objects.addAll(workload.toManifests());
                          return objects;
                        }));
  }

  /** Any DSL-built claim template with its workload reads back cleanly and passes every rule. */
  @Property(tries = 200)
  void anyDslBuiltClaimPassesEveryRuleAndRoundTrips(
      @ForAll("claimedWorkloads") List<HasMetadata> objects) {
    String yaml = YamlRenderer.render(ManifestSet.of(objects));

    ReadResult read = TestGpuspec.read(yaml, "dra.yaml");
    List<Violation> findings =
        TestGpuspec.GPUSPEC
            .engine()
            .lint(read, CheckOptions.builder().strict(true).build())
            .violations();

    assertThat(read.problems()).as(yaml).isEmpty();
    assertThat(findings).as(yaml).isEmpty();
    assertThat(YamlRenderer.render(read.manifests())).isEqualTo(yaml);
  }
}
