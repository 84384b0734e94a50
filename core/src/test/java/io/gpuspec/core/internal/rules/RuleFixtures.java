package io.gpuspec.core.internal.rules;

import static org.assertj.core.api.Assertions.assertThat;

import io.fabric8.kubernetes.api.model.Affinity;
import io.fabric8.kubernetes.api.model.AffinityBuilder;
import io.fabric8.kubernetes.api.model.Container;
import io.fabric8.kubernetes.api.model.ContainerBuilder;
import io.fabric8.kubernetes.api.model.HasMetadata;
import io.fabric8.kubernetes.api.model.PodSpec;
import io.fabric8.kubernetes.api.model.PodSpecBuilder;
import io.fabric8.kubernetes.api.model.Quantity;
import io.fabric8.kubernetes.api.model.Toleration;
import io.fabric8.kubernetes.api.model.TolerationBuilder;
import io.fabric8.kubernetes.api.model.apps.Deployment;
import io.fabric8.kubernetes.api.model.apps.DeploymentBuilder;
import io.fabric8.kubernetes.api.model.batch.v1.Job;
import io.fabric8.kubernetes.api.model.batch.v1.JobBuilder;
import io.gpuspec.core.Fleet;
import io.gpuspec.core.GpuCatalogue;
import io.gpuspec.core.NodePool;
import io.gpuspec.core.TestGpuspec;
import io.gpuspec.core.check.CheckOptions;
import io.gpuspec.core.manifest.ManifestSet;
import io.gpuspec.core.report.Violation;
import io.gpuspec.core.spi.Rule;
import java.util.List;

/** Small manifests and fleets shared by the rule tests. */
final class RuleFixtures {

  static final String GFD_PRODUCT = "nvidia.com/gpu.product";
  static final String A100_PRODUCT = "NVIDIA-A100-SXM4-80GB";
  static final String H100_PRODUCT = "NVIDIA-H100-80GB-HBM3";

  private RuleFixtures() {}

  static NodePool a100Pool() {
    return NodePool.named("a100").model(GpuCatalogue.A100_80GB).gpusPerNode(8).build();
  }

  static NodePool h100Pool() {
    return NodePool.named("h100").model(GpuCatalogue.H100_80GB_SXM).gpusPerNode(8).build();
  }

  static Fleet fleet() {
    return Fleet.of(a100Pool(), h100Pool());
  }

  /** Runs one rule without a fleet. */
  static List<Violation> run(Rule rule, HasMetadata... objects) {
    return TestGpuspec.engine(rule).check(ManifestSet.of(objects)).violations();
  }

  /** Runs one rule with a fleet. */
  static List<Violation> run(Rule rule, Fleet fleet, HasMetadata... objects) {
    return TestGpuspec.engine(rule)
        .check(ManifestSet.of(objects), CheckOptions.builder().fleet(fleet).build())
        .violations();
  }

  /** The single violation of a list, failing when there is not exactly one. */
  static Violation single(List<Violation> violations) {
    assertThat(violations).hasSize(1);
    return violations.get(0);
  }

  /** A container limiting {@code nvidia.com/gpu} to {@code gpus}. */
  static Container gpuContainer(String gpus) {
    return new ContainerBuilder()
        .withName("main")
        .withImage("nvcr.io/nvidia/cuda:12.4.1-base-ubuntu22.04")
        .withNewResources()
        .addToLimits("nvidia.com/gpu", new Quantity(gpus))
        .endResources()
        .build();
  }

  static Container cpuContainer() {
    return new ContainerBuilder()
        .withName("main")
        .withImage("busybox:1.36")
        .withNewResources()
        .addToRequests("cpu", new Quantity("1"))
        .endResources()
        .build();
  }

  /** A pod spec with one container limiting one GPU and nothing else. */
  static PodSpecBuilder gpuSpec() {
    return new PodSpecBuilder().addToContainers(gpuContainer("1"));
  }

  /** {@code nvidia.com/gpu Exists NoSchedule}. */
  static Toleration gpuToleration() {
    return new TolerationBuilder()
        .withKey("nvidia.com/gpu")
        .withOperator("Exists")
        .withEffect("NoSchedule")
        .build();
  }

  /** Required node affinity with one term: {@code key In values}. */
  static Affinity requireIn(String key, String... values) {
    return new AffinityBuilder()
        .withNewNodeAffinity()
        .withNewRequiredDuringSchedulingIgnoredDuringExecution()
        .addNewNodeSelectorTerm()
        .addNewMatchExpression()
        .withKey(key)
        .withOperator("In")
        .withValues(values)
        .endMatchExpression()
        .endNodeSelectorTerm()
        .endRequiredDuringSchedulingIgnoredDuringExecution()
        .endNodeAffinity()
        .build();
  }

  /** A Deployment in namespace {@code ml} whose selector matches its template label. */
  static Deployment deployment(String name, PodSpec spec) {
    return new DeploymentBuilder()
        .withNewMetadata()
        .withName(name)
        .withNamespace("ml")
        .endMetadata()
        .withNewSpec()
        .withReplicas(2)
        .withNewSelector()
        .addToMatchLabels("app", name)
        .endSelector()
        .withNewTemplate()
        .withNewMetadata()
        .addToLabels("app", name)
        .endMetadata()
        .withSpec(spec)
        .endTemplate()
        .endSpec()
        .build();
  }

  /** A Job in namespace {@code ml} with this parallelism. */
  static Job job(String name, int parallelism, PodSpec spec) {
    return new JobBuilder()
        .withNewMetadata()
        .withName(name)
        .withNamespace("ml")
        .endMetadata()
        .withNewSpec()
        .withParallelism(parallelism)
        .withNewTemplate()
        .withSpec(spec)
        .endTemplate()
        .endSpec()
        .build();
  }
}
