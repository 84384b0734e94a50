package io.gpuspec.build;

import static org.assertj.core.api.Assertions.assertThatCode;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.Map;
import org.junit.jupiter.api.Test;

class VersionCheckTest {

  @Test
  void sameVersion_passes() {
    assertThatCode(
            () ->
                VersionCheck.requireSameVersion(
                    "gpuspec-maven-plugin", "1.2.0", Map.of("gpuspec-core", "1.2.0")))
        .doesNotThrowAnyException();
  }

  @Test
  void otherVersion_namesEachArtifactAndBothWaysOut() {
    assertThatThrownBy(
            () ->
                VersionCheck.requireSameVersion(
                    "gpuspec-maven-plugin",
                    "1.2.0",
                    Map.of(
                        "gpuspec-tfjob", "1.3.0", "gpuspec-core", "1.3.0", "gpuspec-x", "1.2.0")))
        .isInstanceOf(BuildException.class)
        .hasMessage(
            "gpuspec-maven-plugin 1.2.0: the project uses gpuspec-core 1.3.0, gpuspec-tfjob 1.3.0,"
                + " but specs and rules must run with the plugin's version; use"
                + " gpuspec-maven-plugin 1.3.0, or gpuspec 1.2.0 in the project");
  }
}
