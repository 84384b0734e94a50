package com.example.gpuconsumer;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.fabric8.kubernetes.api.model.HasMetadata;
import io.fabric8.kubernetes.api.model.batch.v1.Job;
import io.fabric8.kubernetes.client.utils.KubernetesSerialization;
import io.gpuspec.core.Platform;
import io.gpuspec.core.check.Gpuspec;
import io.gpuspec.core.manifest.ReadResult;
import io.gpuspec.core.manifest.YamlRenderer;
import io.gpuspec.core.report.Report;
import io.gpuspec.tfjob.model.TFJob;
import java.util.List;
import java.util.Set;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;

/** A consumer's own platform goes from gpuspec to fabric8 and back without loss. */
class TeamPlatformRoundTripTest {

  private final KubernetesSerialization fabric8 = new KubernetesSerialization();
  private final Platform platform = TeamPlatform.build();
  private final List<HasMetadata> rendered = platform.manifests().objects();

  @Test
  void gpuspecModulesAreFoundOnTheConsumersClassPath() {
    Gpuspec gpuspec = Gpuspec.load();
    assertTrue(
        gpuspec.rules().stream().anyMatch(rule -> rule.info().id().startsWith("TFJ")),
        "gpuspec-tfjob's rules are loaded");
    Report report = gpuspec.check(platform);
    assertFalse(report.hasErrors(), report::toString);
  }

  @Test
  void gpuspecYamlReadByFabric8IsTheRenderedObject() {
    assertEquals(
        Set.of(Job.class, TFJob.class),
        rendered.stream().map(Object::getClass).collect(Collectors.toSet()));
    for (HasMetadata original : rendered) {
      Object back = fabric8.unmarshal(YamlRenderer.render(original));
      assertEquals(original.getClass(), back.getClass());
      assertEquals(original, back);
    }
  }

  @Test
  void fabric8YamlReadByGpuspecIsTheRenderedObject() {
    Gpuspec gpuspec = Gpuspec.load();
    for (HasMetadata original : rendered) {
      ReadResult read = gpuspec.read(fabric8.asYaml(original), original.getKind());
      assertFalse(read.hasErrors(), read.problems()::toString);
      assertEquals(List.of(original), read.manifests().objects());
    }
  }
}
