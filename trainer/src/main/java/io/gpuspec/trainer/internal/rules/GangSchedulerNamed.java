package io.gpuspec.trainer.internal.rules;

import io.fabric8.kubernetes.api.model.HasMetadata;
import io.gpuspec.core.manifest.ManifestSet;
import io.gpuspec.core.report.Severity;
import io.gpuspec.core.spi.BaseRule;
import io.gpuspec.core.spi.CheckContext;
import io.gpuspec.core.spi.RuleInfo;
import io.gpuspec.trainer.facts.TrainerFacts;
import io.gpuspec.trainer.model.ClusterTrainingRuntime;
import io.gpuspec.trainer.model.TrainingRuntime;
import java.util.ArrayList;
import java.util.List;

/**
 * TRN003 (warning): a runtime whose {@code podGroupPolicy} gangs its pods has them scheduled by a
 * scheduler that honours the gang: {@code volcano} for Volcano, a named scheduler for coscheduling.
 * The controller makes the PodGroup and marks the pods, but does not set the scheduler; scheduler
 * names are configurable, hence a warning.
 *
 * <p>Upstream: <a
 * href="https://www.kubeflow.org/docs/components/trainer/operator-guides/job-scheduling/">Kubeflow
 * Trainer: job scheduling</a>.
 */
public final class GangSchedulerNamed extends BaseRule {

  public GangSchedulerNamed() {
    super(
        RuleInfo.builder()
            .id(TrainerFacts.GANG_SCHEDULER)
            .severity(Severity.WARNING)
            .title("A gang-scheduled runtime's pods name the scheduler that honours the gang")
            .why(
                "The Trainer makes a PodGroup for podGroupPolicy but leaves schedulerName alone;"
                    + " a scheduler without the gang plugin starts the pods one by one.")
            .fix("Set schedulerName in each replicated job's pod template (volcano for Volcano).")
            .addKinds(TrainingRuntime.KIND, ClusterTrainingRuntime.KIND)
            .documentation(TrainerRules.GANG_DOCS)
            .build());
  }

  @Override
  public void check(ManifestSet manifests, CheckContext context) {
    List<HasMetadata> runtimes = new ArrayList<>(manifests.ofType(TrainingRuntime.class));
    runtimes.addAll(manifests.ofType(ClusterTrainingRuntime.class));
    for (HasMetadata runtime : runtimes) {
      TrainerFacts.gangScheduler(runtime).forEach(finding -> context.report(runtime, finding));
    }
  }
}
