package io.gpuspec.sharing.dra;

import static org.assertj.core.api.Assertions.assertThat;

import io.gpuspec.core.k8s.GrammarTables;
import io.gpuspec.core.k8s.GrammarTables.QuantityRow;
import java.math.BigDecimal;
import java.util.stream.Stream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/** Core's quantity table through the DRA pinned-memory limit (at least 1Mi). */
class QuantityGrammarTest {

  static Stream<QuantityRow> quantities() {
    return GrammarTables.QUANTITIES.stream();
  }

  @ParameterizedTest
  @MethodSource("quantities")
  void pinnedMemoryLimit_isAtLeastOneMiB_iffTheAmountIs(QuantityRow row) {
    boolean atLeast =
        row.amount().filter(a -> a.compareTo(BigDecimal.valueOf(1L << 20)) >= 0).isPresent();
    assertThat(DraSharing.atLeastOneMiB(row.text())).as(row.toString()).isEqualTo(atLeast);
  }
}
