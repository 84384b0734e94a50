package io.gpuspec.scheduling;

import static org.assertj.core.api.Assertions.assertThat;

import io.gpuspec.core.k8s.GrammarTables;
import io.gpuspec.core.k8s.GrammarTables.QuantityRow;
import java.util.stream.Stream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/** Core's quantity table through this module's quantities (queues, quotas, gangs). */
class QuantityGrammarTest {

  static Stream<QuantityRow> quantities() {
    return GrammarTables.QUANTITIES.stream();
  }

  @ParameterizedTest
  @MethodSource("quantities")
  void quantity_parsesIffTheGrammarSaysSo_toTheSameAmount(QuantityRow row) {
    assertThat(Quantities.isQuantity(row.text()))
        .as(row.toString())
        .isEqualTo(row.amount().isPresent());
    row.amount()
        .ifPresent(
            amount ->
                assertThat(Quantities.amount(row.text()))
                    .as(row.toString())
                    .isEqualByComparingTo(amount));
  }
}
