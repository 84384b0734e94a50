package io.gpuspec.trainer.internal;

import io.gpuspec.core.manifest.NameFormat;
import io.gpuspec.core.manifest.ResourceKind;
import io.gpuspec.core.manifest.WritePhase;
import io.gpuspec.core.spi.GpuspecModule;
import io.gpuspec.core.spi.Rule;
import io.gpuspec.core.spi.WorkloadAdapter;
import io.gpuspec.trainer.internal.rules.GangSchedulerNamed;
import io.gpuspec.trainer.internal.rules.PatchTargetsExist;
import io.gpuspec.trainer.internal.rules.RuntimeRefExists;
import io.gpuspec.trainer.internal.rules.TrainerNodesFitAPool;
import io.gpuspec.trainer.model.ClusterTrainingRuntime;
import io.gpuspec.trainer.model.TrainJob;
import io.gpuspec.trainer.model.TrainingRuntime;
import java.util.List;

/**
 * The Kubeflow Trainer v2 module: the kinds {@code TrainJob}, {@code TrainingRuntime} and {@code
 * ClusterTrainingRuntime} ({@code trainer.kubeflow.org/v1alpha1}), their pod templates (a
 * TrainJob's merged from its runtime) and the TRN rules. Runtimes are written with the
 * configuration TrainJobs refer to, TrainJobs with the workloads.
 */
public final class TrainerModule implements GpuspecModule {

  @Override
  public String name() {
    return "trainer";
  }

  @Override
  public List<ResourceKind> kinds() {
    return List.of(
        new ResourceKind(TrainJob.class, WritePhase.WORKLOAD, NameFormat.DNS1035_LABEL),
        new ResourceKind(TrainingRuntime.class, WritePhase.CONFIG),
        new ResourceKind(ClusterTrainingRuntime.class, WritePhase.CONFIG));
  }

  @Override
  public List<WorkloadAdapter> workloadAdapters() {
    return List.of(new TrainerWorkloads());
  }

  @Override
  public List<Rule> rules() {
    return List.of(
        new RuntimeRefExists(),
        new TrainerNodesFitAPool(),
        new GangSchedulerNamed(),
        new PatchTargetsExist());
  }
}
