package io.gpuspec.examples;

import static org.assertj.core.api.Assertions.assertThat;

import io.gpuspec.core.manifest.KindRegistry;
import io.gpuspec.core.manifest.ResourceKind;
import io.gpuspec.core.spi.GpuspecModule;
import java.io.IOException;
import java.io.InputStream;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.ServiceLoader;
import java.util.TreeMap;
import org.junit.jupiter.api.Test;

/**
 * The advice on an unknown kind names the module that models it: core's list of which module models
 * which kind must be exactly the kinds the modules declare (every module is on this test's class
 * path).
 */
class ModuleHintsTest {

  @Test
  void theHintsListExactlyTheKindsTheModulesDeclare() throws IOException {
    Map<String, String> declared = new TreeMap<>();
    for (GpuspecModule module : ServiceLoader.load(GpuspecModule.class)) {
      for (ResourceKind kind : module.kinds()) {
        declared.put(kind.apiVersion() + "/" + kind.kind(), "gpuspec-" + module.name());
      }
    }
    Properties hints = new Properties();
    try (InputStream in = KindRegistry.class.getResourceAsStream("module-hints.properties")) {
      hints.load(in);
    }
    Map<String, String> listed = new TreeMap<>();
    hints.stringPropertyNames().forEach(key -> listed.put(key, hints.getProperty(key)));
    assertThat(listed).isEqualTo(declared);
  }

  @Test
  void theAdviceSaysWhichModuleModelsTheKindOrThatNoneDoes() {
    KindRegistry fabric8Only = KindRegistry.load(getClass().getClassLoader(), List.of());
    assertThat(fabric8Only.unknownKindFix("kubeflow.org/v1", "TFJob"))
        .isEqualTo("gpuspec-tfjob models this kind: add it to the class path");
    assertThat(fabric8Only.unknownKindFix("kueue.x-k8s.io/v1beta1", "ClusterQueue"))
        .isEqualTo("gpuspec-scheduling models this kind: add it to the class path");
    assertThat(fabric8Only.unknownKindFix("kueue.x-k8s.io/v1alpha1", "ClusterQueue"))
        .isEqualTo(
            "gpuspec-scheduling models ClusterQueue at apiVersion kueue.x-k8s.io/v1beta2: write"
                + " that apiVersion");
    assertThat(fabric8Only.unknownKindFix("kueue.x-k8s.io/v1beta2", "AdmissionCheck"))
        .isEqualTo("no gpuspec module models this kind");
    assertThat(fabric8Only.unknownKindFix("v1", "Widget"))
        .isEqualTo("no gpuspec module models this kind");
  }
}
