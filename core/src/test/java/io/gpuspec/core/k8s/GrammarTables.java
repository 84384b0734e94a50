package io.gpuspec.core.k8s;

import java.math.BigDecimal;
import java.util.List;
import java.util.Optional;

/**
 * The tables of the shared grammars (MIG names, quantities). Every place that used to have its own
 * copy of a grammar runs the same table in its module's tests, so the copies cannot drift again.
 */
public final class GrammarTables {

  private GrammarTables() {}

  /** One MIG profile spelling and its canonical form (empty: not a profile). */
  public record MigRow(String text, Optional<String> canonical) {
    @Override
    public String toString() {
      return text + " -> " + canonical.orElse("(not a profile)");
    }
  }

  /** One quantity text and the amount it stands for (empty: not a quantity). */
  public record QuantityRow(String text, Optional<BigDecimal> amount) {
    @Override
    public String toString() {
      return "\"" + text + "\" -> " + amount.map(BigDecimal::toPlainString).orElse("(invalid)");
    }
  }

  private static MigRow mig(String text, String canonical) {
    return new MigRow(text, Optional.of(canonical));
  }

  private static MigRow notMig(String text) {
    return new MigRow(text, Optional.empty());
  }

  /** MIG profile names in NVIDIA's and the device plugin's spellings, and names that are not. */
  public static final List<MigRow> MIG_PROFILES =
      List.of(
          mig("1g.10gb", "1g.10gb"),
          mig("1g.5gb", "1g.5gb"),
          mig("3g.40gb", "3g.40gb"),
          mig("7g.141gb", "7g.141gb"),
          mig("1g.10gb+me", "1g.10gb+me"),
          mig("1g.10gb.me", "1g.10gb+me"),
          mig("1g.10gb+gfx", "1g.10gb+gfx"),
          mig("1g.10gb.gfx", "1g.10gb+gfx"),
          mig("1g.24gb+me.all", "1g.24gb+me.all"),
          mig("1g.24gb.me.all", "1g.24gb+me.all"),
          mig("1g.24gb-me", "1g.24gb-me"),
          mig("1c.3g.40gb", "1c.3g.40gb"),
          notMig(""),
          notMig("foo"),
          mig("9g.99gb", "9g.99gb"),
          notMig("100g.10gb"),
          notMig("0g.10gb"),
          notMig("1g.0gb"),
          notMig("1g.10GB"),
          notMig("1g.10gb+xx"),
          notMig("1g.10gb.xx"),
          notMig("1g.10gb+me+gfx"),
          notMig("1g.10gb."),
          notMig("1g.10gb "),
          notMig("1g.123456gb"));

  private static QuantityRow quantity(String text, String amount) {
    return new QuantityRow(text, Optional.of(new BigDecimal(amount)));
  }

  private static QuantityRow notQuantity(String text) {
    return new QuantityRow(text, Optional.empty());
  }

  /** Quantities in apimachinery's grammar with their amounts, and texts that are not quantities. */
  public static final List<QuantityRow> QUANTITIES =
      List.of(
          quantity("1", "1"),
          quantity("0", "0"),
          quantity("500m", "0.5"),
          quantity("1m", "0.001"),
          quantity("1.5", "1.5"),
          quantity(".5", "0.5"),
          quantity("5.", "5"),
          quantity("+1", "1"),
          quantity("-1", "-1"),
          quantity("-500m", "-0.5"),
          quantity("100n", "0.0000001"),
          quantity("10u", "0.00001"),
          quantity("2k", "2000"),
          quantity("3M", "3000000"),
          quantity("1Ki", "1024"),
          quantity("1Mi", "1048576"),
          quantity("64Gi", "68719476736"),
          quantity("2E", "2000000000000000000"),
          quantity("1Ei", "1152921504606846976"),
          quantity("1e3", "1000"),
          quantity("1E3", "1000"),
          quantity("1e-3", "0.001"),
          quantity("1e+2", "100"),
          notQuantity(""),
          notQuantity("abc"),
          notQuantity("Gi"),
          notQuantity("1.5.5"),
          notQuantity("1KiB"),
          notQuantity("1ki"),
          notQuantity("1 Gi"),
          notQuantity(" 1"),
          notQuantity("1e"),
          notQuantity("1e1.5"),
          notQuantity("0x10"),
          notQuantity("\u0661"),
          notQuantity("--1"),
          notQuantity("1e99999999999"));
}
