package io.gpuspec.cel;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Combinators;
import net.jqwik.api.Example;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.statistics.Statistics;

/**
 * The exported GPU007 policy (no wildcard toleration on workloads without GPUs) warns on exactly
 * the objects the Java rule reports: its fire and quiet files and random workloads with random
 * tolerations, node selectors, required node affinity, GPU and other resources and device claims.
 */
class Gpu007AgreementProperties {

  private static final Path GPU007_FILES =
      Path.of("..", "core", "src", "test", "resources", "rules", "GPU007");

  private static final List<String> KEYS =
      List.of(
          "nvidia.com/gpu.present",
          "gpu.model",
          "node-type",
          "kubernetes.io/os",
          "team",
          "feature.node.kubernetes.io/pci-10de.present",
          "cloud.google.com/gke-accelerator",
          "gpu.poolx");
  private static final List<String> RESOURCES =
      List.of(
          "nvidia.com/gpu",
          "nvidia.com/mig-1g.10gb",
          "nvidia.com/mig-1g.10gb.shared",
          "nvidia.com/gpumem",
          "amd.com/gpu",
          "cpu",
          "memory",
          "cpu");

  @Example
  void gpu007_fireAndQuietFiles_agree() throws IOException {
    List<Path> files = AgreementInputs.ruleFiles(GPU007_FILES);
    assertThat(files).hasSizeGreaterThanOrEqualTo(2);
    int fired = AgreementInputs.fired("GPU007", files);
    assertThat(fired).as("fire files warned").isPositive().isLessThan(files.size());
  }

  @Property(tries = 1000)
  void gpu007_randomWorkloads_agree(@ForAll("workloads") String yaml) {
    Statistics.collect(
        ExportAgreementProperties.agrees("GPU007", yaml)
            ? "rule fires, policy warns"
            : "both quiet");
  }

  @Provide
  Arbitrary<String> workloads() {
    Arbitrary<String> kind = Arbitraries.of("Pod", "Deployment", "DaemonSet", "Job", "CronJob");
    Arbitrary<String> tolerations =
        Arbitraries.of(
                "{operator: Exists}",
                "{operator: Exists}",
                "{key: \"\", operator: Exists}",
                "{key: nvidia.com/gpu, operator: Exists, effect: NoSchedule}",
                "{key: dedicated, operator: Equal, value: gpu}")
            .list()
            .ofMinSize(1)
            .ofMaxSize(2)
            .map(l -> l.isEmpty() ? "" : ", tolerations: [" + String.join(", ", l) + "]");
    Arbitrary<String> nodeSelector =
        Arbitraries.frequencyOf(
            net.jqwik.api.Tuple.of(3, Arbitraries.just("")),
            net.jqwik.api.Tuple.of(
                1, Arbitraries.of(KEYS).map(k -> ", nodeSelector: {\"" + k + "\": \"1\"}")));
    Arbitrary<String> expression =
        Combinators.combine(
                Arbitraries.of(KEYS), Arbitraries.of("In", "NotIn", "Exists", "DoesNotExist", "Gt"))
            .as(
                (k, op) ->
                    "{matchExpressions: [{key: \""
                        + k
                        + "\", operator: "
                        + op
                        + (op.equals("Exists") || op.equals("DoesNotExist")
                            ? ""
                            : ", values: [\"1\"]")
                        + "}]}");
    Arbitrary<String> affinity =
        expression
            .list()
            .ofMaxSize(2)
            .injectNull(0.4)
            .map(terms -> terms == null ? List.<String>of() : terms)
            .map(
                terms ->
                    terms.isEmpty()
                        ? ""
                        : ", affinity: {nodeAffinity: {requiredDuringSchedulingIgnoredDuringExecution:"
                            + " {nodeSelectorTerms: ["
                            + String.join(", ", terms)
                            + "]}}}");
    Arbitrary<String> entries =
        Combinators.combine(Arbitraries.of(RESOURCES), Arbitraries.of("1", "0", "500m", "2"))
            .as((n, v) -> "\"" + n + "\": \"" + v + "\"")
            .list()
            .ofMaxSize(2)
            .uniqueElements(e -> e.substring(0, e.indexOf(':')))
            .map(l -> "{" + String.join(", ", l) + "}");
    Arbitrary<String> resources =
        Combinators.combine(entries, entries, Arbitraries.integers().between(0, 2))
            .as(
                (r, l, shape) ->
                    switch (shape) {
                      case 0 -> "{requests: " + r + ", limits: " + l + "}";
                      case 1 -> "{limits: " + l + "}";
                      default -> "{requests: " + r + "}";
                    });
    Arbitrary<String> claims =
        Arbitraries.of(
            "", "", "", ", resourceClaims: [{name: gpu, resourceClaimTemplateName: gpu}]");
    return Combinators.combine(kind, tolerations, nodeSelector, affinity, resources, claims)
        .as(
            (k, t, ns, a, r, c) ->
                workload(
                    k,
                    "{containers: [{name: c, image: registry.example.com/app:1, resources: "
                        + r
                        + "}]"
                        + t
                        + ns
                        + a
                        + c
                        + ", restartPolicy: "
                        + (k.equals("Deployment") || k.equals("DaemonSet") ? "Always" : "Never")
                        + "}"));
  }

  private static String workload(String kind, String spec) {
    return AgreementInputs.workload(kind, "metadata: {name: w, namespace: ml}\n", "", spec);
  }
}
