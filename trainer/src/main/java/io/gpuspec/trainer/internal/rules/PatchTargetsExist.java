package io.gpuspec.trainer.internal.rules;

import io.gpuspec.core.manifest.ManifestSet;
import io.gpuspec.core.report.Severity;
import io.gpuspec.core.spi.BaseRule;
import io.gpuspec.core.spi.CheckContext;
import io.gpuspec.core.spi.ObjectLookup;
import io.gpuspec.core.spi.RuleInfo;
import io.gpuspec.trainer.facts.TrainerFacts;
import io.gpuspec.trainer.merge.Runtimes;
import io.gpuspec.trainer.model.TrainJob;

/**
 * TRN004: a TrainJob's runtime patches name replicated jobs and containers of its runtime and set
 * no env of the containers the Trainer API owns; the TrainJob webhook rejects them otherwise.
 * Checked when the set holds the runtime.
 *
 * <p>Upstream: <a href="https://www.kubeflow.org/docs/components/trainer/">Kubeflow Trainer</a>.
 */
public final class PatchTargetsExist extends BaseRule {

  public PatchTargetsExist() {
    super(
        RuleInfo.builder()
            .id(TrainerFacts.PATCH_TARGETS)
            .severity(Severity.ERROR)
            .title("A TrainJob's runtime patches name jobs and containers its runtime has")
            .why(
                "The TrainJob webhook rejects patches of replicated jobs or containers the runtime"
                    + " does not have, and env patches of the node and initializer containers.")
            .fix(
                "Patch the runtime's own jobs and containers; set the trainer's env in spec.trainer.env.")
            .addKinds(TrainJob.KIND)
            .documentation(TrainerRules.DOCS)
            .apiServerRejects(true)
            .build());
  }

  @Override
  public void check(ManifestSet manifests, CheckContext context) {
    ObjectLookup set = ObjectLookup.of(manifests);
    for (TrainJob job : manifests.ofType(TrainJob.class)) {
      Runtimes.resolve(job, set)
          .ifPresent(
              runtime ->
                  TrainerFacts.patchTargets(job, runtime)
                      .forEach(finding -> context.report(job, finding)));
    }
  }
}
