package io.gpuspec.trainer.internal.rules;

import io.gpuspec.core.Fleet;
import io.gpuspec.core.manifest.ManifestSet;
import io.gpuspec.core.report.Severity;
import io.gpuspec.core.spi.BaseRule;
import io.gpuspec.core.spi.CheckContext;
import io.gpuspec.core.spi.ObjectLookup;
import io.gpuspec.core.spi.RuleInfo;
import io.gpuspec.trainer.facts.TrainerFacts;
import io.gpuspec.trainer.merge.Runtimes;
import io.gpuspec.trainer.merge.TrainJobMerge;
import io.gpuspec.trainer.model.TrainJob;
import java.util.Optional;

/**
 * TRN002: with the pools known, a TrainJob's {@code numNodes} trainer pods, each with the GPUs it
 * requests, fit at once on one pool they can land on. Silent without a fleet.
 *
 * <p>Upstream: <a href="https://www.kubeflow.org/docs/components/trainer/">Kubeflow Trainer</a>.
 */
public final class TrainerNodesFitAPool extends BaseRule {

  public TrainerNodesFitAPool() {
    super(
        RuleInfo.builder()
            .id(TrainerFacts.NODES_FIT)
            .severity(Severity.ERROR)
            .title("A TrainJob's numNodes x GPUs per node fits one pool it can land on")
            .why(
                "Distributed training waits for all its nodes; a job that needs more nodes of its"
                    + " GPU count than a pool has never starts.")
            .fix("Lower numNodes or the GPUs per node, or place the runtime on a larger pool.")
            .addKinds(TrainJob.KIND)
            .documentation(TrainerRules.DOCS)
            .build());
  }

  @Override
  public void check(ManifestSet manifests, CheckContext context) {
    Optional<Fleet> fleet = context.fleet();
    if (fleet.isEmpty()) {
      return;
    }
    ObjectLookup set = ObjectLookup.of(manifests);
    for (TrainJob job : manifests.ofType(TrainJob.class)) {
      Runtimes.resolve(job, set)
          .ifPresent(
              runtime ->
                  TrainerFacts.trainerNodesFit(job, TrainJobMerge.merge(job, runtime), fleet.get())
                      .forEach(finding -> context.report(job, finding)));
    }
  }
}
