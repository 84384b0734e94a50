package io.gpuspec.tfjob;

import static org.assertj.core.api.Assertions.assertThat;

import io.gpuspec.core.Architecture;
import io.gpuspec.core.GpuCatalogue;
import io.gpuspec.core.GpuModel;
import io.gpuspec.core.GpuPlacement;
import io.gpuspec.core.InferenceDeployment;
import io.gpuspec.core.Interconnect;
import io.gpuspec.core.InvalidSpecException;
import io.gpuspec.core.LabelScheme;
import io.gpuspec.core.ManifestSource;
import io.gpuspec.core.NamedPort;
import io.gpuspec.core.NodePool;
import io.gpuspec.core.NodeTaint;
import io.gpuspec.core.Platform;
import io.gpuspec.core.PoolPurpose;
import io.gpuspec.core.TestGpuspec;
import io.gpuspec.core.TrainingJob;
import io.gpuspec.core.WorkloadVolume;
import io.gpuspec.core.manifest.YamlRenderer;
import io.gpuspec.core.report.Report;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.function.BiFunction;
import java.util.function.Function;
import java.util.function.Supplier;
import java.util.function.UnaryOperator;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Combinators;
import net.jqwik.api.EdgeCasesMode;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.Tuple;
import net.jqwik.api.statistics.Statistics;

/**
 * Every DSL builder of core and tfjob fed random, null, empty, negative and huge values: only
 * {@link InvalidSpecException} ever escapes {@code build()}, its message has the form {@code
 * <where>: <what is wrong>; <how to fix>}, and whatever is accepted passes every rule as an error.
 *
 * <p>A scenario is a platform of pools and workloads (Deployment, Job, TFJob). Each value is made
 * by a recipe: calls with sensible values first, so that many scenarios build, then calls of any
 * setter with a value that is sensible, tricky (a label gpuspec sets, {@code /dev/shm}, a MIG
 * profile) or hostile (null, empty, negative, huge, not a name), which later calls win over. Pools
 * may use custom GPU models, label schemes and taints; workloads refer to the pools by index. The
 * first property varies whole platforms (1–3 pools, 1–3 workloads, 0–3 hostile calls each); the
 * second puts 1–4 hostile calls into one workload on 1–2 pools.
 *
 * <p>Nulls are fed as values, elements, keys and map values; a null array, collection, map or
 * {@code Optional} passed as a whole is not (the generated builders dereference those before
 * gpuspec code runs).
 */
class HostileInputProperties {

  /** One builder call with its arguments, applied when the property runs. */
  record Call<B>(String text, BiFunction<B, List<NodePool>, B> apply) {
    @Override
    public String toString() {
      return text;
    }
  }

  /** Everything one value is made of: how it starts and the calls on its builder. */
  record Recipe<B, T>(String kind, Call<B> start, List<Call<B>> calls, Function<B, T> build) {

    T make(List<NodePool> pools) {
      B builder = start.apply().apply(null, pools);
      for (Call<B> call : calls) {
        builder = call.apply().apply(builder, pools);
      }
      return build.apply(builder);
    }

    @Override
    public String toString() {
      return kind + "." + start + calls.stream().map(c -> "." + c).reduce("", String::concat);
    }
  }

  /** A platform: pools (some also given with addPools) and the workloads placed on them. */
  record Scenario(
      List<Recipe<NodePool.Builder, NodePool>> pools,
      List<Boolean> addExplicitly,
      List<Recipe<?, ? extends ManifestSource>> workloads) {

    Platform build() {
      List<NodePool> built = new ArrayList<>();
      for (Recipe<NodePool.Builder, NodePool> pool : pools) {
        built.add(pool.make(built));
      }
      Platform.Builder platform = Platform.builder();
      for (int i = 0; i < built.size(); i++) {
        if (addExplicitly.get(i)) {
          platform.addPool(built.get(i));
        }
      }
      for (Recipe<?, ? extends ManifestSource> workload : workloads) {
        platform.add(workload.make(built));
      }
      return platform.build();
    }
  }

  @Property(tries = 1000, edgeCases = EdgeCasesMode.NONE) // hostile values hold the edge cases
  void anyPlatformEitherFailsToBuildWithAnInvalidSpecOrPassesEveryRule(
      @ForAll("scenarios") Scenario scenario) {
    buildAndCheck(scenario, 10.0);
  }

  @Property(tries = 1500, edgeCases = EdgeCasesMode.NONE)
  void anyWorkloadWithHostileSettingsEitherFailsToBuildOrPassesEveryRule(
      @ForAll("singleWorkloads") Scenario scenario) {
    buildAndCheck(scenario, 5.0);
  }

