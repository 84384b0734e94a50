package io.gpuspec.core.internal.rules;

import static io.gpuspec.core.internal.rules.RuleFixtures.deployment;
import static org.assertj.core.api.Assertions.assertThat;

import io.fabric8.kubernetes.api.model.Affinity;
import io.fabric8.kubernetes.api.model.AffinityBuilder;
import io.fabric8.kubernetes.api.model.Container;
import io.fabric8.kubernetes.api.model.ContainerBuilder;
import io.fabric8.kubernetes.api.model.HasMetadata;
import io.fabric8.kubernetes.api.model.NodeSelectorRequirementBuilder;
import io.fabric8.kubernetes.api.model.PodSpec;
import io.fabric8.kubernetes.api.model.PodSpecBuilder;
import io.fabric8.kubernetes.api.model.Quantity;
import io.gpuspec.core.Fleet;
import io.gpuspec.core.GpuCatalogue;
import io.gpuspec.core.GpuModel;
import io.gpuspec.core.LabelScheme;
import io.gpuspec.core.NodePool;
import io.gpuspec.core.NodeTaint;
import io.gpuspec.core.TestGpuspec;
import io.gpuspec.core.check.CheckOptions;
import io.gpuspec.core.manifest.ManifestSet;
import io.gpuspec.core.report.Report;
import io.gpuspec.core.spi.Rule;
import java.util.List;
import java.util.Map;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Combinators;
import net.jqwik.api.ForAll;
import net.jqwik.api.Label;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.constraints.IntRange;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

/** The core rules as a set: discovery, suppression, and what a well-placed GPU workload passes. */
class CoreRulesTest {

  private static final List<String> IDS =
      List.of(
          "GPU001", "GPU002", "GPU003", "GPU004", "GPU005", "K8S001", "K8S002", "K8S003", "K8S004",
          "K8S005", "K8S006", "SEC001", "SEC002");

  /** A pod spec placed on a pool the way the DSL places it: tolerations, affinity, hardening. */
  static PodSpec placedOn(NodePool pool, int gpus, String restartPolicy) {
    Affinity affinity =
        new AffinityBuilder()
            .withNewNodeAffinity()
            .withNewRequiredDuringSchedulingIgnoredDuringExecution()
            .addNewNodeSelectorTerm()
            .withMatchExpressions(
                pool.selectorLabels().entrySet().stream()
                    .map(
                        e ->
                            new NodeSelectorRequirementBuilder()
                                .withKey(e.getKey())
                                .withOperator("In")
                                .withValues(e.getValue())
                                .build())
                    .toList())
            .endNodeSelectorTerm()
            .endRequiredDuringSchedulingIgnoredDuringExecution()
            .endNodeAffinity()
            .build();
    Container trainer =
        new ContainerBuilder()
            .withName("trainer")
            .withImage("nvcr.io/nvidia/pytorch:24.05-py3")
            .withNewResources()
            .addToRequests("nvidia.com/gpu", new Quantity(Integer.toString(gpus)))
            .addToLimits("nvidia.com/gpu", new Quantity(Integer.toString(gpus)))
            .endResources()
            .withNewSecurityContext()
            .withAllowPrivilegeEscalation(false)
            .withRunAsNonRoot(true)
            .withNewCapabilities()
            .addToDrop("ALL")
            .endCapabilities()
            .withNewSeccompProfile()
            .withType("RuntimeDefault")
            .endSeccompProfile()
            .endSecurityContext()
            .build();
    return new PodSpecBuilder()
        .withRestartPolicy(restartPolicy)
        .withTolerations(pool.taints().stream().map(NodeTaint::toleration).toList())
        .withAffinity(affinity)
        .addToContainers(trainer)
        .withAutomountServiceAccountToken(false)
        .build();
  }

  @Test
  void defaults_findEveryCoreRuleThroughTheServiceLoader() {
    assertThat(TestGpuspec.GPUSPEC.engine().rules()).extracting(Rule::id).containsAll(IDS);
  }

  @Test
  void everyRule_hasADescriptionAndAnUpstreamDocumentationLink() {
    for (Rule rule : TestGpuspec.GPUSPEC.engine().rules()) {
      if (IDS.contains(rule.id())) {
        assertThat(rule.info().title()).as(rule.id()).isNotBlank();
        assertThat(rule.info().documentation().getScheme()).as(rule.id()).isEqualTo("https");
        assertThat(rule.info().documentation().getHost()).as(rule.id()).isEqualTo("kubernetes.io");
      }
    }
  }

