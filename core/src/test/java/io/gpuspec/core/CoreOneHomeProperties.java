package io.gpuspec.core;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.fabric8.kubernetes.api.model.HasMetadata;
import io.gpuspec.core.check.CheckOptions;
import io.gpuspec.core.manifest.ManifestSet;
import io.gpuspec.core.report.Finding;
import io.gpuspec.core.report.Report;
import io.gpuspec.core.report.Violation;
import java.util.List;
import java.util.Map;
import java.util.function.Function;
import java.util.function.Supplier;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Assume;
import net.jqwik.api.Combinators;
import net.jqwik.api.Example;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;

/**
 * One home for the facts of core's workload builders: over random DSL inputs that are not about the
 * DSL's own shape, {@code build()} refuses a workload if and only if the rules, run on the workload
 * rendered unchecked with its pool as the fleet and warnings as errors, find an error; and what
 * {@code build()} throws is a finding the rules report (same id, path, message and fix).
 *
 * <p>Inputs that a remaining {@code @Value.Check} refuses before rendering are discarded.
 */
class CoreOneHomeProperties {

  /** Images as a user may write them: a real one, none, only blanks, blanks around a real one. */
  private static Arbitrary<String> images() {
    return Arbitraries.of("nvcr.io/nvidia/pytorch:24.08-py3", "", " ", " img:1 ", "img:1\t");
  }

  /** Names: valid DNS-1123 labels, and names the API server takes or refuses only as some kind. */
  private static Arbitrary<String> names() {
    return Arbitraries.oneOf(
        GpuArbitraries.dnsLabels(),
        Arbitraries.of("llm.v2", "LLM_Server", "-llm", "a".repeat(64), "a".repeat(254)));
  }

  /** One extra label, valid or not. */
  private static Arbitrary<List<String>> labels() {
    return Arbitraries.of(
        List.of("team", "ml"), List.of("bad key", "x"), List.of("team", "not valid!"), List.of());
  }

  /** The inputs of one workload, with the pool it runs on. */
  record Spec(
      NodePool pool,
      String name,
      String image,
      int gpus,
      int replicas,
      String cpu,
      List<String> label) {

    Spec(NodePool pool, String name, String image, int gpus, int replicas, String cpu) {
      this(pool, name, image, gpus, replicas, cpu, List.of());
    }

    Map<String, String> labels() {
      return label.isEmpty() ? Map.of() : Map.of(label.get(0), label.get(1));
    }
  }

  @Provide
  Arbitrary<Spec> specs() {
    return GpuArbitraries.pools()
        .flatMap(
            pool ->
                Combinators.combine(
                        names(),
                        images(),
                        Arbitraries.integers().between(0, pool.gpusPerNode()),
                        Arbitraries.integers().between(1, 3),
                        Arbitraries.of("1", "500m", "0.5"),
                        labels())
                    .as(
                        (name, image, gpus, replicas, cpu, label) ->
                            new Spec(pool, name, image, gpus, replicas, cpu, label)));
  }

  private static InferenceDeployment.Builder deployment(Spec spec) {
    InferenceDeployment.Builder builder =
        InferenceDeployment.named(spec.name())
            .namespace("serving")
            .image(spec.image())
            .replicas(spec.replicas())
            .gpus(spec.gpus())
            .cpu(spec.cpu())
            .putAllLabels(spec.labels())
            .port("http", 8000);
    return spec.gpus() > 0 ? builder.onPool(spec.pool()) : builder;
  }

  private static TrainingJob.Builder job(Spec spec) {
    TrainingJob.Builder builder =
        TrainingJob.named(spec.name())
            .namespace("ml")
            .image(spec.image())
            .gpus(spec.gpus())
            .cpu(spec.cpu())
            .putAllLabels(spec.labels())
            .parallelism(1)
            .completions(spec.replicas());
    return spec.gpus() > 0 ? builder.onPool(spec.pool()) : builder;
  }

  @Property(tries = 200)
  void inferenceDeployment_buildRefusesIffTheRulesFindAnError(@ForAll("specs") Spec spec) {
    holds(
        spec,
        () -> deployment(spec).buildUnchecked(),
        () -> deployment(spec).build(),
        InferenceDeployment::toManifests);
  }

  @Property(tries = 200)
  void trainingJob_buildRefusesIffTheRulesFindAnError(@ForAll("specs") Spec spec) {
    holds(
        spec, () -> job(spec).buildUnchecked(), () -> job(spec).build(), TrainingJob::toManifests);
  }

  private static <T> void holds(
      Spec spec,
      Supplier<T> buildUnchecked,
      Supplier<T> build,
      Function<T, List<HasMetadata>> render) {
    T unchecked;
    try {
      unchecked = buildUnchecked.get();
    } catch (InvalidSpecException shape) {
      Assume.that(false); // refused by a check of the DSL's own shape, before rendering
      return;
    }
    Report report =
        TestGpuspec.GPUSPEC
            .engine()
            .check(
                ManifestSet.of(render.apply(unchecked)),
                CheckOptions.builder().fleet(Fleet.of(spec.pool())).strict(true).build());
    if (!report.hasErrors()) {
      assertThat(render.apply(build.get())).isEqualTo(render.apply(unchecked));
      return;
    }
    assertThatThrownBy(build::get)
        .isInstanceOfSatisfying(
            InvalidSpecException.class,
            refused -> {
              assertThat(refused.ruleId()).as(refused.getMessage()).isPresent();
              assertThat(report.errors())
                  .as("the rules report what build() throws: " + refused.getMessage())
                  .extracting(CoreOneHomeProperties::asFinding)
                  .contains(new RuleFinding(refused.ruleId().get(), refused.finding().get()));
            });
  }

  /**
   * The inputs reach the facts: a missing image is refused as K8S007, a name with '_' as K8S003,
   * and an image padded with blanks is accepted in a template, as the API server takes it.
   */
  @Example
  void inputsReachTheFacts() {
    Spec missing = new Spec(Fixtures.A100_TRAIN, "llm", "", 1, 1, "1");
    for (Supplier<?> build :
        List.<Supplier<?>>of(() -> deployment(missing).build(), () -> job(missing).build())) {
      assertThatThrownBy(build::get)
          .isInstanceOfSatisfying(
              InvalidSpecException.class,
              refused -> assertThat(refused.ruleId()).contains("K8S007"));
    }
    Spec badName = new Spec(Fixtures.A100_TRAIN, "LLM_Server", "img:1", 1, 1, "1");
    assertThatThrownBy(() -> job(badName).build())
        .isInstanceOfSatisfying(
            InvalidSpecException.class, refused -> assertThat(refused.ruleId()).contains("K8S003"));
    Spec padded = new Spec(Fixtures.A100_TRAIN, "llm", " img:1 ", 1, 1, "1");
    assertThat(deployment(padded).build().image()).isEqualTo(" img:1 ");
  }

  /** A violation as its rule id and finding. */
  record RuleFinding(String ruleId, Finding finding) {}

  private static RuleFinding asFinding(Violation violation) {
    return new RuleFinding(
        violation.ruleId(), new Finding(violation.path(), violation.message(), violation.fix()));
  }
}
