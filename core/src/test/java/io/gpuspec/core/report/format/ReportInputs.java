package io.gpuspec.core.report.format;

import io.fabric8.kubernetes.api.model.HasMetadata;
import io.fabric8.kubernetes.api.model.NamespaceBuilder;
import io.fabric8.kubernetes.api.model.PodSpec;
import io.fabric8.kubernetes.api.model.PodSpecBuilder;
import io.fabric8.kubernetes.api.model.Quantity;
import io.fabric8.kubernetes.api.model.TaintBuilder;
import io.fabric8.kubernetes.api.model.apps.DeploymentBuilder;
import io.fabric8.kubernetes.api.model.batch.v1.JobBuilder;
import io.fabric8.kubernetes.api.model.scheduling.v1.PriorityClassBuilder;
import io.gpuspec.core.Fleet;
import io.gpuspec.core.NodeGroup;
import io.gpuspec.core.TestGpuspec;
import io.gpuspec.core.fleet.FleetReport;
import io.gpuspec.core.manifest.ManifestSet;
import io.gpuspec.core.report.ObjectRef;
import io.gpuspec.core.report.Report;
import io.gpuspec.core.report.Severity;
import io.gpuspec.core.report.Violation;
import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.UnaryOperator;

/**
 * A small platform for the HTML report's tests, every name passed through {@code name}: two GPU
 * pools in racks, a tainted pool, two teams, two tiers, an always-on server, a batch job, a gang
 * that must stay in one rack, a template that fits no pool, and findings.
 */
final class ReportInputs {

  final ManifestSet manifests;
  final FleetReport fleet;
  final Report findings;

  ReportInputs(UnaryOperator<String> name) {
    List<NodeGroup> groups =
        List.of(
            group(name.apply("a100"), 4, 8, Map.of("gpu", "a100", "rack", name.apply("r1")), false),
            group(name.apply("h100"), 2, 8, Map.of("gpu", "h100", "rack", name.apply("r2")), false),
            group(name.apply("spare"), 1, 4, Map.of("gpu", "l4"), true));
    List<HasMetadata> objects = new ArrayList<>();
    objects.add(
        new NamespaceBuilder()
            .withNewMetadata()
            .withName(name.apply("serving"))
            .endMetadata()
            .build());
    objects.add(priorityClass(name.apply("high"), 1000));
    objects.add(priorityClass(name.apply("low"), 10));
    objects.add(
        deployment(
            name.apply("serving"), name.apply("llm"), 2, pod("a100", 2, name.apply("high"), name)));
    objects.add(
        job(
            name.apply("research"),
            name.apply("train"),
            4,
            pod("h100", 4, name.apply("low"), name),
            Map.of()));
    objects.add(
        job(
            name.apply("research"),
            name.apply("gang"),
            2,
            pod("a100", 8, name.apply("low"), name),
            Map.of(
                "kueue.x-k8s.io/podset-required-topology", "rack",
                "scheduling.k8s.io/group-name", name.apply("gang"),
                "note", name.apply("annotation"))));
    objects.add(
        deployment(name.apply("research"), name.apply("huge"), 1, pod("a100", 16, "", name)));
    this.manifests = ManifestSet.of(objects);
    this.fleet = TestGpuspec.GPUSPEC.checkFleet(Fleet.ofGroups(groups), manifests);
    List<Violation> violations = new ArrayList<>(fleet.violations());
    violations.add(
        new Violation(
            "GPU001",
            Severity.WARNING,
            new ObjectRef("apps/v1", "Deployment", name.apply("serving"), name.apply("llm")),
            "spec.template.spec",
            "message " + name.apply("text"),
            "fix " + name.apply("text"),
            Optional.empty()));
    this.findings = new Report(violations, objects.size(), 80);
  }

  private static NodeGroup group(
      String name, int nodes, int gpus, Map<String, String> labels, boolean tainted) {
    return new NodeGroup(
        name,
        nodes,
        labels,
        tainted
            ? List.of(new TaintBuilder().withKey("reserved").withEffect("NoSchedule").build())
            : List.of(),
        Map.of("nvidia.com/gpu", BigDecimal.valueOf(gpus)));
  }

  private static PodSpec pod(String gpu, int gpus, String priority, UnaryOperator<String> name) {
    return new PodSpecBuilder()
        .withPriorityClassName(priority.isEmpty() ? null : priority)
        .withNodeSelector(Map.of("gpu", gpu))
        .addNewContainer()
        .withName("main")
        .withImage(name.apply("registry.example/image") + ":1")
        .withNewResources()
        .withLimits(Map.of("nvidia.com/gpu", new Quantity(Integer.toString(gpus))))
        .endResources()
        .endContainer()
        .build();
  }

  private static HasMetadata priorityClass(String name, int value) {
    return new PriorityClassBuilder()
        .withNewMetadata()
        .withName(name)
        .endMetadata()
        .withValue(value)
        .build();
  }

  static HasMetadata deployment(String namespace, String name, int replicas, PodSpec spec) {
    return new DeploymentBuilder()
        .withNewMetadata()
        .withName(name)
        .withNamespace(namespace)
        .endMetadata()
        .withNewSpec()
        .withReplicas(replicas)
        .withNewTemplate()
        .withSpec(spec)
        .endTemplate()
        .endSpec()
        .build();
  }

  static HasMetadata job(
      String namespace, String name, int pods, PodSpec spec, Map<String, String> annotations) {
    return new JobBuilder()
        .withNewMetadata()
        .withName(name)
        .withNamespace(namespace)
        .endMetadata()
        .withNewSpec()
        .withParallelism(pods)
        .withCompletions(pods)
        .withNewTemplate()
        .withNewMetadata()
        .withAnnotations(annotations)
        .endMetadata()
        .withSpec(spec)
        .endTemplate()
        .endSpec()
        .build();
  }
}
