package io.gpuspec.trainer.internal.rules;

import io.fabric8.kubernetes.api.model.HasMetadata;
import io.gpuspec.core.manifest.ManifestSet;
import io.gpuspec.core.report.Severity;
import io.gpuspec.core.spi.BaseRule;
import io.gpuspec.core.spi.CheckContext;
import io.gpuspec.core.spi.RuleInfo;
import io.gpuspec.trainer.facts.TrainerFacts;
import io.gpuspec.trainer.merge.Runtimes;
import io.gpuspec.trainer.model.ClusterTrainingRuntime;
import io.gpuspec.trainer.model.TrainJob;
import io.gpuspec.trainer.model.TrainingRuntime;
import java.util.List;

/**
 * TRN001: the runtime a TrainJob names is in the set. When the set holds runtimes of that kind (the
 * platform's catalogue), a missing one is an error with the closest name as the fix (a typo); when
 * it holds none, a warning (the cluster may have it).
 *
 * <p>Upstream: <a href="https://www.kubeflow.org/docs/components/trainer/">Kubeflow Trainer</a>.
 */
public final class RuntimeRefExists extends BaseRule {

  public RuntimeRefExists() {
    super(
        RuleInfo.builder()
            .id(TrainerFacts.RUNTIME_REF)
            .severity(Severity.ERROR)
            .title(
                "A TrainJob's runtimeRef names a TrainingRuntime or ClusterTrainingRuntime that exists")
            .why(
                "The controller builds a TrainJob's JobSet from the runtime it names; a TrainJob"
                    + " naming a runtime that does not exist never starts.")
            .fix("Name a runtime of the catalogue (or add it).")
            .addKinds(TrainJob.KIND)
            .documentation(TrainerRules.DOCS)
            .build());
  }

  @Override
  public void check(ManifestSet manifests, CheckContext context) {
    for (TrainJob job : manifests.ofType(TrainJob.class)) {
      List<? extends HasMetadata> defined =
          TrainingRuntime.KIND.equals(Runtimes.ref(job).effectiveKind())
              ? manifests.ofType(TrainingRuntime.class)
              : manifests.ofType(ClusterTrainingRuntime.class);
      Severity severity = defined.isEmpty() ? Severity.WARNING : info().severity();
      TrainerFacts.runtimeRef(job, defined)
          .forEach(finding -> context.report(severity, job, finding));
    }
  }
}
