package io.gpuspec.tfjob.internal.rules;

import io.gpuspec.core.TestGpuspec;
import io.gpuspec.core.manifest.ManifestSet;
import io.gpuspec.core.report.Report;
import io.gpuspec.core.spi.Rule;
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
    return TestGpuspec.engine(rule).check(ManifestSet.of(job));
  }
}
