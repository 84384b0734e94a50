package io.gpuspec.sharing;

import io.gpuspec.core.InvalidSpecException;
import java.util.List;
import java.util.Optional;

/**
 * The result of reading a config text: the typed value, when one could be built, and every problem
 * found. Reading is strict: unknown or misplaced keys are problems even though the NVIDIA
 * components would silently ignore them, so {@link #ok()} needs both a value and no problem.
 */
public record Parsed<T>(Optional<T> value, List<ConfigProblem> problems) {

  public Parsed {
    problems = List.copyOf(problems);
  }

  public boolean ok() {
    return value.isPresent() && problems.isEmpty();
  }

  /** The value; throws the first problem (naming how many more there are) unless {@link #ok()}. */
  public T orThrow() {
    if (!ok()) {
      if (problems.isEmpty()) {
        throw new InvalidSpecException(
            "config", "no value could be read", "check the text is a YAML mapping");
      }
      ConfigProblem first = problems.get(0);
      String more =
          problems.size() == 1 ? "" : " (and " + (problems.size() - 1) + " more problems)";
      throw new InvalidSpecException(
          "config " + first.path(), first.message() + more, "fix the text");
    }
    return value.orElseThrow();
  }
}
