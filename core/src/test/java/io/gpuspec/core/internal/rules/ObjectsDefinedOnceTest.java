package io.gpuspec.core.internal.rules;

import static org.assertj.core.api.Assertions.assertThat;

import io.fabric8.kubernetes.api.model.ConfigMap;
import io.fabric8.kubernetes.api.model.ConfigMapBuilder;
import io.gpuspec.core.check.Gpuspec;
import io.gpuspec.core.manifest.ManifestSet;
import io.gpuspec.core.manifest.ReadResult;
import io.gpuspec.core.report.Report;
import io.gpuspec.core.report.Violation;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ObjectsDefinedOnceTest {

  private static final String CONFIG =
      "apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: settings\n  namespace: ml\n";

  @TempDir Path dir;

  @Test
  void anObjectInTwoFiles_isReportedInTheSecondNamingTheFirst() throws IOException {
    Path first = Files.writeString(dir.resolve("a.yaml"), "# first\n" + CONFIG);
    Path second = Files.writeString(dir.resolve("b.yaml"), CONFIG + "data: {mode: serve}\n");
    Gpuspec gpuspec = Gpuspec.load();
    ReadResult read = gpuspec.read(List.of(first, second));
    Report report = gpuspec.engine().only("K8S012").check(read.manifests());
    assertThat(report.violations())
        .singleElement()
        .satisfies(
            v -> {
              assertThat(v.source().orElseThrow().file()).isEqualTo(second);
              assertThat(v.message())
                  .isEqualTo(
                      "the same object is also defined at "
                          + first
                          + " line 2 (document 0); kubectl apply would apply one over the other");
            });
  }

  @Test
  void objectsBuiltInJava_sayTheOtherIsEarlierInTheSet() {
    ConfigMap a =
        new ConfigMapBuilder().withNewMetadata().withName("settings").endMetadata().build();
    ConfigMap b = new ConfigMapBuilder(a).build();
    Report report = Gpuspec.load().engine().only("K8S012").check(ManifestSet.of(a, b));
    assertThat(report.violations())
        .extracting(Violation::message)
        .containsExactly(
            "the same object is also defined earlier in this set; kubectl apply would apply one"
                + " over the other");
  }
}
