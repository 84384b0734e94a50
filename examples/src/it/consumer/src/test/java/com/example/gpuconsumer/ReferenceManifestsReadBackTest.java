package com.example.gpuconsumer;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.fabric8.kubernetes.api.model.HasMetadata;
import io.fabric8.kubernetes.client.utils.KubernetesSerialization;
import io.gpuspec.examples.ReferencePlatform;
import io.gpuspec.tfjob.model.TFJob;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * The manifests that gpuspec-examples wrote at package time, read by fabric8's untyped
 * deserialization, are the objects gpuspec renders: same classes (TFJob included) and equal.
 */
class ReferenceManifestsReadBackTest {

  private final KubernetesSerialization fabric8 = new KubernetesSerialization();

  @Test
  void everyWrittenManifestReadsBackAsTheRenderedObject() throws IOException {
    Map<String, HasMetadata> rendered = byKey(ReferencePlatform.build().manifests().objects());
    Map<String, HasMetadata> read = new LinkedHashMap<>();
    for (Path file : manifestFiles()) {
      try (InputStream in = Files.newInputStream(file)) {
        Object object = fabric8.unmarshal(in);
        HasMetadata resource = assertInstanceOf(HasMetadata.class, object, file.toString());
        assertNull(read.put(key(resource), resource), "a second file for " + key(resource));
      }
    }

    assertEquals(rendered.keySet(), read.keySet());
    rendered.forEach(
        (key, original) -> {
          HasMetadata back = read.get(key);
          assertEquals(original.getClass(), back.getClass(), key);
          assertEquals(original, back, key);
        });
  }

  @Test
  void tfJobsComeBackTyped() throws IOException {
    List<Path> tfJobFiles =
        manifestFiles().stream()
            .filter(file -> file.getFileName().toString().contains("-tfjob-"))
            .collect(Collectors.toList());
    assertFalse(tfJobFiles.isEmpty(), "the reference platform has TFJobs");
    for (Path file : tfJobFiles) {
      try (InputStream in = Files.newInputStream(file)) {
        TFJob job = assertInstanceOf(TFJob.class, fabric8.unmarshal(in), file.toString());
        assertEquals("kubeflow.org/v1", job.getApiVersion());
        assertTrue(job.getSpec().getTfReplicaSpecs().containsKey("Worker"), file.toString());
      }
    }
  }

  private static List<Path> manifestFiles() throws IOException {
    Path dir = Path.of(System.getProperty("gpuspec.manifests"));
    assertTrue(Files.isDirectory(dir), "examples' package phase writes " + dir);
    try (Stream<Path> files = Files.list(dir)) {
      List<Path> yaml =
          files.filter(f -> f.toString().endsWith(".yaml")).sorted().collect(Collectors.toList());
      assertFalse(yaml.isEmpty(), "no manifests in " + dir);
      return yaml;
    }
  }

  private static Map<String, HasMetadata> byKey(List<HasMetadata> objects) {
    Map<String, HasMetadata> byKey = new LinkedHashMap<>();
    objects.forEach(o -> byKey.put(key(o), o));
    assertEquals(objects.size(), byKey.size(), "rendered keys are unique");
    return byKey;
  }

  static String key(HasMetadata o) {
    return o.getApiVersion()
        + "/"
        + o.getKind()
        + "/"
        + o.getMetadata().getNamespace()
        + "/"
        + o.getMetadata().getName();
  }
}
