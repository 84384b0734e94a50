package io.gpuspec.tfjob.internal.rules;

import static org.assertj.core.api.Assertions.assertThat;

import io.gpuspec.core.TestGpuspec;
import io.gpuspec.core.manifest.ManifestSet;
import io.gpuspec.core.report.Severity;
import io.gpuspec.core.report.Violation;
import io.gpuspec.tfjob.model.TFJob;
import java.util.List;
import org.junit.jupiter.api.Test;

/** TFJob names are DNS-1035 labels: the tfjob module declares it, core's K8S003 checks it. */
class TfJobNameTest {

  private static List<Violation> check(TFJob job) {
    return TestGpuspec.GPUSPEC.engine().only("K8S003").check(ManifestSet.of(job)).violations();
  }

  @Test
  void fires_onNameStartingWithADigit() {
    TFJob job = RuleFixtures.mnist(j -> j.getMetadata().setName("1mnist"));

    assertThat(check(job))
        .singleElement()
        .satisfies(
            v -> {
              assertThat(v.ruleId()).isEqualTo("K8S003");
              assertThat(v.severity()).isEqualTo(Severity.ERROR);
              assertThat(v.path()).isEqualTo("metadata.name");
              assertThat(v.message()).contains("\"1mnist\" is not a DNS-1035 label");
            });
  }

  @Test
  void fires_onDottedName() {
    TFJob job = RuleFixtures.mnist(j -> j.getMetadata().setName("mnist.v2"));

    assertThat(check(job)).hasSize(1);
  }

  @Test
  void quiet_onDns1035Name() {
    assertThat(check(RuleFixtures.mnist(j -> {}))).isEmpty();
  }
}
