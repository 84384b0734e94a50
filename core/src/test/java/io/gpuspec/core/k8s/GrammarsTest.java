package io.gpuspec.core.k8s;

import static org.assertj.core.api.Assertions.assertThat;

import io.fabric8.kubernetes.api.model.Quantity;
import io.gpuspec.core.k8s.GrammarTables.MigRow;
import io.gpuspec.core.k8s.GrammarTables.QuantityRow;
import java.math.BigDecimal;
import java.util.Optional;
import java.util.stream.Stream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/** The grammar tables through core's places: the grammars themselves and what rules read. */
class GrammarsTest {

  static Stream<MigRow> migProfiles() {
    return GrammarTables.MIG_PROFILES.stream();
  }

  static Stream<QuantityRow> quantities() {
    return GrammarTables.QUANTITIES.stream();
  }

  @ParameterizedTest
  @MethodSource("migProfiles")
  void migProfile_parsesToItsCanonicalName(MigRow row) {
    assertThat(MigNames.profile(row.text()).map(MigNames.Profile::canonical))
        .isEqualTo(row.canonical());
    assertThat(MigNames.isProfile(row.text())).isEqualTo(row.canonical().isPresent());
  }

  @ParameterizedTest
  @MethodSource("migProfiles")
  void migResource_isAGpuOfItsProfile_plainAndShared(MigRow row) {
    for (String resource :
        new String[] {
          MigNames.RESOURCE_PREFIX + row.text(), MigNames.RESOURCE_PREFIX + row.text() + ".shared"
        }) {
      assertThat(GpuResources.migProfile(resource)).as(resource).isEqualTo(row.canonical());
      assertThat(GpuResources.isMig(resource)).as(resource).isEqualTo(row.canonical().isPresent());
      assertThat(GpuResources.isGpu(resource)).as(resource).isEqualTo(row.canonical().isPresent());
    }
  }

  @ParameterizedTest
  @MethodSource("migProfiles")
  void advertisedResource_isTheDevicePluginsSpelling_andReadsBack(MigRow row) {
    Optional<String> advertised = MigNames.resource(row.text());
    assertThat(advertised.isPresent()).isEqualTo(row.canonical().isPresent());
    advertised.ifPresent(
        resource -> {
          assertThat(resource).doesNotContain("+");
          assertThat(GpuResources.migProfile(resource)).isEqualTo(row.canonical());
        });
  }

  @ParameterizedTest
  @MethodSource("quantities")
  void quantity_parsesToItsAmount(QuantityRow row) {
    assertAmount(Quantities.parse(row.text()), row);
    assertThat(Quantities.isQuantity(row.text())).isEqualTo(row.amount().isPresent());
  }

  @ParameterizedTest
  @MethodSource("quantities")
  void fabric8Quantity_asRulesReadIt_hasTheSameAmount(QuantityRow row) {
    Quantity quantity = new Quantity();
    quantity.setAmount(row.text());
    assertAmount(GpuResources.amount(quantity), row);
  }

  static void assertAmount(Optional<BigDecimal> amount, QuantityRow row) {
    assertThat(amount.isPresent()).as(row.toString()).isEqualTo(row.amount().isPresent());
    amount.ifPresent(
        a -> assertThat(a).as(row.toString()).isEqualByComparingTo(row.amount().get()));
  }
}
