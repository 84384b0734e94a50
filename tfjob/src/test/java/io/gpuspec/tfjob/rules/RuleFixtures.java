package io.gpuspec.tfjob.rules;

import io.gpuspec.core.check.Report;
import io.gpuspec.core.check.Rule;
import io.gpuspec.core.check.RuleEngine;
import io.gpuspec.core.manifest.ManifestSet;
import io.gpuspec.tfjob.TfFixtures;
import io.gpuspec.tfjob.model.TFJob;
import java.util.function.Consumer;

/** Runs one rule over the acceptance job after a mutation of its rendered object. */
final class RuleFixtures {

  private RuleFixtures() {}

  /** The rendered acceptance job (Chief + 4 Workers on A100), changed by {@code mutation}. */
  static TFJob mnist(Consumer<TFJob> mutation) {
    TFJob job = TfFixtures.mnist().toTfJob();
    mutation.accept(job);
    return job;
  }

  static Report check(Rule rule, TFJob job) {
    return RuleEngine.of(rule).check(ManifestSet.of(job));
  }
}
