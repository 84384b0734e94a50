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
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * The manifests that gpuspec-examples wrote at package time, read by fabric8's untyped
 * deserialization, are the objects gpuspec renders: same classes (TFJob included) and equal.
 */
class ReferenceManifestsReadBackTest {

  /** What fabric8 read from each file, by apiVersion/kind/namespace/name. */
  private static final Map<String, Object> READ = new LinkedHashMap<>();

  @BeforeAll
  static void readEveryWrittenManifest() throws IOException {
    KubernetesSerialization fabric8 = new KubernetesSerialization();
    for (Path file : manifestFiles()) {
      try (InputStream in = Files.newInputStream(file)) {
        Object object = fabric8.unmarshal(in);
        HasMetadata resource = assertInstanceOf(HasMetadata.class, object, file.toString());
        assertNull(READ.put(key(resource), resource), "a second file for " + key(resource));
      }
    }
  }

  @Test
  void everyWrittenManifestIsTheRenderedObject() {
    List<HasMetadata> rendered = ReferencePlatform.build().manifests().objects();
    Map<String, HasMetadata> byKey = new LinkedHashMap<>();
    rendered.forEach(o -> byKey.put(key(o), o));
    assertEquals(rendered.size(), byKey.size(), "rendered objects have distinct keys");

    assertEquals(byKey.keySet(), READ.keySet());
    byKey.forEach(
        (key, original) -> {
          Object back = READ.get(key);
          assertEquals(original.getClass(), back.getClass(), key);
          assertEquals(original, back, key);
        });
  }

  @Test
  void tfJobsComeBackTyped() {
    List<Object> tfJobs =
        READ.entrySet().stream()
            .filter(e -> e.getKey().startsWith(TFJob.API_VERSION + "/" + TFJob.KIND + "/"))
            .map(Map.Entry::getValue)
            .collect(Collectors.toList());
    assertFalse(tfJobs.isEmpty(), "the reference platform has TFJobs");
    for (Object object : tfJobs) {
      TFJob job = assertInstanceOf(TFJob.class, object);
      assertTrue(job.getSpec().getTfReplicaSpecs().containsKey("Worker"), job::toString);
    }
  }

  private static List<Path> manifestFiles() throws IOException {
    Path dir = Path.of(System.getProperty("gpuspec.manifests"));
    assertTrue(Files.isDirectory(dir), "the examples module's package phase writes " + dir);
    try (Stream<Path> files = Files.list(dir)) {
      List<Path> yaml =
          files.filter(f -> f.toString().endsWith(".yaml")).sorted().collect(Collectors.toList());
      assertFalse(yaml.isEmpty(), "no manifests in " + dir);
      return yaml;
    }
  }

  private static String key(HasMetadata o) {
    return o.getApiVersion()
        + "/"
        + o.getKind()
        + "/"
        + o.getMetadata().getNamespace()
        + "/"
        + o.getMetadata().getName();
  }
}