  @Test
  @DisplayName("the ignore-check annotation silences exactly the named rule on that object")
  void suppressionAnnotation_silencesOneRule() {
    PodSpec bad =
        new PodSpecBuilder()
            .addToContainers(
                new ContainerBuilder()
                    .withName("main")
                    .withImage("img")
                    .withNewResources()
                    .addToRequests("nvidia.com/gpu", new Quantity("1"))
                    .endResources()
                    .build())
            .build();
    HasMetadata loud = deployment("loud", bad);
    HasMetadata quiet = deployment("quiet", new PodSpecBuilder(bad).build());
    quiet
        .getMetadata()
        .setAnnotations(Map.of("gpuspec.io/ignore-check.SEC001", "hardened by the image"));

    Report report = TestGpuspec.GPUSPEC.engine().check(ManifestSet.of(loud, quiet));

    assertThat(report.byRule("SEC001")).extracting(v -> v.object().name()).containsExactly("loud");
    assertThat(report.byRule("GPU001"))
        .extracting(v -> v.object().name())
        .containsExactlyInAnyOrder("loud", "quiet");
    assertThat(report.violations()).noneMatch(v -> v.ruleId().startsWith("ENGINE"));
  }

  @Test
  @DisplayName("a rule the API server enforces cannot be suppressed; the annotation is reported")
  void suppressionOfAnApiServerRule_isIgnoredAndReported() {
    HasMetadata annotated =
        deployment(
            "annotated",
            new PodSpecBuilder()
                .addToContainers(
                    new ContainerBuilder()
                        .withName("main")
                        .withImage("img")
                        .withNewResources()
                        .addToRequests("nvidia.com/gpu", new Quantity("1"))
                        .endResources()
                        .build())
                .build());
    annotated
        .getMetadata()
        .setAnnotations(Map.of("gpuspec.io/ignore-check.GPU001", "tested elsewhere"));

    Report report = TestGpuspec.GPUSPEC.engine().check(ManifestSet.of(annotated));

    assertThat(report.byRule("GPU001")).hasSize(1);
    assertThat(report.byRule("ENGINE003"))
        .singleElement()
        .satisfies(
            v -> {
              assertThat(v.path())
                  .isEqualTo("metadata.annotations[gpuspec.io/ignore-check.GPU001]");
              assertThat(v.message()).contains("API server");
            });
  }

  @Property
  @Label("a workload placed on a pool with tolerations and affinity passes every rule strictly")
  void placedWorkload_passesEveryRuleStrictly(
      @ForAll("pools") NodePool pool, @ForAll @IntRange(min = 1, max = 8) int parallelism) {
    int gpus = Math.min(parallelism, pool.gpusPerNode());
    HasMetadata serving = deployment("serving", placedOn(pool, gpus, null));
    HasMetadata training = RuleFixtures.job("training", parallelism, placedOn(pool, gpus, "Never"));
    ManifestSet set = ManifestSet.of(serving, training);
    NodePool other =
        NodePool.named("other-" + pool.name()).model(GpuCatalogue.T4).gpusPerNode(1).build();

    Report withFleet =
        TestGpuspec.GPUSPEC
            .engine()
            .check(set, CheckOptions.builder().fleet(Fleet.of(pool, other)).strict(true).build());
    Report withoutFleet =
        TestGpuspec.GPUSPEC
            .engine()
            .check(
                set,
                CheckOptions.builder().strict(true).addLabelSchemes(pool.labelScheme()).build());

    assertThat(withFleet.violations()).isEmpty();
    assertThat(withoutFleet.violations()).isEmpty();
  }

  @Property
  @Label("a GPU request that differs from its limit is always caught by GPU001")
  void requestDifferentFromLimit_isCaught(
      @ForAll @IntRange(min = 0, max = 16) int request,
      @ForAll @IntRange(min = 1, max = 16) int limit) {
    PodSpec spec = placedOn(RuleFixtures.a100Pool(), 1, null);
    spec.getContainers()
        .get(0)
        .getResources()
        .getRequests()
        .put("nvidia.com/gpu", new Quantity(Integer.toString(request)));
    spec.getContainers()
        .get(0)
        .getResources()
        .getLimits()
        .put("nvidia.com/gpu", new Quantity(Integer.toString(limit)));

    Report report = TestGpuspec.GPUSPEC.engine().check(ManifestSet.of(deployment("llm", spec)));

    assertThat(report.byRule("GPU001")).hasSize(request == limit ? 0 : 1);
  }

  @Provide
  Arbitrary<NodePool> pools() {
    Arbitrary<GpuModel> models =
        Arbitraries.of(
            GpuCatalogue.T4,
            GpuCatalogue.L4,
            GpuCatalogue.A100_40GB,
            GpuCatalogue.A100_80GB,
            GpuCatalogue.H100_80GB_SXM,
            GpuCatalogue.H200);
    Arbitrary<LabelScheme> schemes = Arbitraries.of(LabelScheme.builtIns());
    return Combinators.combine(
            models, schemes, Arbitraries.integers().between(1, 8), Arbitraries.of(true, false))
        .as(
            (model, scheme, gpusPerNode, dedicated) ->
                NodePool.named("pool")
                    .model(model)
                    .labelScheme(scheme)
                    .gpusPerNode(gpusPerNode)
                    .dedicated(dedicated)
                    .build());
  }
}
