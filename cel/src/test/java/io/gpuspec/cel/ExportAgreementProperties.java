package io.gpuspec.cel;

import static org.assertj.core.api.Assertions.assertThat;

import io.fabric8.kubernetes.api.model.HasMetadata;
import io.gpuspec.cel.internal.vap.PolicyEvaluation;
import io.gpuspec.core.check.Gpuspec;
import io.gpuspec.core.manifest.ManifestSet;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.stream.Stream;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Combinators;
import net.jqwik.api.Example;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.statistics.Statistics;

/**
 * Each exported admission policy agrees with its Java rule: evaluated by the same CEL engine, the
 * policy denies exactly the objects the rule reports, on the rule's own fire and quiet test files
 * and on random objects.
 */
class ExportAgreementProperties {

  private static final Gpuspec GPUSPEC = Gpuspec.load();
  private static final Path GPU001_FILES =
      Path.of("..", "core", "src", "test", "resources", "rules", "GPU001");

  private static final List<String> NAMES =
      List.of(
          "nvidia.com/gpu",
          "nvidia.com/mig-1g.10gb",
          "amd.com/gpu",
          "example.com/fpga",
          "hugepages-2Mi",
          "cpu",
          "memory",
          "kubernetes.io/foo",
          "requests.example.com/x",
          "ephemeral-storage");
  private static final List<String> VALUES =
      List.of("1", "2", "0", "0.5", "500m", "1000m", "1Gi", "2Mi", "1k", "4", "1.0");

  /** Whether the Java rule reports the object, and whether the exported policy denies it. */
  static boolean agrees(String ruleId, String objectYaml) {
    ManifestSet objects = GPUSPEC.read(objectYaml, "object.yaml").manifests();
    Set<HasMetadata> javaFires = new java.util.HashSet<>();
    GPUSPEC
        .engine()
        .only(ruleId)
        .check(objects)
        .byRule(ruleId)
        .forEach(
            v -> {
              for (HasMetadata o : objects) {
                if (v.toString().contains(o.getMetadata().getName())) {
                  javaFires.add(o);
                }
              }
            });
    ManifestSet withPolicy =
        GPUSPEC
            .read(AdmissionPolicyExport.policyOf(ruleId), "policy.yaml")
            .manifests()
            .plus(objects);
    List<String> denied = new ArrayList<>();
    for (PolicyEvaluation.Outcome o : PolicyEvaluation.run(withPolicy)) {
      assertThat(o.verdict())
          .as(o.message())
          .isIn(PolicyEvaluation.Verdict.DENY, PolicyEvaluation.Verdict.WARN);
      denied.add(o.object().getMetadata().getName());
    }
    List<String> reported =
        javaFires.stream().map(o -> o.getMetadata().getName()).sorted().toList();
    assertThat(denied.stream().sorted().toList()).as(objectYaml).isEqualTo(reported);
    return !reported.isEmpty();
  }

  @Example
  void gpu001_fireAndQuietFiles_agree() throws IOException {
    assertThat(GPU001_FILES).isDirectory();
    List<Path> files = AgreementInputs.ruleFiles(GPU001_FILES);
    assertThat(files).hasSizeGreaterThan(5);
    int fired = AgreementInputs.fired("GPU001", files);
    assertThat(fired).as("fire files denied").isGreaterThan(5).isLessThan(files.size());
  }

  @Property(tries = 1000)
  void gpu001_randomWorkloads_agree(@ForAll("workloads") String yaml) {
    Statistics.collect(agrees("GPU001", yaml) ? "rule fires, policy denies" : "both quiet");
  }

  @Provide
  Arbitrary<String> workloads() {
    Arbitrary<String> kind = Arbitraries.of("Pod", "Deployment", "Job", "CronJob");
    Arbitrary<List<String>> containers = container().list().ofMinSize(1).ofMaxSize(2);
    Arbitrary<List<String>> inits = container().list().ofMaxSize(1);
    return Combinators.combine(kind, containers, inits).as(ExportAgreementProperties::workload);
  }

  private Arbitrary<String> container() {
    Arbitrary<String> entries =
        Combinators.combine(Arbitraries.of(NAMES), Arbitraries.of(VALUES))
            .as((n, v) -> "\"" + n + "\": \"" + v + "\"")
            .list()
            .ofMaxSize(3)
            .uniqueElements(e -> e.substring(0, e.indexOf(':')))
            .map(l -> "{" + String.join(", ", l) + "}");
    Arbitrary<String> requests =
        Arbitraries.oneOf(Arbitraries.just(""), entries.map(e -> "requests: " + e));
    Arbitrary<String> limits =
        Arbitraries.oneOf(Arbitraries.just(""), entries.map(e -> "limits: " + e));
    // reuse the request map as limits often, so that equal and missing limits both occur
    return Combinators.combine(requests, limits, Arbitraries.integers().between(0, 2))
        .as(
            (r, l, copy) -> {
              String limitsLine =
                  copy == 0 && r.startsWith("requests: ") ? "limits: " + r.substring(10) : l;
              List<String> lines = Stream.of(r, limitsLine).filter(s -> !s.isEmpty()).toList();
              return lines.isEmpty() ? "{}" : "{" + String.join(", ", lines) + "}";
            });
  }

  private static String workload(String kind, List<String> containers, List<String> inits) {
    StringBuilder spec = new StringBuilder("{containers: [");
    for (int i = 0; i < containers.size(); i++) {
      spec.append(i == 0 ? "" : ", ")
          .append("{name: c")
          .append(i)
          .append(", image: registry.example.com/app:1, resources: ")
          .append(containers.get(i))
          .append("}");
    }
    spec.append("]");
    if (!inits.isEmpty()) {
      spec.append(", initContainers: [{name: init, image: registry.example.com/app:1, resources: ")
          .append(inits.get(0))
          .append("}]");
    }
    spec.append(", restartPolicy: ")
        .append(kind.equals("Deployment") ? "Always" : "Never")
        .append("}");
    return AgreementInputs.workload(
        kind, "metadata: {name: w, namespace: ml}\n", "", spec.toString());
  }
}
