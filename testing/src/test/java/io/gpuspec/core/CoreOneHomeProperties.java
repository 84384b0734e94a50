package io.gpuspec.core;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.fabric8.kubernetes.api.model.HasMetadata;
import io.gpuspec.core.check.CheckOptions;
import io.gpuspec.testing.OneHome;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.Function;
import java.util.function.Supplier;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Combinators;
import net.jqwik.api.Example;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.statistics.Statistics;

/**
 * One home for the facts of core's workload builders: over random DSL inputs that are not about the
 * DSL's own shape, {@code build()} refuses a workload if and only if the rules, run on the workload
 * rendered unchecked with its pool as the fleet and warnings as errors, find an error; and what
 * {@code build()} throws is a finding the rules report (same id, path, message and fix).
 *
 * <p>The inputs reach every fact core's builders throw: names and labels (K8S003), images, env
 * names and volumes (K8S007), cpu, memory and shared-memory amounts (K8S010), user ids (SEC001),
 * retries (K8S011), and GPU counts and MIG resources against the pool (GPU005). Inputs that a
 * remaining {@code @Value.Check} refuses before rendering are discarded.
 *
 * <p>It lives in this module's tests because core's own tests cannot use {@link OneHome} (this
 * module depends on core); it stays in core's package to reach {@code buildUnchecked()}.
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

  /** Inputs beyond names and images: amounts, env, user id, retries, GPU resource. */
  record Extras(
      String memory,
      String envKey,
      long runAsUser,
      Optional<Integer> backoffLimit,
      String gpuResource,
      Optional<String> sharedMemory) {

    static final Extras SENSIBLE =
        new Extras("4Gi", "NCCL_DEBUG", 1000, Optional.empty(), "nvidia.com/gpu", Optional.empty());
  }

  @Provide
  Arbitrary<Extras> extras() {
    return Combinators.combine(
            Arbitraries.of("4Gi", "0", "lots", "1e400", "-1Gi", "500m"),
            Arbitraries.of("NCCL_DEBUG", "A=B", "my var", "TAB\t"),
            Arbitraries.of(1000L, 0L, -1L, 1L << 40),
            Arbitraries.of(Optional.<Integer>empty(), Optional.of(2), Optional.of(-1)),
            Arbitraries.of(
                "nvidia.com/gpu",
                "nvidia.com/mig-1g.10gb",
                "nvidia.com/mig-3g.40gb",
                "nvidia.com/mig-1g.10gb+gfx",
                "nvidia.com/mig-7g.200gb"),
            Arbitraries.of(Optional.<String>empty(), Optional.of("8Gi"), Optional.of("-1Gi")))
        .as(Extras::new)
        .edgeCases(edges -> edges.add(Extras.SENSIBLE));
  }

  /** The inputs of one workload, with the pool it runs on. */
  record Spec(
      NodePool pool,
      String name,
      String image,
      int gpus,
      int replicas,
      String cpu,
      List<String> label,
      Extras extras) {

    Spec(NodePool pool, String name, String image, int gpus, int replicas, String cpu) {
      this(pool, name, image, gpus, replicas, cpu, List.of(), Extras.SENSIBLE);
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
                        Arbitraries.integers().between(0, pool.gpusPerNode() + 2),
                        Arbitraries.integers().between(1, 3),
                        Arbitraries.of("1", "500m", "0.5", "0", "0.0001", "abc"),
                        labels(),
                        extras())
                    .as(
                        (name, image, gpus, replicas, cpu, label, extras) ->
                            new Spec(pool, name, image, gpus, replicas, cpu, label, extras)));
  }

  private static InferenceDeployment.Builder deployment(Spec spec) {
    Extras extras = spec.extras();
    InferenceDeployment.Builder builder =
        InferenceDeployment.named(spec.name())
            .namespace("serving")
            .image(spec.image())
            .replicas(spec.replicas())
            .gpus(spec.gpus())
            .cpu(spec.cpu())
            .memory(extras.memory())
            .putEnv(extras.envKey(), "1")
            .runAsUser(extras.runAsUser())
            .gpuResource(extras.gpuResource())
            .sharedMemory(extras.sharedMemory())
            .putAllLabels(spec.labels())
            .port("http", 8000);
    return spec.gpus() > 0 ? builder.onPool(spec.pool()) : builder;
  }

  private static TrainingJob.Builder job(Spec spec) {
    Extras extras = spec.extras();
    TrainingJob.Builder builder =
        TrainingJob.named(spec.name())
            .namespace("ml")
            .image(spec.image())
            .gpus(spec.gpus())
            .cpu(spec.cpu())
            .memory(extras.memory())
            .putEnv(extras.envKey(), "1")
            .runAsUser(extras.runAsUser())
            .gpuResource(extras.gpuResource())
            .sharedMemory(extras.sharedMemory())
            .backoffLimit(extras.backoffLimit())
            .putAllLabels(spec.labels())
            .parallelism(1)
            .completions(spec.replicas());
    return spec.gpus() > 0 ? builder.onPool(spec.pool()) : builder;
  }

  @Property(tries = 400)
  void inferenceDeployment_buildRefusesIffTheRulesFindAnError(@ForAll("specs") Spec spec) {
    holds(
        spec,
        () -> deployment(spec).buildUnchecked(),
        () -> deployment(spec).build(),
        InferenceDeployment::toManifests);
  }

  @Property(tries = 400)
  void trainingJob_buildRefusesIffTheRulesFindAnError(@ForAll("specs") Spec spec) {
    holds(
        spec, () -> job(spec).buildUnchecked(), () -> job(spec).build(), TrainingJob::toManifests);
  }

  /**
   * The one-home proof for one spec, checked strict with its pool as the fleet; an accepted spec
   * renders as it does unchecked. Both outcomes must occur at least once.
   */
  private static <T> void holds(
      Spec spec,
      Supplier<T> buildUnchecked,
      Supplier<T> build,
      Function<T, List<HasMetadata>> render) {
    List<HasMetadata> unchecked = render.apply(OneHome.unchecked(buildUnchecked));
    Optional<InvalidSpecException> refusal = OneHome.refusal(build::get);
    OneHome.assertAgrees(
        TestGpuspec.GPUSPEC,
        refusal,
        unchecked,
        CheckOptions.builder().fleet(Fleet.of(spec.pool())).strict(true).build());
    if (refusal.isEmpty()) {
      assertThat(render.apply(build.get())).isEqualTo(unchecked);
    }
    OneHome.collectOutcome(refusal);
    Statistics.label("refused")
        .coverage(
            coverage -> {
              coverage.check(true).count(n -> n > 0);
              coverage.check(false).count(n -> n > 0);
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
}
