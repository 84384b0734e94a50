package io.gpuspec.trainer;

import static org.assertj.core.api.Assertions.assertThat;

import io.fabric8.kubernetes.api.model.HasMetadata;
import io.gpuspec.core.InvalidSpecException;
import io.gpuspec.core.TestGpuspec;
import io.gpuspec.core.manifest.ManifestSet;
import io.gpuspec.core.manifest.ReadResult;
import io.gpuspec.core.manifest.YamlRenderer;
import java.util.List;
import net.jqwik.api.Assume;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;

/** Rendering runtimes and TrainJobs is deterministic, and reading the YAML gives them back. */
class TrainerRoundTripProperties {

  @Property(tries = 100)
  void readOfRenderEqualsTheModel(@ForAll("specs") TrainerOneHomeProperties.Spec spec) {
    TrainerJob job;
    try {
      job = spec.job().build();
    } catch (InvalidSpecException refused) {
      Assume.that(false);
      return;
    }
    List<HasMetadata> objects = List.of(spec.runtime().toRuntime(), job.toTrainJob());
    String yaml = YamlRenderer.render(ManifestSet.of(objects));

    ReadResult read = TestGpuspec.read(yaml, "trainer.yaml");

    assertThat(read.problems()).isEmpty();
    assertThat(read.manifests()).isEqualTo(ManifestSet.of(objects));
    assertThat(YamlRenderer.render(read.manifests())).isEqualTo(yaml);
  }

  @net.jqwik.api.Provide
  net.jqwik.api.Arbitrary<TrainerOneHomeProperties.Spec> specs() {
    return new TrainerOneHomeProperties().specs();
  }
}