  /**
   * Builds the scenario: a rejection must be an {@link InvalidSpecException} in the error form; an
   * accepted platform must pass every rule of every module, strictly, and render.
   */
  private static void buildAndCheck(Scenario scenario, double minAcceptedPercent) {
    Statistics.label("outcome")
        .coverage(c -> c.check("accepted").percentage(p -> p >= minAcceptedPercent));
    Platform platform;
    try {
      platform = scenario.build();
    } catch (InvalidSpecException e) {
      assertThat(e.getMessage()).matches("(?s).+?: .+; .+");
      Statistics.label("outcome").collect("rejected");
      Statistics.label("rejected by").collect(e.getClass().getSimpleName());
      return;
    }
    Statistics.label("outcome").collect("accepted");

    Report report = TestGpuspec.GPUSPEC.check(platform);

    assertThat(report.violations()).as(report.summary()).isEmpty();
    assertThat(YamlRenderer.render(TestGpuspec.GPUSPEC.manifests(platform))).isNotEmpty();
  }

  /** One or two pools and one workload of 1–4 hostile calls: the tries go into the setters. */
  @Provide
  Arbitrary<Scenario> singleWorkloads() {
    Arbitrary<Recipe<?, ? extends ManifestSource>> workload =
        Arbitraries.oneOf(deployments(SEVERAL), trainingJobs(SEVERAL), tfJobs(SEVERAL));
    return Combinators.combine(pools(SOME).list().ofMinSize(1).ofMaxSize(2), workload)
        .as((pools, w) -> new Scenario(pools, List.of(false, false), List.of(w)));
  }

  @Provide
  Arbitrary<Scenario> scenarios() {
    Arbitrary<List<Recipe<NodePool.Builder, NodePool>>> pools =
        pools(SOME).list().ofMinSize(1).ofMaxSize(3);
    Arbitrary<Recipe<?, ? extends ManifestSource>> workload =
        Arbitraries.oneOf(deployments(SOME), trainingJobs(SOME), tfJobs(SOME));
    return Combinators.combine(
            pools,
            Arbitraries.of(true, false).list().ofSize(3),
            workload.list().ofMinSize(1).ofMaxSize(3))
        .as(Scenario::new);
  }

  // ---------------------------------------------------------------- values, sensible and hostile

  private static <T> Arbitrary<T> mixed(Arbitrary<T> sensible, Arbitrary<T> hostile) {
    return Arbitraries.frequencyOf(Tuple.of(3, sensible), Tuple.of(1, hostile));
  }

  /** Values of a reference type, sometimes null. */
  private static <T> Arbitrary<T> nullable(Arbitrary<T> values) {
    return values.injectNull(0.1);
  }

  /** Present (never holding null) or empty. */
  private static <T> Arbitrary<Optional<T>> optionalOf(Arbitrary<T> values) {
    return Arbitraries.frequencyOf(
        Tuple.of(1, Arbitraries.just(Optional.<T>empty())),
        Tuple.of(2, values.filter(Objects::nonNull).map(Optional::of)));
  }

  /** A value made when the call that takes it runs, so that its exceptions reach the property. */
  record Made<T>(String text, Supplier<T> make) {
    @Override
    public String toString() {
      return text;
    }
  }

  /** Strings that break names, labels, paths and quantities. */
  private static Arbitrary<String> hostileStrings() {
    return Arbitraries.oneOf(
        Arbitraries.of(
            "",
            " ",
            "-",
            "a-",
            "A",
            "a b",
            "a_b",
            "ä",
            "a.b",
            "a/b",
            "/",
            "..",
            "\n",
            "\u0000",
            "x".repeat(64),
            "x".repeat(254),
            "1e400",
            "-1",
            "0",
            "1e-400",
            "nvidia.com/gpu",
            "app.kubernetes.io/name",
            "kubernetes.io/x",
            "9Ei",
            "٣"),
        Arbitraries.strings().ofMaxLength(12),
        Arbitraries.strings()
            .withCharRange('a', 'z')
            .numeric()
            .withChars('-', '.', '/', '_', 'A')
            .ofMaxLength(20));
  }

  private static Arbitrary<Integer> hostileInts() {
    return Arbitraries.oneOf(
        Arbitraries.of(0, -1, 1, 2, 7, 8, 9, 64, 65, 65_536, Integer.MAX_VALUE, Integer.MIN_VALUE),
        Arbitraries.integers());
  }

  private static Arbitrary<Long> hostileLongs() {
    return Arbitraries.oneOf(
        Arbitraries.of(0L, -1L, 1L, 1000L, 1L << 31, Long.MAX_VALUE, Long.MIN_VALUE),
        Arbitraries.longs());
  }

  private static Arbitrary<String> strings(String... sensible) {
    return nullable(mixed(Arbitraries.of(sensible), hostileStrings()));
  }

  private static Arbitrary<Integer> ints(int min, int max) {
    return mixed(Arbitraries.integers().between(min, max), hostileInts());
  }

  private static <E extends Enum<E>> Arbitrary<E> enums(Class<E> type) {
    return nullable(Arbitraries.of(type));
  }

