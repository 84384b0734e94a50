package io.gpuspec.trainer.internal;

import io.fabric8.kubernetes.api.model.HasMetadata;
import io.fabric8.kubernetes.api.model.batch.v1.JobTemplateSpec;
import io.gpuspec.core.spi.FieldOrigin;
import io.gpuspec.core.spi.ObjectLookup;
import io.gpuspec.core.spi.PodTemplate;
import io.gpuspec.core.spi.Subject;
import io.gpuspec.core.spi.Workload;
import io.gpuspec.core.spi.WorkloadAdapter;
import io.gpuspec.trainer.merge.EffectiveJob;
import io.gpuspec.trainer.merge.EffectiveJobSet;
import io.gpuspec.trainer.merge.JobSetVolumes;
import io.gpuspec.trainer.merge.Runtimes;
import io.gpuspec.trainer.merge.TrainJobMerge;
import io.gpuspec.trainer.model.ClusterTrainingRuntime;
import io.gpuspec.trainer.model.JobSetSpec;
import io.gpuspec.trainer.model.MLPolicy;
import io.gpuspec.trainer.model.ReplicatedJob;
import io.gpuspec.trainer.model.TrainJob;
import io.gpuspec.trainer.model.TrainingRuntime;
import io.gpuspec.trainer.model.TrainingRuntimeSpec;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.jspecify.annotations.Nullable;

/**
 * The pod templates of the Trainer kinds. A TrainJob shows the templates its runtime's JobSet runs
 * for it, merged as the controller merges them (when the set holds the runtime; see {@link
 * TrainJobMerge}), at the runtime's template paths, and tells the engine which object wrote each
 * merged value, so a finding points at the TrainJob's field or the runtime's. A runtime shows its
 * own template, the trainer nodes counted by {@code mlPolicy.numNodes}.
 */
final class TrainerWorkloads implements WorkloadAdapter {

  /** Where a runtime's JobSet spec is, and the merged JobSet of a TrainJob is shown. */
  static final String JOBSET = "spec.template.spec";

  @Override
  public Optional<Workload> adapt(HasMetadata object) {
    return adapt(object, ObjectLookup.NONE);
  }

  @Override
  public Optional<Workload> adapt(HasMetadata object, ObjectLookup set) {
    if (object instanceof TrainJob job) {
      return Runtimes.resolve(job, set).map(runtime -> trainJob(job, runtime));
    }
    if (object instanceof TrainingRuntime || object instanceof ClusterTrainingRuntime) {
      return Optional.of(runtime(object));
    }
    return Optional.empty();
  }

  private static Workload trainJob(TrainJob job, HasMetadata runtime) {
    EffectiveJobSet merged = TrainJobMerge.merge(job, runtime);
    List<PodTemplate> templates = new ArrayList<>();
    long pods = 0;
    for (EffectiveJob effective : merged.jobs()) {
      pods += effective.pods();
      templates.add(
          PodTemplate.of(
              effective.name(),
              JobSetVolumes.added(
                  effective.template().getSpec().getTemplate(), jobSet(runtime), Subject.name(job)),
              JOBSET + "." + effective.path() + ".template.spec.template",
              clamp(effective.pods())));
    }
    return new Workload(
        job,
        templates,
        pods > 1 || templates.size() > 1,
        false,
        path ->
            path.startsWith(JOBSET + ".")
                ? merged.origin(path.substring(JOBSET.length() + 1))
                : new FieldOrigin(job, path));
  }

  private static JobSetSpec jobSet(HasMetadata runtime) {
    TrainingRuntimeSpec spec = TrainJobMerge.runtimeSpec(runtime);
    return spec.getTemplate() == null || spec.getTemplate().getSpec() == null
        ? new JobSetSpec()
        : spec.getTemplate().getSpec();
  }

  private static Workload runtime(HasMetadata runtime) {
    TrainingRuntimeSpec spec = TrainJobMerge.runtimeSpec(runtime);
    JobSetSpec jobSet = jobSet(runtime);
    List<PodTemplate> templates = new ArrayList<>();
    long pods = 0;
    for (int i = 0; i < jobSet.getReplicatedJobs().size(); i++) {
      ReplicatedJob job = jobSet.getReplicatedJobs().get(i);
      JobTemplateSpec template = job == null ? null : job.getTemplate();
      long count = (long) replicas(job) * parallelism(template, spec.getMlPolicy());
      pods += count;
      templates.add(
          PodTemplate.of(
              job == null || job.getName() == null ? "" : job.getName(),
              JobSetVolumes.added(
                  template == null || template.getSpec() == null
                      ? null
                      : template.getSpec().getTemplate(),
                  jobSet,
                  Subject.name(runtime)),
              JOBSET + ".replicatedJobs[" + i + "].template.spec.template",
              clamp(count)));
    }
    return new Workload(runtime, templates, pods > 1 || templates.size() > 1);
  }

  private static int replicas(@Nullable ReplicatedJob job) {
    return job == null || job.getReplicas() == null ? 1 : job.getReplicas();
  }

  /** Pods per Job: the trainer nodes' {@code numNodes}, else the Job's parallelism (default 1). */
  private static int parallelism(@Nullable JobTemplateSpec template, @Nullable MLPolicy ml) {
    boolean trainer =
        template != null
            && template.getMetadata() != null
            && template.getMetadata().getLabels() != null
            && TrainJobMerge.TRAINER.equals(
                template.getMetadata().getLabels().get(TrainJobMerge.ANCESTOR_LABEL));
    if (trainer && ml != null) {
      return ml.getNumNodes() == null ? 1 : ml.getNumNodes();
    }
    Integer parallelism =
        template == null || template.getSpec() == null ? null : template.getSpec().getParallelism();
    return parallelism == null ? 1 : parallelism;
  }

  private static int clamp(long pods) {
    return (int) Math.max(0, Math.min(Integer.MAX_VALUE, pods));
  }
}
