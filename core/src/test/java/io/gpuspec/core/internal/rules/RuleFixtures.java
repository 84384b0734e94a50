package io.gpuspec.core.internal.rules;

import io.fabric8.kubernetes.api.model.PodSpec;
import io.fabric8.kubernetes.api.model.apps.Deployment;
import io.fabric8.kubernetes.api.model.apps.DeploymentBuilder;
import io.fabric8.kubernetes.api.model.batch.v1.Job;
import io.fabric8.kubernetes.api.model.batch.v1.JobBuilder;
import io.gpuspec.core.GpuCatalogue;
import io.gpuspec.core.NodePool;

/**
 * Manifests built in Java for the property tests of {@link CoreRulesTest}; each rule's fire and
 * quiet cases are YAML files under {@code src/test/resources/rules*}.
 */
final class RuleFixtures {

  private RuleFixtures() {}

  static NodePool a100Pool() {
    return NodePool.named("a100").model(GpuCatalogue.A100_80GB).gpusPerNode(8).build();
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