  private static Arbitrary<String> names() {
    return strings("llm", "resnet", "mnist", "bert", "a", "x1");
  }

  private static Arbitrary<String> quantities() {
    return strings("1", "500m", "8", "4Gi", "16Gi", "1.5Gi", "1e9", "100Gi");
  }

  private static Arbitrary<String> labelKeys() {
    return strings(
        "team",
        "example.com/owner",
        "tier",
        "topology.kubernetes.io/zone",
        "app.kubernetes.io/name",
        "app.kubernetes.io/managed-by",
        "app.kubernetes.io/component",
        "nvidia.com/gpu.product",
        "gpu.model");
  }

  private static Arbitrary<String> labelValues() {
    return strings("a", "vision", "rack-3", "", "v1.2");
  }

  private static Arbitrary<String> gpuResources() {
    return strings(
        "nvidia.com/gpu",
        "nvidia.com/gpu.shared",
        "nvidia.com/mig-1g.10gb",
        "nvidia.com/mig-3g.40gb",
        "nvidia.com/mig-1g.5gb+me",
        "amd.com/gpu");
  }

  // ---------------------------------------------------------------- calls

  private static String show(Object value) {
    if (value instanceof Made<?> made) {
      return made.text();
    }
    if (value instanceof LabelScheme scheme) {
      return "LabelScheme." + scheme.name();
    }
    if (value instanceof String text) {
      String shown = text.length() > 24 ? text.substring(0, 8) + "…(" + text.length() + ")" : text;
      return "\"" + shown.replace("\n", "\\n").replace("\u0000", "\\0") + "\"";
    }
    return String.valueOf(value);
  }

  private static <B, V> Arbitrary<Call<B>> call(
      String name, Arbitrary<V> values, BiFunction<B, V, B> setter) {
    return values.map(
        v -> new Call<>(name + "(" + show(v) + ")", (b, pools) -> setter.apply(b, v)));
  }

  /** A call taking a value made when it runs. */
  private static <B, V> Arbitrary<Call<B>> made(
      String name, Arbitrary<Made<V>> values, BiFunction<B, V, B> setter) {
    return values.map(
        v -> new Call<>(name + "(" + v + ")", (b, pools) -> setter.apply(b, v.make().get())));
  }

  private static <B, V, W> Arbitrary<Call<B>> call(
      String name, Arbitrary<V> first, Arbitrary<W> second, Function3<B, V, W> setter) {
    return Combinators.combine(first, second)
        .as(
            (v, w) ->
                new Call<>(
                    name + "(" + show(v) + ", " + show(w) + ")",
                    (b, pools) -> setter.apply(b, v, w)));
  }

  /** A call given the pool of an index (any index picks a pool built before). */
  private static <B> Arbitrary<Call<B>> poolCall(String name, BiFunction<B, NodePool, B> setter) {
    return Arbitraries.integers()
        .between(0, 2)
        .map(
            i ->
                new Call<>(
                    name + "(pool " + i + ")",
                    (b, pools) -> setter.apply(b, pools.get(i % pools.size()))));
  }

  /** A call whose argument is itself built from a recipe when the call is applied. */
  private static <B, T> Arbitrary<Call<B>> nested(
      String name, Arbitrary<? extends Recipe<?, T>> recipes, BiFunction<B, T, B> setter) {
    return recipes.map(
        r -> new Call<>(name + "(" + r + ")", (b, pools) -> setter.apply(b, r.make(pools))));
  }

  @FunctionalInterface
  interface Function3<B, V, W> {
    B apply(B builder, V first, W second);
  }

  /** Hostile calls of a recipe in a scenario: mostly none, so that many scenarios build. */
  private static final Arbitrary<Integer> SOME =
      Arbitraries.frequencyOf(
          Tuple.of(7, Arbitraries.just(0)), Tuple.of(3, Arbitraries.integers().between(1, 3)));

  /** Hostile calls of the one workload of the focused property: always some. */
  private static final Arbitrary<Integer> SEVERAL = Arbitraries.integers().between(1, 4);

  /** Sensible calls, then 0–3 calls of any setter with any value. */
  private static <B, T> Arbitrary<Recipe<B, T>> recipe(
      String kind,
      Arbitrary<Call<B>> start,
      List<Arbitrary<Call<B>>> sensible,
      List<Arbitrary<Call<B>>> any,
      Function<B, T> build) {
    return recipe(kind, start, sensible, any, build, SOME);
  }

