package io.gpuspec.core.manifest;

import static org.assertj.core.api.Assertions.assertThat;

import io.fabric8.kubernetes.api.model.ConfigMapBuilder;
import io.fabric8.kubernetes.api.model.Container;
import io.fabric8.kubernetes.api.model.ContainerBuilder;
import io.fabric8.kubernetes.api.model.EnvVar;
import io.fabric8.kubernetes.api.model.HasMetadata;
import io.fabric8.kubernetes.api.model.ObjectMeta;
import io.fabric8.kubernetes.api.model.ObjectMetaBuilder;
import io.fabric8.kubernetes.api.model.Quantity;
import io.fabric8.kubernetes.api.model.apps.DeploymentBuilder;
import io.fabric8.kubernetes.api.model.batch.v1.JobBuilder;
import io.fabric8.kubernetes.api.model.scheduling.v1.PriorityClassBuilder;
import io.gpuspec.core.TestGpuspec;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.Random;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Combinators;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;

/** Rendering then reading gives the same objects back, and rendering is a pure function. */
class RoundTripProperties {

  /** Strings that YAML 1.1 or YAML itself would read as something else if written plainly. */
  private static final List<String> TRICKY =
      List.of(
          "4",
          "yes",
          "Yes",
          "YES",
          "on",
          "On",
          "off",
          "y",
          "n",
          "N",
          "no",
          "012",
          "0x1F",
          "0o17",
          "1_000",
          "._0",
          "1:20",
          "1.0",
          "1e3",
          ".5",
          "-1",
          "+1",
          "",
          "true",
          "False",
          "null",
          "Null",
          "~",
          ".inf",
          "-.Inf",
          ".nan",
          "<<",
          "=",
          "-",
          "- x",
          "? x",
          "a: b",
          "a #b",
          "#x",
          "*x",
          "&x",
          "!x",
          "%x",
          "@x",
          "`x",
          "|",
          ">",
          "'q'",
          "\"q\"",
          " lead",
          "trail ",
          "tab\there",
          "multi\nline",
          "multi\nline\n",
          "  indented\nblock\n",
          "trailing spaces  \nx\n",
          "\u00e9t\u00e9 \u2603 \u4e2d",
          "2026-01-01",
          "2026-01-01T00:00:00Z",
          "0",
          "00",
          "08");

  private static Arbitrary<String> tricky() {
    return Arbitraries.oneOf(
        Arbitraries.of(TRICKY),
        Arbitraries.strings().ascii().ofMaxLength(12),
        Arbitraries.strings().withCharRange(' ', '~').ofMaxLength(20),
        Arbitraries.strings().withCharRange('\u00a0', '\u02ff').ofMaxLength(6));
  }

  /** Label values must be valid label values, but tricky for YAML 1.1. */
  private static Arbitrary<String> labelValues() {
    return Arbitraries.oneOf(
        Arbitraries.of(
            "4",
            "yes",
            "on",
            "y",
            "012",
            "1.0",
            "",
            "0x1F",
            "1_000",
            "No",
            "OFF",
            "True",
            "null",
            "1e3",
            "08",
            "a100",
            "nvidia-h100-80gb"),
        Arbitraries.strings().alpha().numeric().withChars('-', '_', '.').ofMaxLength(10));
  }

  private static Arbitrary<String> names() {
    return Arbitraries.strings()
        .withCharRange('a', 'z')
        .numeric()
        .withChars('-')
        .ofMinLength(1)
        .ofMaxLength(15)
        .filter(s -> Character.isLetterOrDigit(s.charAt(0)))
        .filter(s -> Character.isLetterOrDigit(s.charAt(s.length() - 1)));
  }

  private static Arbitrary<Map<String, String>> labels() {
    Arbitrary<String> keys =
        Arbitraries.oneOf(
            Arbitraries.of("gpu.count", "app.kubernetes.io/name", "nvidia.com/gpu.product", "a"),
            names());
    return Arbitraries.maps(keys, labelValues()).ofMaxSize(5);
  }

  private static Arbitrary<Quantity> gpuQuantities() {
    return Arbitraries.of("0", "1", "2", "4", "8", "16", "1e1", "100m", "0.5", "1Gi", "1k")
        .map(Quantity::new);
  }

  private static Arbitrary<ObjectMeta> meta(boolean namespaced) {
    return Combinators.combine(
            names(),
            names(),
            labels(),
            Arbitraries.maps(Arbitraries.of("gpuspec.io/note", "x", "example.com/why"), tricky())
                .ofMaxSize(3))
        .as(
            (name, ns, labels, annotations) ->
                new ObjectMetaBuilder()
                    .withName(name)
                    .withNamespace(namespaced ? ns : null)
                    .withLabels(labels)
                    .withAnnotations(annotations)
                    .build());
  }

