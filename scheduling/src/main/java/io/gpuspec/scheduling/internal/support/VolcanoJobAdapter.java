package io.gpuspec.scheduling.internal.support;

import io.fabric8.kubernetes.api.model.HasMetadata;
import io.gpuspec.core.spi.PodTemplate;
import io.gpuspec.core.spi.Workload;
import io.gpuspec.core.spi.WorkloadAdapter;
import io.gpuspec.scheduling.model.volcano.batch.Job;
import io.gpuspec.scheduling.model.volcano.batch.TaskSpec;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * The workload view of a Volcano Job: one {@link PodTemplate} per task, with the task's name as the
 * role, path {@code spec.tasks[i].template} and the task's replicas (0 when unset, as the CRD
 * defaults it). The job is distributed when it runs more than one pod or task, so core's rules hold
 * every GPU task of it to one GPU model.
 */
public final class VolcanoJobAdapter implements WorkloadAdapter {

  @Override
  public Optional<Workload> adapt(HasMetadata object) {
    if (!(object instanceof Job job) || job.getSpec() == null) {
      return Optional.empty();
    }
    List<PodTemplate> templates = new ArrayList<>();
    int pods = 0;
    List<TaskSpec> tasks = job.getSpec().getTasks();
    for (int i = 0; i < tasks.size(); i++) {
      TaskSpec task = tasks.get(i);
      if (task == null || task.getTemplate() == null) {
        continue;
      }
      int replicas = replicas(task);
      pods += replicas;
      templates.add(
          PodTemplate.of(
              task.getName() == null ? "task " + i : task.getName(),
              task.getTemplate(),
              "spec.tasks[" + i + "].template",
              replicas));
    }
    return Optional.of(new Workload(job, templates, pods > 1 || templates.size() > 1));
  }

  /** A task's pods: {@code replicas}, 0 when unset or negative. */
  public static int replicas(TaskSpec task) {
    return task.getReplicas() == null ? 0 : Math.max(0, task.getReplicas());
  }
}