  /** Sensible calls, then {@code extras} calls of any setter with any value. */
  private static <B, T> Arbitrary<Recipe<B, T>> recipe(
      String kind,
      Arbitrary<Call<B>> start,
      List<Arbitrary<Call<B>>> sensible,
      List<Arbitrary<Call<B>>> any,
      Function<B, T> build,
      Arbitrary<Integer> extras) {
    Arbitrary<List<Call<B>>> base =
        sensible.isEmpty()
            ? Arbitraries.just(List.of())
            : Combinators.combine(sensible).as(List::copyOf);
    Arbitrary<List<Call<B>>> extra = extras.flatMap(n -> Arbitraries.oneOf(any).list().ofSize(n));
    return Combinators.combine(start, base, extra)
        .as(
            (s, b, e) -> {
              List<Call<B>> calls = new ArrayList<>(b);
              calls.addAll(e);
              return new Recipe<>(kind, s, List.copyOf(calls), build);
            });
  }

  /** How a recipe starts: with a sensible name (hostile names come with later calls). */
  private static <B> Arbitrary<Call<B>> start(
      String name, Function<String, B> start, String... names) {
    return Arbitraries.of(names)
        .map(n -> new Call<>(name + "(" + show(n) + ")", (b, pools) -> start.apply(n)));
  }

  // ---------------------------------------------------------------- core builders

  static Arbitrary<Recipe<GpuModel.Builder, GpuModel>> gpuModels() {
    List<Arbitrary<Call<GpuModel.Builder>>> any =
        List.of(
            call("name", strings("A100-lab", "X1"), GpuModel.Builder::name),
            call("family", strings("A100", "X"), GpuModel.Builder::family),
            call(
                "addProductLabel",
                strings("NVIDIA-X1", "NVIDIA-A100-SXM4-80GB"),
                GpuModel.Builder::addProductLabel),
            call(
                "productLabels",
                strings("NVIDIA-X2").list().ofMaxSize(2),
                (b, v) -> b.productLabels(v)),
            call("memoryGiB", ints(1, 200), GpuModel.Builder::memoryGiB),
            call("architecture", enums(Architecture.class), GpuModel.Builder::architecture),
            call(
                "computeCapability",
                strings("8.0", "9.0", "10.0"),
                GpuModel.Builder::computeCapability),
            call("migCapable", Arbitraries.of(true, false), GpuModel.Builder::migCapable));
    Arbitrary<Call<GpuModel.Builder>> start =
        Arbitraries.of(GpuCatalogue.defaults().models())
            .map(m -> new Call<>("from(" + m + ")", (b, pools) -> GpuModel.from(m)));
    return recipe("GpuModel", start, List.of(), any, GpuModel.Builder::build);
  }

  static Arbitrary<Recipe<LabelScheme.Builder, LabelScheme>> labelSchemes() {
    Arbitrary<String> keys =
        strings("gpu.model", "example.com/gpu", "gpu-mem", "pool", "node-type");
    List<Arbitrary<Call<LabelScheme.Builder>>> any =
        List.of(
            call("name", strings("acme"), LabelScheme.Builder::name),
            call("modelKey", keys, LabelScheme.Builder::modelKey),
            call("style", enums(LabelScheme.Style.class), LabelScheme.Builder::style),
            call("memoryKey", keys, LabelScheme.Builder::memoryKey),
            call("purposeKey", keys, LabelScheme.Builder::purposeKey),
            call("interconnectKey", keys, LabelScheme.Builder::interconnectKey),
            call(
                "putConstantLabel",
                labelKeys(),
                labelValues(),
                LabelScheme.Builder::putConstantLabel));
    Arbitrary<Call<LabelScheme.Builder>> start =
        Arbitraries.of(LabelScheme.builtIns())
            .map(s -> new Call<>("from(" + s.name() + ")", (b, pools) -> LabelScheme.from(s)));
    return recipe("LabelScheme", start, List.of(), any, LabelScheme.Builder::build);
  }

  static Arbitrary<Made<NodeTaint>> taints() {
    return Combinators.combine(
            strings("nvidia.com/gpu", "dedicated", "team"),
            strings("present", "gpu", "a"),
            enums(NodeTaint.Effect.class))
        .as(
            (k, v, e) ->
                new Made<>(
                    "NodeTaint(" + show(k) + ", " + show(v) + ", " + e + ")",
                    () -> new NodeTaint(k, v, e)));
  }

