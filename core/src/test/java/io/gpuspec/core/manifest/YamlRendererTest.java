package io.gpuspec.core.manifest;

import static org.assertj.core.api.Assertions.assertThat;

import io.fabric8.kubernetes.api.model.ConfigMap;
import io.fabric8.kubernetes.api.model.ConfigMapBuilder;
import io.fabric8.kubernetes.api.model.HasMetadata;
import io.fabric8.kubernetes.api.model.NamespaceBuilder;
import io.fabric8.kubernetes.api.model.Quantity;
import io.fabric8.kubernetes.api.model.apps.Deployment;
import io.fabric8.kubernetes.api.model.apps.DeploymentBuilder;
import io.fabric8.kubernetes.api.model.batch.v1.JobBuilder;
import io.fabric8.kubernetes.api.model.scheduling.v1.PriorityClassBuilder;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class YamlRendererTest {

  /** Strings YAML 1.1 reads as something else, and how they must come out. */
  private static final Map<String, String> QUOTED = new LinkedHashMap<>();

  static {
    for (String value :
        List.of(
            "4", "yes", "on", "y", "0x1F", "1_000", "1:20", "012", "", "1.0", "Y", "No", "OFF",
            "True", "null", "~", "1e3", ".inf", "-1", "+1")) {
      QUOTED.put(value, "\"" + value + "\"");
    }
  }

  private static ConfigMap configMap(Map<String, String> labels) {
    return new ConfigMapBuilder()
        .withNewMetadata()
        .withName("cfg")
        .withNamespace("ml")
        .withLabels(labels)
        .endMetadata()
        .build();
  }

  @ParameterizedTest
  @ValueSource(
      strings = {
        "4", "yes", "on", "y", "0x1F", "1_000", "1:20", "012", "", "1.0", "Y", "No", "OFF", "True",
        "null", "~", "1e3", ".inf", "-1", "+1"
      })
  void yaml11LookalikesAreQuotedInLabelsEnvAndAnnotations(String value) {
    Deployment deployment =
        new DeploymentBuilder()
            .withNewMetadata()
            .withName("llm")
            .addToLabels("gpu.count", value)
            .addToAnnotations("gpuspec.io/note", value)
            .endMetadata()
            .withNewSpec()
            .withNewTemplate()
            .withNewSpec()
            .addNewContainer()
            .withName("main")
            .addNewEnv()
            .withName("FLAG")
            .withValue(value)
            .endEnv()
            .endContainer()
            .endSpec()
            .endTemplate()
            .endSpec()
            .build();
    List<String> lines = YamlRenderer.render(deployment).lines().toList();
    String quoted = "\"" + value + "\"";
    assertThat(lines)
        .contains(
            "    gpu.count: " + quoted,
            "    gpuspec.io/note: " + quoted,
            "        - name: FLAG",
            "          value: " + quoted);
  }

  @Test
  void exactRenderingOfAConfigMapWithTrickyValues() {
    ConfigMap cm =
        new ConfigMapBuilder()
            .withNewMetadata()
            .withName("flags")
            .withNamespace("ml")
            .addToLabels("b", "on")
            .addToLabels("a", "012")
            .addToAnnotations("plain", "text value")
            .endMetadata()
            .addToData(
                "mig.yaml", "version: v1\nmig-configs:\n  all-1g.10gb:\n    - devices: all\n")
            .addToData("count", "4")
            .build();
    assertThat(YamlRenderer.render(cm))
        .isEqualTo(
            """
            ---
            apiVersion: v1
            kind: ConfigMap
            metadata:
              annotations:
                plain: text value
              labels:
                a: "012"
                b: "on"
              name: flags
              namespace: ml
            data:
              count: "4"
              mig.yaml: |
                version: v1
                mig-configs:
                  all-1g.10gb:
                    - devices: all
            """);
  }

  @Test
  void plainStringsStayPlain() {
    String yaml =
        YamlRenderer.render(
            configMap(Map.of("app.kubernetes.io/name", "llm", "tier", "gpu-a100", "v", "v1.2")));
    assertThat(yaml.lines())
        .contains("    app.kubernetes.io/name: llm", "    tier: gpu-a100", "    v: v1.2");
  }

  @Test
  void multiLineWithoutTrailingNewlineIsAStrippedLiteralBlock() {
    ConfigMap cm = configMap(Map.of());
    cm.setData(Map.of("script", "echo a\necho b"));
    assertThat(YamlRenderer.render(cm)).endsWith("data:\n  script: |-\n    echo a\n    echo b\n");
  }

  @Test
  void sameOutputTwiceAndOnlyLf() {
    ManifestSet set = sample();
    String first = YamlRenderer.render(set);
    assertThat(YamlRenderer.render(set)).isEqualTo(first);
    assertThat(first).doesNotContain("\r");
    assertThat(first).endsWith("\n");
    assertThat(first.split("\n", -1)).filteredOn(line -> line.equals("---")).hasSize(set.size());
    assertThat(first).startsWith("---\napiVersion: v1\nkind: Namespace\n");
    // each object is its own document starting with ---
    for (HasMetadata object : set) {
      assertThat(first).contains(YamlRenderer.render(object));
      assertThat(YamlRenderer.render(object)).startsWith("---\n");
    }
    assertThat(first).doesNotContain("kind: List");
  }

  @Test
  void outputIndependentOfObjectOrder() {
    List<HasMetadata> objects = new ArrayList<>(sample().objects());
    String expected = YamlRenderer.render(ManifestSet.of(objects));
    for (int i = 0; i < objects.size(); i++) {
      Collections.rotate(objects, 1);
      assertThat(YamlRenderer.render(ManifestSet.of(objects))).isEqualTo(expected);
    }
    Collections.reverse(objects);
    assertThat(YamlRenderer.render(ManifestSet.of(objects))).isEqualTo(expected);
    // canonical kind order: Namespace, PriorityClass, ConfigMap, then workloads
    assertThat(expected.lines().filter(l -> l.startsWith("kind: ")))
        .containsExactly(
            "kind: Namespace",
            "kind: PriorityClass",
            "kind: ConfigMap",
            "kind: Deployment",
            "kind: Job");
  }

  @Test
  void outputIndependentOfLabelInsertionOrder() {
    Map<String, String> forward = new LinkedHashMap<>();
    Map<String, String> backward = new LinkedHashMap<>();
    List<String> keys = List.of("zeta", "alpha", "app.kubernetes.io/name", "gpu.count", "mid");
    keys.forEach(k -> forward.put(k, "v-" + k));
    for (int i = keys.size() - 1; i >= 0; i--) {
      backward.put(keys.get(i), "v-" + keys.get(i));
    }
    String a = YamlRenderer.render(configMap(forward));
    assertThat(YamlRenderer.render(configMap(backward))).isEqualTo(a);
    assertThat(a.lines().filter(l -> l.startsWith("    ")).map(String::strip))
        .containsExactly(
            "alpha: v-alpha",
            "app.kubernetes.io/name: v-app.kubernetes.io/name",
            "gpu.count: v-gpu.count",
            "mid: v-mid",
            "zeta: v-zeta");
  }

  @Test
  void gpuQuantitiesAreStrings() {
    Deployment d =
        new DeploymentBuilder()
            .withNewMetadata()
            .withName("llm")
            .endMetadata()
            .withNewSpec()
            .withNewTemplate()
            .withNewSpec()
            .addNewContainer()
            .withName("main")
            .withNewResources()
            .addToLimits("nvidia.com/gpu", new Quantity("1"))
            .addToLimits("cpu", new Quantity("500m"))
            .addToRequests("nvidia.com/gpu", new Quantity("1"))
            .endResources()
            .endContainer()
            .endSpec()
            .endTemplate()
            .endSpec()
            .build();
    String yaml = YamlRenderer.render(d);
    assertThat(yaml.lines()).contains("            nvidia.com/gpu: \"1\"");
    // quoting "500m" is more than needed but harmless; it must stay a string either way
    assertThat(yaml.lines()).containsAnyOf("            cpu: 500m", "            cpu: \"500m\"");
  }

  static ManifestSet sample() {
    return ManifestSet.of(
        new JobBuilder()
            .withNewMetadata()
            .withName("train")
            .withNamespace("ml")
            .endMetadata()
            .withNewSpec()
            .withBackoffLimit(2)
            .endSpec()
            .build(),
        new DeploymentBuilder()
            .withNewMetadata()
            .withName("llm")
            .withNamespace("ml")
            .addToLabels("gpu.count", "4")
            .endMetadata()
            .build(),
        configMap(Map.of("enabled", "yes")),
        new PriorityClassBuilder()
            .withNewMetadata()
            .withName("high")
            .endMetadata()
            .withValue(1000)
            .build(),
        new NamespaceBuilder().withNewMetadata().withName("ml").endMetadata().build());
  }
}
