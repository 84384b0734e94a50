package io.gpuspec.sharing.dra;

import static org.assertj.core.api.Assertions.assertThat;

import io.gpuspec.core.Fleet;
import io.gpuspec.core.InvalidSpecException;
import io.gpuspec.core.TestGpuspec;
import io.gpuspec.core.check.CheckOptions;
import io.gpuspec.core.manifest.ManifestSet;
import io.gpuspec.core.report.Finding;
import io.gpuspec.core.report.ObjectRef;
import io.gpuspec.core.report.Violation;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Combinators;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.statistics.Statistics;

/**
 * The proof that SHR011 has one home: {@code GpuClaimTemplate.build()} refuses a template if and
 * only if the rules, run on the template rendered without the facts (a fleet known), report an
 * error, and what it throws is the finding the rule reports (same id, object, path, words). Inputs
 * vary the sharing of each request, never the DSL's own shape.
 */
class DraOneHomeProperties {

  /** One request as generated: MIG or whole GPUs, and its sharing, if any. */
  record RequestSpec(boolean mig, Optional<DraSharing> sharing) {}

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
    return Combinators.combine(Arbitraries.of(true, false), sharing.optional(0.8))
        .as(RequestSpec::new)
        .list()
        .ofMinSize(1)
        .ofMaxSize(2);
  }

  @Property(tries = 200)
  void gpuClaimTemplate_buildRefusesIffARuleDoes(@ForAll("requests") List<RequestSpec> requests) {
    GpuClaimTemplate.Builder builder = GpuClaimTemplate.named("shared").namespace("serving");
    for (int i = 0; i < requests.size(); i++) {
      RequestSpec spec = requests.get(i);
      GpuClaimRequest.Builder request =
          spec.mig() ? GpuClaimRequest.mig("r" + i, "1g.10gb") : GpuClaimRequest.gpu("r" + i);
      spec.sharing().ifPresent(request::sharing);
      builder.addRequests(request.build());
    }
    Optional<InvalidSpecException> refusal;
    try {
      builder.build();
      refusal = Optional.empty();
    } catch (InvalidSpecException e) {
      refusal = Optional.of(e);
    }
    var rendered = builder.buildUnchecked().toResourceClaimTemplate();
    List<Violation> errors =
        TestGpuspec.GPUSPEC
            .engine()
            .check(ManifestSet.of(rendered), CheckOptions.builder().fleet(Fleet.of()).build())
            .errors();
    Statistics.label("refused").collect(refusal.isPresent());
    Statistics.label("refused")
        .coverage(
            c -> {
              c.check(true).percentage(p -> p >= 10);
              c.check(false).percentage(p -> p >= 10);
            });
    if (errors.isEmpty()) {
      assertThat(refusal).as("build() refused what no rule calls an error").isEmpty();
      return;
    }
    assertThat(refusal).as("build() accepted what the rules call an error: " + errors).isPresent();
    InvalidSpecException thrown = refusal.get();
    assertThat(thrown.ruleId()).contains("SHR011");
    Finding finding = thrown.finding().orElseThrow();
    List<Violation> same = new ArrayList<>();
    for (Violation v : errors) {
      if (v.ruleId().equals("SHR011")
          && v.object().equals(ObjectRef.of(rendered))
          && v.path().equals(finding.path())
          && v.message().equals(finding.message())
          && v.fix().equals(finding.fix())) {
        same.add(v);
      }
    }
    assertThat(same).as("the rules report what build() threw: " + thrown.getMessage()).isNotEmpty();
  }
}