  static Arbitrary<Recipe<NodePool.Builder, NodePool>> pools(Arbitrary<Integer> extras) {
    Arbitrary<GpuModel> catalogue = Arbitraries.of(GpuCatalogue.defaults().models());
    List<Arbitrary<Call<NodePool.Builder>>> sensible =
        List.of(
            call("model", catalogue, NodePool.Builder::model),
            call(
                "gpusPerNode", Arbitraries.integers().between(1, 8), NodePool.Builder::gpusPerNode),
            call("nodeCount", Arbitraries.integers().between(1, 4), NodePool.Builder::nodeCount),
            call(
                "labelScheme",
                Arbitraries.of(LabelScheme.builtIns()),
                NodePool.Builder::labelScheme),
            call("purpose", Arbitraries.of(PoolPurpose.class), NodePool.Builder::purpose),
            call("dedicated", Arbitraries.of(true, false), NodePool.Builder::dedicated));
    List<Arbitrary<Call<NodePool.Builder>>> any =
        List.of(
            call("name", strings("a100-train", "l4", "pool-b"), NodePool.Builder::name),
            call("model", nullable(catalogue), NodePool.Builder::model),
            nested("model", gpuModels(), NodePool.Builder::model),
            call("gpusPerNode", ints(1, 8), NodePool.Builder::gpusPerNode),
            call("nodeCount", ints(1, 4), NodePool.Builder::nodeCount),
            nested("labelScheme", labelSchemes(), NodePool.Builder::labelScheme),
            call("purpose", enums(PoolPurpose.class), NodePool.Builder::purpose),
            call("interconnect", enums(Interconnect.class), (b, v) -> b.interconnect(v)),
            call("putExtraLabel", labelKeys(), labelValues(), NodePool.Builder::putExtraLabel),
            call(
                "taints",
                taints().list().ofMaxSize(2),
                (b, v) -> b.taints(v.stream().map(t -> t.make().get()).toArray(NodeTaint[]::new))),
            made("addCustomTaint", taints(), NodePool.Builder::addCustomTaint));
    return recipe(
        "NodePool",
        start(
            "named", NodePool::named, "a100-train", "l4", "pool-b", "h100", "p1", "p2", "p3", "p4"),
        sensible,
        any,
        NodePool.Builder::build,
        extras);
  }

  // ---------------------------------------------------------------- workloads

  static Arbitrary<Made<WorkloadVolume>> volumes() {
    Arbitrary<String> paths = strings("/scratch", "/data", "/dev/shm", "/models");
    return Arbitraries.oneOf(
        Combinators.combine(paths, quantities())
            .as((p, q) -> made("scratch", () -> WorkloadVolume.scratch(p, q), p, q)),
        Combinators.combine(paths, quantities(), strings("local-nvme"))
            .as((p, q, c) -> made("scratch", () -> WorkloadVolume.scratch(p, q, c), p, q, c)),
        Combinators.combine(strings("data", "dshm", "scratch"), paths, strings("datasets"))
            .as((n, p, c) -> made("dataset", () -> WorkloadVolume.dataset(n, p, c), n, p, c)),
        Combinators.combine(strings("ckpt"), paths, strings("checkpoints"))
            .as((n, p, c) -> made("claim", () -> WorkloadVolume.claim(n, p, c), n, p, c)),
        Combinators.combine(
                strings("raw"),
                paths,
                optionalOf(quantities()),
                optionalOf(strings("local-nvme")),
                optionalOf(strings("claim")),
                Arbitraries.of(true, false))
            .as(
                (n, p, size, sc, claim, ro) ->
                    made(
                        "new WorkloadVolume",
                        () -> new WorkloadVolume(n, p, size, sc, claim, ro),
                        n,
                        p,
                        size,
                        sc,
                        claim,
                        ro)));
  }

  private static <T> Made<T> made(String name, Supplier<T> make, Object... args) {
    List<String> shown = new ArrayList<>();
    for (Object arg : args) {
      shown.add(show(arg));
    }
    return new Made<>(name + "(" + String.join(", ", shown) + ")", make);
  }

  /** Calls every workload builder has: its container and its pod. */
  static <B> List<Arbitrary<Call<B>>> podCalls(PodSetters<B> setters) {
    return List.of(
        call("image", strings("nvcr.io/nvidia/pytorch:24.08-py3", "img"), setters.image()),
        call("addArg", strings("--data=/data", ""), setters.addArg()),
        call("addCommand", strings("torchrun"), setters.addCommand()),
        call("putEnv", strings("NCCL_DEBUG", "A_B"), strings("INFO", ""), setters.putEnv()),
        call("cpu", quantities(), setters.cpu()),
        call("memory", quantities(), setters.memory()),
        call("gpus", ints(0, 2), setters.gpus()),
        call("gpuResource", gpuResources(), setters.gpuResource()),
        call("putLabel", labelKeys(), labelValues(), setters.putLabel()),
        call(
            "putAnnotation",
            labelKeys(),
            strings("x", "x".repeat(300_000)),
            setters.putAnnotation()),
        call("priorityClassName", strings("training-normal"), setters.priorityClassName()),
        call("serviceAccountName", strings("trainer"), setters.serviceAccountName()),
        call("automountServiceAccountToken", Arbitraries.of(true, false), setters.automount()),
        call(
            "runAsUser",
            mixed(Arbitraries.longs().between(1, 70_000), hostileLongs()),
            setters.runAsUser()),
        call("sharedMemory", quantities(), setters.sharedMemory()),
        made("addVolume", volumes(), setters.addVolume()));
  }

