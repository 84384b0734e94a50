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
 * The exported SEC002 policy (automountServiceAccountToken written as an annotation) warns on
 * exactly the objects the Java rule reports: its fire and quiet files and random objects with
 * random annotations on their metadata and pod template.
 */
class Sec002AgreementProperties {

  private static final Path SEC002_FILES =
      Path.of("..", "core", "src", "test", "resources", "rules", "SEC002");

  private static final List<String> KEYS =
      List.of(
          "automountServiceAccountToken",
          "example.com/automountServiceAccountToken",
          "automountServiceAccountTokens",
          "team",
          "example.com/automount");

  @Example
  void sec002_fireAndQuietFiles_agree() throws IOException {
    List<Path> files = AgreementInputs.ruleFiles(SEC002_FILES);
    assertThat(files).hasSizeGreaterThanOrEqualTo(2);
    int fired = AgreementInputs.fired("SEC002", files);
    assertThat(fired).as("fire files warned").isPositive().isLessThan(files.size());
  }

  @Property(tries = 1000)
  void sec002_randomObjects_agree(@ForAll("objects") String yaml) {
    Statistics.collect(
        ExportAgreementProperties.agrees("SEC002", yaml)
            ? "rule fires, policy warns"
            : "both quiet");
  }

  @Provide
  Arbitrary<String> objects() {
    Arbitrary<String> annotations =
        Arbitraries.of(KEYS)
            .list()
            .ofMaxSize(2)
            .uniqueElements()
            .map(
                keys ->
                    keys.isEmpty()
                        ? ""
                        : ", annotations: {"
                            + String.join(", ", keys.stream().map(k -> k + ": \"false\"").toList())
                            + "}");
    Arbitrary<String> kind =
        Arbitraries.of("Pod", "Deployment", "Job", "CronJob", "ServiceAccount", "ConfigMap");
    return Combinators.combine(kind, annotations, annotations)
        .as(Sec002AgreementProperties::object);
  }

  private static String object(String kind, String own, String onTemplate) {
    String head = "metadata: {name: w, namespace: ml" + own + "}\n";
    String spec =
        "{containers: [{name: c, image: registry.example.com/app:1}], restartPolicy: "
            + (kind.equals("Deployment") ? "Always" : "Never")
            + "}";
    return switch (kind) {
      case "ServiceAccount" -> "apiVersion: v1\nkind: ServiceAccount\n" + head;
      case "ConfigMap" -> "apiVersion: v1\nkind: ConfigMap\n" + head + "data: {a: b}\n";
      default -> AgreementInputs.workload(kind, head, onTemplate, spec);
    };
  }
}
