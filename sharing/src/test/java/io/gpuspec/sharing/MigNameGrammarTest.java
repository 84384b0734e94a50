package io.gpuspec.sharing;

import static org.assertj.core.api.Assertions.assertThat;

import io.gpuspec.core.k8s.GrammarTables;
import io.gpuspec.core.k8s.GrammarTables.MigRow;
import io.gpuspec.core.k8s.MigNames;
import java.util.stream.Stream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/** Core's MIG-name table through this module's places: profile names and advertised resources. */
class MigNameGrammarTest {

  static Stream<MigRow> migProfiles() {
    return GrammarTables.MIG_PROFILES.stream();
  }

  @ParameterizedTest
  @MethodSource("migProfiles")
  void profileName_isOneIffTheGrammarSaysSo(MigRow row) {
    assertThat(MigProfile.isProfileName(row.text())).isEqualTo(row.canonical().isPresent());
  }

  @ParameterizedTest
  @MethodSource("migProfiles")
  void advertisedResource_isTheDevicePluginsSpellingOfTheCanonicalName(MigRow row) {
    row.canonical()
        .ifPresent(
            canonical -> {
              String resource = ResourceNames.mig(row.text());
              assertThat(resource).isEqualTo(ResourceNames.mig(canonical)).doesNotContain("+");
              assertThat(MigNames.ofResource(resource).map(MigNames.Profile::canonical))
                  .contains(canonical);
            });
  }
}