  /** The container and pod setters of one builder type (they share names, not a supertype). */
  record PodSetters<B>(
      BiFunction<B, String, B> image,
      BiFunction<B, String, B> addArg,
      BiFunction<B, String, B> addCommand,
      Function3<B, String, String> putEnv,
      BiFunction<B, String, B> cpu,
      BiFunction<B, String, B> memory,
      BiFunction<B, Integer, B> gpus,
      BiFunction<B, String, B> gpuResource,
      Function3<B, String, String> putLabel,
      Function3<B, String, String> putAnnotation,
      BiFunction<B, String, B> priorityClassName,
      BiFunction<B, String, B> serviceAccountName,
      BiFunction<B, Boolean, B> automount,
      BiFunction<B, Long, B> runAsUser,
      BiFunction<B, String, B> sharedMemory,
      BiFunction<B, WorkloadVolume, B> addVolume) {}

  static Arbitrary<Recipe<InferenceDeployment.Builder, InferenceDeployment>> deployments(
      Arbitrary<Integer> extras) {
    PodSetters<InferenceDeployment.Builder> pod =
        new PodSetters<>(
            InferenceDeployment.Builder::image,
            InferenceDeployment.Builder::addArg,
            InferenceDeployment.Builder::addCommand,
            InferenceDeployment.Builder::putEnv,
            InferenceDeployment.Builder::cpu,
            InferenceDeployment.Builder::memory,
            InferenceDeployment.Builder::gpus,
            InferenceDeployment.Builder::gpuResource,
            InferenceDeployment.Builder::putLabel,
            InferenceDeployment.Builder::putAnnotation,
            (b, v) -> b.priorityClassName(v),
            (b, v) -> b.serviceAccountName(v),
            InferenceDeployment.Builder::automountServiceAccountToken,
            InferenceDeployment.Builder::runAsUser,
            (b, v) -> b.sharedMemory(v),
            InferenceDeployment.Builder::addVolume);
    List<Arbitrary<Call<InferenceDeployment.Builder>>> sensible =
        List.of(
            call(
                "image",
                Arbitraries.just("nvcr.io/nvidia/tritonserver:24.08-py3"),
                InferenceDeployment.Builder::image),
            call(
                "namespace",
                Arbitraries.of("serving", "default"),
                InferenceDeployment.Builder::namespace),
            call(
                "replicas",
                Arbitraries.integers().between(0, 3),
                InferenceDeployment.Builder::replicas),
            poolCall("onPool", InferenceDeployment.Builder::onPool));
    List<Arbitrary<Call<InferenceDeployment.Builder>>> any = new ArrayList<>(podCalls(pod));
    any.addAll(
        List.of(
            call("name", names(), InferenceDeployment.Builder::name),
            call("namespace", strings("serving"), InferenceDeployment.Builder::namespace),
            call("replicas", ints(0, 3), InferenceDeployment.Builder::replicas),
            poolCall("onPool", InferenceDeployment.Builder::onPool),
            preferCall(),
            call(
                "port",
                strings("http", "grpc", "tfjob-port"),
                ints(8000, 8002),
                InferenceDeployment.Builder::port),
            made(
                "addPort",
                Combinators.combine(strings("metrics"), ints(1, 65_535))
                    .as((n, p) -> made("NamedPort", () -> new NamedPort(n, p), n, p)),
                InferenceDeployment.Builder::addPort),
            call("readinessPath", strings("/v2/health/ready"), (b, v) -> b.readinessPath(v)),
            call("livenessPath", strings("/v2/health/live"), (b, v) -> b.livenessPath(v)),
            call(
                "spreadAcrossHosts",
                Arbitraries.of(true, false),
                InferenceDeployment.Builder::spreadAcrossHosts)));
    return recipe(
        "InferenceDeployment",
        start("named", InferenceDeployment::named, "llm", "embeddings", "rerank", "a", "x1"),
        sensible,
        any,
        InferenceDeployment.Builder::build,
        extras);
  }

  /** Placement on a pool with a preference of any weight, key and value. */
  private static Arbitrary<Call<InferenceDeployment.Builder>> preferCall() {
    return Combinators.combine(
            Arbitraries.integers().between(0, 2), ints(1, 100), labelKeys(), labelValues())
        .as(
            (i, weight, key, value) ->
                new Call<>(
                    "placement(pool "
                        + i
                        + ", prefer("
                        + weight
                        + ", "
                        + show(key)
                        + ", "
                        + show(value)
                        + "))",
                    (b, pools) ->
                        b.placement(
                            GpuPlacement.builder()
                                .pool(pools.get(i % pools.size()))
                                .prefer(weight, key, value)
                                .build())));
  }