  private static Arbitrary<Container> containers() {
    Arbitrary<EnvVar> env =
        Combinators.combine(names().map(n -> n.toUpperCase().replace('-', '_')), tricky())
            .as((name, value) -> new EnvVar(name, value, null));
    return Combinators.combine(
            names(), env.list().ofMaxSize(4), gpuQuantities(), tricky().list().ofMaxSize(3))
        .as(
            (name, envs, gpus, args) ->
                new ContainerBuilder()
                    .withName(name)
                    .withImage("nvcr.io/nvidia/pytorch:24.08-py3")
                    .withArgs(args)
                    .withEnv(envs)
                    .withNewResources()
                    .addToLimits("nvidia.com/gpu", gpus)
                    .addToRequests("nvidia.com/gpu", gpus)
                    .addToRequests("cpu", new Quantity("500m"))
                    .endResources()
                    .build());
  }

  private static Arbitrary<HasMetadata> deployments() {
    return Combinators.combine(
            meta(true), labels(), Arbitraries.integers().between(0, 100), containers())
        .as(
            (meta, podLabels, replicas, container) ->
                new DeploymentBuilder()
                    .withMetadata(meta)
                    .withNewSpec()
                    .withReplicas(replicas)
                    .withNewSelector()
                    .withMatchLabels(podLabels)
                    .endSelector()
                    .withNewTemplate()
                    .withNewMetadata()
                    .withLabels(podLabels)
                    .endMetadata()
                    .withNewSpec()
                    .withContainers(container)
                    .endSpec()
                    .endTemplate()
                    .endSpec()
                    .build());
  }

  private static Arbitrary<HasMetadata> jobs() {
    return Combinators.combine(meta(true), Arbitraries.integers().between(0, 6), containers())
        .as(
            (meta, backoff, container) ->
                new JobBuilder()
                    .withMetadata(meta)
                    .withNewSpec()
                    .withBackoffLimit(backoff)
                    .withNewTemplate()
                    .withNewSpec()
                    .withRestartPolicy("Never")
                    .withContainers(container)
                    .endSpec()
                    .endTemplate()
                    .endSpec()
                    .build());
  }

  private static Arbitrary<HasMetadata> configMaps() {
    Arbitrary<String> keys =
        Arbitraries.oneOf(
            Arbitraries.of("4", "yes", "on", "012", "1.0", "config.yaml", "y", "null"), names());
    return Combinators.combine(meta(true), Arbitraries.maps(keys, tricky()).ofMaxSize(5))
        .as((meta, data) -> new ConfigMapBuilder().withMetadata(meta).withData(data).build());
  }

  private static Arbitrary<HasMetadata> priorityClasses() {
    return Combinators.combine(
            meta(false),
            Arbitraries.integers().between(-1000, 1_000_000_000),
            tricky(),
            Arbitraries.of(false, true))
        .as(
            (meta, value, description, global) ->
                new PriorityClassBuilder()
                    .withMetadata(meta)
                    .withValue(value)
                    .withDescription(description)
                    .withGlobalDefault(global)
                    .withPreemptionPolicy("PreemptLowerPriority")
                    .build());
  }

  @Provide
  Arbitrary<List<HasMetadata>> objects() {
    return Arbitraries.oneOf(deployments(), jobs(), configMaps(), priorityClasses())
        .list()
        .ofMinSize(1)
        .ofMaxSize(6)
        .map(
            list -> {
              // distinct names, so that the canonical order is total
              List<HasMetadata> out = new ArrayList<>();
              for (int i = 0; i < list.size(); i++) {
                HasMetadata o = list.get(i);
                o.getMetadata().setName(o.getMetadata().getName() + "-" + i);
                out.add(o);
              }
              return out;
            });
  }

  @Property(tries = 300)
  void readingTheRenderedYamlGivesTheSameObjects(@ForAll("objects") List<HasMetadata> objects) {
    ManifestSet set = ManifestSet.of(objects);
    String yaml = YamlRenderer.render(set);
    ReadResult read = TestGpuspec.read(yaml, "x.yaml");
    assertThat(read.problems()).as(yaml).isEmpty();
    assertThat(read.manifests()).as(yaml).isEqualTo(set);
    assertThat(read.manifests().objects()).as(yaml).containsExactlyElementsOf(set.objects());
  }

  @Property(tries = 200)
  void renderingIsDeterministic(@ForAll("objects") List<HasMetadata> objects, @ForAll long seed) {
    ManifestSet set = ManifestSet.of(objects);
    String yaml = YamlRenderer.render(set);
    assertThat(YamlRenderer.render(set)).isEqualTo(yaml);
    List<HasMetadata> shuffled = new ArrayList<>(objects);
    Collections.shuffle(shuffled, new Random(seed));
    assertThat(YamlRenderer.render(ManifestSet.of(shuffled))).isEqualTo(yaml);
    ReadResult read = TestGpuspec.read(yaml, "x.yaml");
    assertThat(YamlRenderer.render(read.manifests())).isEqualTo(yaml);
    assertThat(yaml).doesNotContain("\r");
    assertThat(yaml.lines().filter(l -> l.equals("---"))).hasSize(set.size());
  }
}
