package io.gpuspec.core.internal.rules;

import static io.gpuspec.core.internal.rules.RuleFixtures.deployment;
import static io.gpuspec.core.internal.rules.RuleFixtures.gpuContainer;
import static io.gpuspec.core.internal.rules.RuleFixtures.gpuSpec;
import static io.gpuspec.core.internal.rules.RuleFixtures.job;
import static io.gpuspec.core.internal.rules.RuleFixtures.run;
import static io.gpuspec.core.internal.rules.RuleFixtures.single;
import static org.assertj.core.api.Assertions.assertThat;

import io.fabric8.kubernetes.api.model.Container;
import io.fabric8.kubernetes.api.model.ContainerBuilder;
import io.fabric8.kubernetes.api.model.PodSpecBuilder;
import io.fabric8.kubernetes.api.model.Quantity;
import io.fabric8.kubernetes.api.model.batch.v1.CronJob;
import io.fabric8.kubernetes.api.model.batch.v1.CronJobBuilder;
import io.gpuspec.core.report.Severity;
import io.gpuspec.core.report.Violation;
import java.util.Map;
import org.junit.jupiter.api.Test;

class ExtendedResourceRequestsEqualLimitsTest {

  private final ExtendedResourceRequestsEqualLimits rule =
      new ExtendedResourceRequestsEqualLimits();

  private static Container container(Map<String, String> requests, Map<String, String> limits) {
    ContainerBuilder builder = new ContainerBuilder().withName("main").withImage("img");
    builder.withNewResources().endResources();
    requests.forEach(
        (k, v) -> builder.editResources().addToRequests(k, new Quantity(v)).endResources());
    limits.forEach(
        (k, v) -> builder.editResources().addToLimits(k, new Quantity(v)).endResources());
    return builder.build();
  }

  @Test
  void check_gpuRequestWithoutLimit_reportsErrorOnTheRequest() {
    Container bad = container(Map.of("nvidia.com/gpu", "2"), Map.of());
    Violation v =
        single(run(rule, deployment("llm", new PodSpecBuilder().addToContainers(bad).build())));

    assertThat(v.ruleId()).isEqualTo("GPU001");
    assertThat(v.severity()).isEqualTo(Severity.ERROR);
    assertThat(v.path())
        .isEqualTo("spec.template.spec.containers[0].resources.requests[nvidia.com/gpu]");
    assertThat(v.message())
        .contains("deployment \"llm\"", "container \"main\"", "nvidia.com/gpu=2", "no limit");
    assertThat(v.fix()).contains("limits: {nvidia.com/gpu: \"2\"}");
  }

  @Test
  void check_requestDiffersFromLimit_reportsBothValues() {
    Container bad = container(Map.of("nvidia.com/gpu", "2"), Map.of("nvidia.com/gpu", "1"));
    Violation v =
        single(run(rule, deployment("llm", new PodSpecBuilder().addToContainers(bad).build())));

    assertThat(v.path())
        .isEqualTo("spec.template.spec.containers[0].resources.requests[nvidia.com/gpu]");
    assertThat(v.message()).contains("requests nvidia.com/gpu=2 but limits=1");
  }

  @Test
  void check_fractionalGpuLimit_reportsTheValue() {
    Violation v =
        single(
            run(
                rule,
                deployment(
                    "llm", new PodSpecBuilder().addToContainers(gpuContainer("500m")).build())));

    assertThat(v.path())
        .isEqualTo("spec.template.spec.containers[0].resources.limits[nvidia.com/gpu]");
    assertThat(v.message()).contains("\"500m\"", "not a whole number");
  }

  @Test
  void check_migRequestWithoutLimitInInitContainer_pointsAtTheInitContainer() {
    Container init = container(Map.of("nvidia.com/mig-1g.10gb", "1"), Map.of());
    Violation v = single(run(rule, deployment("llm", gpuSpec().addToInitContainers(init).build())));

    assertThat(v.path())
        .isEqualTo(
            "spec.template.spec.initContainers[0].resources.requests[nvidia.com/mig-1g.10gb]");
  }

  @Test
  void check_anyExtendedResource_isChecked() {
    Container bad = container(Map.of("example.com/foo", "3"), Map.of("example.com/foo", "4"));
    Violation v =
        single(run(rule, deployment("llm", new PodSpecBuilder().addToContainers(bad).build())));

    assertThat(v.message()).contains("example.com/foo=3", "limits=4");
  }

  @Test
  void check_hugePagesRequestWithoutLimit_fires() {
    Container bad = container(Map.of("hugepages-2Mi", "1Gi"), Map.of());
    Violation v =
        single(run(rule, deployment("llm", new PodSpecBuilder().addToContainers(bad).build())));

    assertThat(v.path()).endsWith("requests[hugepages-2Mi]");
    assertThat(v.message()).contains("huge pages");
  }

  @Test
  void check_equalAmountsWrittenDifferently_isQuiet() {
    Container good =
        container(
            Map.of("nvidia.com/gpu", "2000m", "hugepages-2Mi", "1024Mi"),
            Map.of("nvidia.com/gpu", "2", "hugepages-2Mi", "1Gi"));

    assertThat(run(rule, deployment("llm", new PodSpecBuilder().addToContainers(good).build())))
        .isEmpty();
  }

  @Test
  void check_limitOnlyAndCpuRequestWithoutLimit_isQuiet() {
    Container good = container(Map.of("cpu", "4", "memory", "16Gi"), Map.of("nvidia.com/gpu", "1"));

    assertThat(run(rule, job("train", 1, new PodSpecBuilder().addToContainers(good).build())))
        .isEmpty();
  }

  @Test
  void check_cronJob_usesTheJobTemplatePath() {
    Container bad = container(Map.of("nvidia.com/gpu", "1"), Map.of());
    CronJob cron =
        new CronJobBuilder()
            .withNewMetadata()
            .withName("nightly")
            .endMetadata()
            .withNewSpec()
            .withSchedule("0 3 * * *")
            .withNewJobTemplate()
            .withNewSpec()
            .withNewTemplate()
            .withSpec(new PodSpecBuilder().addToContainers(bad).build())
            .endTemplate()
            .endSpec()
            .endJobTemplate()
            .endSpec()
            .build();

    assertThat(single(run(rule, cron)).path())
        .isEqualTo(
            "spec.jobTemplate.spec.template.spec.containers[0].resources.requests[nvidia.com/gpu]");
  }
}