  static Arbitrary<Recipe<TrainingJob.Builder, TrainingJob>> trainingJobs(
      Arbitrary<Integer> extras) {
    PodSetters<TrainingJob.Builder> pod =
        new PodSetters<>(
            TrainingJob.Builder::image,
            TrainingJob.Builder::addArg,
            TrainingJob.Builder::addCommand,
            TrainingJob.Builder::putEnv,
            TrainingJob.Builder::cpu,
            TrainingJob.Builder::memory,
            TrainingJob.Builder::gpus,
            TrainingJob.Builder::gpuResource,
            TrainingJob.Builder::putLabel,
            TrainingJob.Builder::putAnnotation,
            (b, v) -> b.priorityClassName(v),
            (b, v) -> b.serviceAccountName(v),
            TrainingJob.Builder::automountServiceAccountToken,
            TrainingJob.Builder::runAsUser,
            (b, v) -> b.sharedMemory(v),
            TrainingJob.Builder::addVolume);
    List<Arbitrary<Call<TrainingJob.Builder>>> sensible =
        List.of(
            call(
                "image",
                Arbitraries.just("nvcr.io/nvidia/pytorch:24.08-py3"),
                TrainingJob.Builder::image),
            call("namespace", Arbitraries.of("ml", "default"), TrainingJob.Builder::namespace),
            poolCall("onPool", TrainingJob.Builder::onPool));
    List<Arbitrary<Call<TrainingJob.Builder>>> any = new ArrayList<>(podCalls(pod));
    any.addAll(
        List.of(
            call("name", names(), TrainingJob.Builder::name),
            call("namespace", strings("ml"), TrainingJob.Builder::namespace),
            poolCall("onPool", TrainingJob.Builder::onPool),
            call(
                "restartPolicy",
                enums(TrainingJob.RestartPolicy.class),
                TrainingJob.Builder::restartPolicy),
            call("backoffLimit", ints(0, 6), TrainingJob.Builder::backoffLimit),
            call(
                "activeDeadlineSeconds",
                mixed(Arbitraries.longs().between(1, 86_400), hostileLongs()),
                TrainingJob.Builder::activeDeadlineSeconds),
            call(
                "ttlSecondsAfterFinished",
                ints(0, 3600),
                TrainingJob.Builder::ttlSecondsAfterFinished),
            call("completions", ints(1, 4), TrainingJob.Builder::completions),
            call("parallelism", ints(1, 4), TrainingJob.Builder::parallelism)));
    return recipe(
        "TrainingJob",
        start("named", TrainingJob::named, "resnet", "bert", "probe", "a", "x1"),
        sensible,
        any,
        TrainingJob.Builder::build,
        extras);
  }

  // ---------------------------------------------------------------- tfjob builders

  /** A replica's calls; {@code placed} ones start on a pool of their own. */
  static Arbitrary<List<Call<TfReplica.Builder>>> replicaCalls(boolean gpu, boolean placed) {
    PodSetters<TfReplica.Builder> pod =
        new PodSetters<>(
            TfReplica.Builder::image,
            TfReplica.Builder::addArg,
            TfReplica.Builder::addCommand,
            TfReplica.Builder::putEnv,
            TfReplica.Builder::cpu,
            TfReplica.Builder::memory,
            TfReplica.Builder::gpus,
            TfReplica.Builder::gpuResource,
            TfReplica.Builder::putLabel,
            TfReplica.Builder::putAnnotation,
            (b, v) -> b.priorityClassName(v),
            (b, v) -> b.serviceAccountName(v),
            TfReplica.Builder::automountServiceAccountToken,
            TfReplica.Builder::runAsUser,
            (b, v) -> b.sharedMemory(v),
            TfReplica.Builder::addVolume);
    List<Arbitrary<Call<TfReplica.Builder>>> any = new ArrayList<>(podCalls(pod));
    any.addAll(
        List.of(
            call("replicas", ints(1, 3), TfReplica.Builder::replicas),
            call("restartPolicy", enums(RestartPolicy.class), TfReplica.Builder::restartPolicy),
            call("type", enums(ReplicaType.class), TfReplica.Builder::type),
            poolCall("onPool", TfReplica.Builder::onPool)));
    Arbitrary<Call<TfReplica.Builder>> image =
        call("image", Arbitraries.just(TfFixtures.IMAGE), TfReplica.Builder::image);
    Arbitrary<Call<TfReplica.Builder>> gpus =
        call("gpus", Arbitraries.just(gpu ? 1 : 0), TfReplica.Builder::gpus);
    List<Arbitrary<Call<TfReplica.Builder>>> sensible =
        placed ? List.of(gpus, poolCall("onPool", TfReplica.Builder::onPool)) : List.of(gpus);
    return recipe("TfReplica", image, sensible, any, b -> b)
        .map(
            r -> {
              List<Call<TfReplica.Builder>> calls = new ArrayList<>();
              calls.add(r.start());
              calls.addAll(r.calls());
              return List.copyOf(calls);
            });
  }

