package io.gpuspec.sharing.dra;

import static org.assertj.core.api.Assertions.assertThat;

import io.fabric8.kubernetes.api.model.HasMetadata;
import io.fabric8.kubernetes.api.model.PodBuilder;
import io.gpuspec.core.Fleet;
import io.gpuspec.core.InferenceDeployment;
import io.gpuspec.core.InvalidSpecException;
import io.gpuspec.core.ManifestSource;
import io.gpuspec.core.TestGpuspec;
import io.gpuspec.core.report.ObjectRef;
import io.gpuspec.testing.OneHome;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Combinators;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.Tuple;

/**
 * The proof that SHR011, SHR012 and SHR013 have one home: {@code GpuClaimTemplate.build()} and
 * {@code ClaimedWorkload.build()} refuse a value if and only if the rules, run on it rendered
 * without the facts (a fleet known), report an error, and what they throw is the finding the rule
 * reports (same id, object, path, words). Inputs vary the requests' names, counts and sharing, and
 * the pod claims' names and requests, never the DSL's own shape (the template's namespace, the
 * containers a claim names).
 */
class DraOneHomeProperties {

  /** One request as generated: its name, MIG or whole GPUs, how many, and its sharing, if any. */
  record RequestSpec(String name, boolean mig, int count, Optional<DraSharing> sharing) {}

  @Provide
  Arbitrary<List<RequestSpec>> requests() {
    Arbitrary<DraSharing> sharing =
        Combinators.combine(
                Arbitraries.of(DraSharing.Strategy.class),
                Arbitraries.of(DraSharing.Interval.class).optional(0.4),
                Arbitraries.integers().between(-5, 110).optional(0.4),
                Arbitraries.of("512Ki", "1Mi", "10Gi").optional(0.3))
            .as(
                (strategy, interval, percentage, pinned) -> {
                  DraSharing.Builder builder = DraSharing.builder().strategy(strategy);
                  interval.ifPresent(builder::interval);
                  percentage.ifPresent(builder::activeThreadPercentage);
                  pinned.ifPresent(builder::pinnedMemoryLimit);
                  return builder.build();
                });
    Arbitrary<String> name =
        Arbitraries.frequencyOf(
            Tuple.of(12, Arbitraries.of("gpu", "slice", "r0", "r1")),
            Tuple.of(1, Arbitraries.of("Gpu", "gpu_0", "-r")));
    Arbitrary<Integer> count =
        Arbitraries.frequencyOf(
            Tuple.of(1, Arbitraries.integers().between(-1, 0)),
            Tuple.of(12, Arbitraries.integers().between(1, 8)),
            Tuple.of(2, Arbitraries.integers().between(16, 33)));
    return Combinators.combine(name, Arbitraries.of(true, false), count, sharing.optional(0.8))
        .as(RequestSpec::new)
        .list()
        .ofMinSize(1)
        .ofMaxSize(3);
  }

  @Property(tries = 200)
  void gpuClaimTemplate_buildRefusesIffARuleDoes(@ForAll("requests") List<RequestSpec> requests) {
    GpuClaimTemplate.Builder builder = GpuClaimTemplate.named("shared").namespace("serving");
    for (int i = 0; i < requests.size(); i++) {
      RequestSpec spec = requests.get(i);
      GpuClaimRequest.Builder request =
          spec.mig()
              ? GpuClaimRequest.mig(spec.name(), "1g.10gb")
              : GpuClaimRequest.gpu(spec.name());
      request.count(spec.count());
      spec.sharing().ifPresent(request::sharing);
      builder.addRequests(request.build());
    }
    Optional<InvalidSpecException> refusal = OneHome.refusal(builder::build);
    var rendered = builder.buildUnchecked().toResourceClaimTemplate();
    OneHome.assertAgrees(TestGpuspec.GPUSPEC, refusal, List.of(rendered), Fleet.of());
    OneHome.coverBothOutcomes(refusal);
  }

  /** One pod claim as generated: its name and the request its containers use, if one. */
  record ClaimSpec(String name, Optional<String> request) {}

  private static final GpuClaimTemplate TEMPLATE =
      GpuClaimTemplate.named("a100")
          .namespace("serving")
          .addRequests(
              GpuClaimRequest.gpu("gpu").build(), GpuClaimRequest.mig("slice", "1g.10gb").build())
          .build();

  @Provide
  Arbitrary<List<ClaimSpec>> claims() {
    Arbitrary<String> name =
        Arbitraries.frequencyOf(
            Tuple.of(12, Arbitraries.of("gpu", "shared", "slices")),
            Tuple.of(1, Arbitraries.of("GPU", "a_b")));
    Arbitrary<String> request =
        Arbitraries.frequencyOf(
            Tuple.of(8, Arbitraries.of("gpu", "slice", "gpu/large")),
            Tuple.of(1, Arbitraries.of("other", "other/large")));
    return Combinators.combine(name, request.optional(0.5))
        .as(ClaimSpec::new)
        .list()
        .ofMinSize(1)
        .ofMaxSize(3);
  }

  /** A pod that already declares and uses claim {@code shared} of the template. */
  private static ManifestSource podWithAClaim() {
    return () ->
        List.of(
            new PodBuilder()
                .withNewMetadata()
                .withName("p")
                .withNamespace("serving")
                .endMetadata()
                .withNewSpec()
                .addNewContainer()
                .withName("main")
                .withImage("registry.example.com/serve:1.0")
                .withNewResources()
                .addNewClaim()
                .withName("shared")
                .endClaim()
                .endResources()
                .endContainer()
                .addNewResourceClaim()
                .withName("shared")
                .withResourceClaimTemplateName("a100")
                .endResourceClaim()
                .endSpec()
                .build());
  }

  @Property(tries = 200)
  void claimedWorkload_buildRefusesIffARuleDoes(
      @ForAll("claims") List<ClaimSpec> claims, @ForAll boolean pod) {
    ManifestSource workload =
        pod
            ? podWithAClaim()
            : InferenceDeployment.named("v")
                .namespace("serving")
                .image("registry.example.com/serve:1.0")
                .gpus(0)
                .build();
    ClaimedWorkload.Builder builder = ClaimedWorkload.builder().workload(workload);
    for (ClaimSpec spec : claims) {
      PodClaim.Builder claim = PodClaim.builder().name(spec.name()).template(TEMPLATE);
      spec.request().ifPresent(claim::request);
      builder.addClaims(claim.build());
    }
    Optional<InvalidSpecException> refusal = OneHome.refusal(builder::build);
    List<HasMetadata> rendered = new ArrayList<>(builder.buildUnchecked().toManifests());
    rendered.addAll(TEMPLATE.toManifests());
    OneHome.assertAgrees(TestGpuspec.GPUSPEC, refusal, rendered, Fleet.of());
    // the finding is on the workload, never on the template it claims from
    refusal.ifPresent(
        thrown -> assertThat(thrown.getMessage()).startsWith(ObjectRef.of(rendered.get(0)) + " "));
    OneHome.coverBothOutcomes(refusal);
  }
}
