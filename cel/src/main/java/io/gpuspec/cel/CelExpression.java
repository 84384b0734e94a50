package io.gpuspec.cel;

import dev.cel.runtime.CelEvaluationException;
import dev.cel.runtime.CelRuntime;
import io.gpuspec.cel.internal.lib.Values;
import java.util.HashMap;
import java.util.Map;

/**
 * A compiled CEL expression of a {@link KubernetesCel} environment, ready to evaluate many times
 * (thread-safe). Evaluation counts the expression nodes it visits and stops at the environment's
 * per-call cost limit, as the API server stops an expression that exceeds its budget.
 */
public final class CelExpression {

  private final String source;
  private final CelRuntime.Program program;
  private final long costLimit;

  CelExpression(String source, CelRuntime.Program program, long costLimit) {
    this.source = source;
    this.program = program;
    this.costLimit = costLimit;
  }

  /** The expression's text. */
  public String source() {
    return source;
  }

  /**
   * Evaluates with the given variables (JSON-like Java values: maps, lists, numbers, strings,
   * booleans, null; they are converted to CEL values).
   *
   * @throws CelExpressionException when evaluation fails or exceeds the cost limit
   */
  public Object evaluate(Map<String, ?> variables) throws CelExpressionException {
    Map<String, Object> converted = new HashMap<>();
    variables.forEach((name, value) -> converted.put(name, Values.toCel(value)));
    return evaluateConverted(converted);
  }

  /** Evaluates with variables that already are CEL values (see {@code Values.toCel}). */
  Object evaluateConverted(Map<String, Object> variables) throws CelExpressionException {
    long[] cost = {0};
    try {
      return program.trace(
          variables,
          (expr, result) -> {
            if (++cost[0] > costLimit) {
              throw new CostLimitExceeded();
            }
          });
    } catch (CostLimitExceeded e) {
      throw costExceeded();
    } catch (CelEvaluationException e) {
      if (e.getCause() instanceof CostLimitExceeded) {
        throw costExceeded();
      }
      throw new CelExpressionException(
          "CEL expression \"" + source + "\": " + e.getMessage(), false, e);
    } catch (RuntimeException e) {
      if (e.getCause() instanceof CostLimitExceeded) {
        throw costExceeded();
      }
      throw new CelExpressionException(
          "CEL expression \"" + source + "\": evaluation failed: " + e, false, e);
    }
  }

  private CelExpressionException costExceeded() {
    return new CelExpressionException(
        "CEL expression \""
            + source
            + "\": operation cancelled: actual cost limit exceeded ("
            + costLimit
            + "); simplify the expression or bound the sizes of the lists and strings it reads",
        true,
        null);
  }

  /** Thrown from the evaluation listener to stop an evaluation over its budget. */
  private static final class CostLimitExceeded extends RuntimeException {
    private static final long serialVersionUID = 1L;

    CostLimitExceeded() {
      super("cost limit exceeded", null, false, false);
    }
  }

  @Override
  public String toString() {
    return source;
  }
}