  private static TfReplica.Builder apply(
      TfReplica.Builder builder, List<Call<TfReplica.Builder>> calls, List<NodePool> pools) {
    TfReplica.Builder replica = builder;
    for (Call<TfReplica.Builder> call : calls) {
      replica = call.apply().apply(replica, pools);
    }
    return replica;
  }

  private static Arbitrary<Call<TfJob.Builder>> replicaCall(
      String name,
      Arbitrary<Integer> counts,
      boolean gpu,
      Function3<TfJob.Builder, Integer, UnaryOperator<TfReplica.Builder>> setter) {
    return replicaCall(name, counts, gpu, false, setter);
  }

  private static Arbitrary<Call<TfJob.Builder>> replicaCall(
      String name,
      Arbitrary<Integer> counts,
      boolean gpu,
      boolean placed,
      Function3<TfJob.Builder, Integer, UnaryOperator<TfReplica.Builder>> setter) {
    return Combinators.combine(counts, replicaCalls(gpu, placed))
        .as(
            (count, calls) ->
                new Call<>(
                    name
                        + "("
                        + count
                        + ", r -> r"
                        + calls.stream().map(c -> "." + c).reduce("", String::concat)
                        + ")",
                    (b, pools) -> setter.apply(b, count, r -> apply(r, calls, pools))));
  }

  static Arbitrary<Made<GangScheduling>> gangs() {
    return Combinators.combine(
            optionalOf(ints(1, 4)),
            optionalOf(strings("training", "research")),
            optionalOf(strings("training-normal")),
            optionalOf(ints(1, 600)))
        .as(
            (min, queue, priority, timeout) ->
                made(
                    "GangScheduling",
                    () ->
                        GangScheduling.builder()
                            .minAvailable(min)
                            .queue(queue)
                            .priorityClass(priority)
                            .scheduleTimeoutSeconds(timeout)
                            .build(),
                    min,
                    queue,
                    priority,
                    timeout));
  }

  static Arbitrary<Recipe<TfJob.Builder, TfJob>> tfJobs(Arbitrary<Integer> extras) {
    List<Arbitrary<Call<TfJob.Builder>>> sensible =
        List.of(
            call("namespace", Arbitraries.of("ml", "default"), TfJob.Builder::namespace),
            poolCall("onPool", TfJob.Builder::onPool),
            replicaCall(
                "workers", Arbitraries.integers().between(1, 2), true, TfJob.Builder::workers));
    List<Arbitrary<Call<TfJob.Builder>>> any =
        List.of(
            call("name", names(), TfJob.Builder::name),
            call("namespace", strings("ml"), TfJob.Builder::namespace),
            call("putLabel", labelKeys(), labelValues(), TfJob.Builder::putLabel),
            call("putAnnotation", labelKeys(), strings("x"), TfJob.Builder::putAnnotation),
            poolCall("onPool", TfJob.Builder::onPool),
            poolCall("onFirstFitting", (b, pool) -> b.onFirstFitting(pool)),
            replicaCall("chief", Arbitraries.just(1), true, (b, n, spec) -> b.chief(spec)),
            replicaCall("master", Arbitraries.just(1), true, (b, n, spec) -> b.master(spec)),
            replicaCall("workers", ints(1, 3), true, TfJob.Builder::workers),
            replicaCall("ps", ints(1, 2), false, TfJob.Builder::ps),
            replicaCall("evaluator", Arbitraries.just(1), false, (b, n, spec) -> b.evaluator(spec)),
            replicaCall("chief", Arbitraries.just(1), true, true, (b, n, spec) -> b.chief(spec)),
            replicaCall(
                "evaluator", Arbitraries.just(1), true, true, (b, n, spec) -> b.evaluator(spec)),
            call("cleanPodPolicy", enums(CleanPodPolicy.class), TfJob.Builder::cleanPodPolicy),
            call("ttlSecondsAfterFinished", ints(0, 3600), TfJob.Builder::ttlSecondsAfterFinished),
            call(
                "activeDeadlineSeconds",
                mixed(Arbitraries.longs().between(1, 86_400), hostileLongs()),
                TfJob.Builder::activeDeadlineSeconds),
            call("backoffLimit", ints(0, 6), TfJob.Builder::backoffLimit),
            call("suspend", Arbitraries.of(true, false), TfJob.Builder::suspend),
            made("schedulingPolicy", gangs(), TfJob.Builder::schedulingPolicy),
            call(
                "gang minAvailable",
                ints(1, 4),
                (b, min) -> b.schedulingPolicy(s -> s.minAvailable(min))),
            call("successPolicy", enums(SuccessPolicy.class), TfJob.Builder::successPolicy),
            call(
                "enableDynamicWorker",
                Arbitraries.of(true, false),
                TfJob.Builder::enableDynamicWorker));
    return recipe(
        "TfJob",
        start("named", TfJob::named, "mnist", "bert", "a", "x1"),
        sensible,
        any,
        TfJob.Builder::build,
        extras);
  }
}
