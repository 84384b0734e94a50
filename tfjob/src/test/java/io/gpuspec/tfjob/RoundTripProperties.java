package io.gpuspec.tfjob;

import static org.assertj.core.api.Assertions.assertThat;

import io.gpuspec.core.TestGpuspec;
import io.gpuspec.core.manifest.ManifestSet;
import io.gpuspec.core.manifest.ReadResult;
import io.gpuspec.core.manifest.YamlRenderer;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;

class RoundTripProperties {

  @Provide
  Arbitrary<TfJob> jobs() {
    return TfJobArbitraries.pools("train").flatMap(TfJobArbitraries::jobs);
  }

  @Property(tries = 200)
  void readOfRenderEqualsTheModel(@ForAll("jobs") TfJob job) {
    ManifestSet rendered = ManifestSet.of(job.toManifests());

    ReadResult read = TestGpuspec.read(YamlRenderer.render(rendered), "job.yaml");

    assertThat(read.problems()).isEmpty();
    assertThat(read.manifests()).isEqualTo(rendered);
  }
}
