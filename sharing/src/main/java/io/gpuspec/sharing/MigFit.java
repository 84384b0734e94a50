package io.gpuspec.sharing;

import io.gpuspec.core.InvalidSpecException;
import java.util.List;
import java.util.stream.Collectors;

/**
 * Whether a {@link MigLayout} fits the GPU models it was checked against: the problems found, and
 * for every group and model that fits, the placement that proves it.
 *
 * @param models the GPU models tried, by {@link io.gpuspec.core.GpuModel#name()}
 * @param problems empty when the layout fits every model
 * @param placements one per fitting (group, model) with MIG enabled
 */
public record MigFit(
    List<String> models, List<MigProblem> problems, List<MigPlacement> placements) {

  public MigFit {
    models = List.copyOf(models);
    problems = List.copyOf(problems);
    placements = List.copyOf(placements);
  }

  public boolean fits() {
    return problems.isEmpty();
  }

  /** Whether some problem is of this kind. */
  public boolean has(MigProblem.Kind kind) {
    return problems.stream().anyMatch(problem -> problem.kind() == kind);
  }

  /** One line per problem and the models tried; {@code fits} when there is none. */
  public String explain() {
    if (fits()) {
      return "fits " + String.join(", ", models);
    }
    return problems.stream().map(MigProblem::message).collect(Collectors.joining("\n"))
        + "\n(models tried: "
        + String.join(", ", models)
        + ")";
  }

  /** Throws the first problem (naming how many more there are) when the layout does not fit. */
  public MigFit requireFits() {
    if (!fits()) {
      MigProblem first = problems.get(0);
      String more =
          problems.size() == 1 ? "" : " (and " + (problems.size() - 1) + " more problems)";
      throw new InvalidSpecException(first.where(), first.problem() + more, first.fix());
    }
    return this;
  }
}
