package io.gpuspec.core.internal;

import io.fabric8.kubernetes.api.model.HasMetadata;
import io.fabric8.kubernetes.api.model.Pod;
import io.fabric8.kubernetes.api.model.PodTemplateSpec;
import io.fabric8.kubernetes.api.model.ReplicationController;
import io.fabric8.kubernetes.api.model.apps.DaemonSet;
import io.fabric8.kubernetes.api.model.apps.Deployment;
import io.fabric8.kubernetes.api.model.apps.ReplicaSet;
import io.fabric8.kubernetes.api.model.apps.StatefulSet;
import io.fabric8.kubernetes.api.model.batch.v1.CronJob;
import io.fabric8.kubernetes.api.model.batch.v1.Job;
import io.fabric8.kubernetes.api.model.batch.v1.JobSpec;
import io.gpuspec.core.spi.PodTemplate;
import io.gpuspec.core.spi.Workload;
import io.gpuspec.core.spi.WorkloadAdapter;
import java.util.List;
import java.util.Optional;

/** Pod templates of the built-in Kubernetes workload kinds. */
public final class CoreWorkloadAdapter implements WorkloadAdapter {

  @Override
  public Optional<Workload> adapt(HasMetadata object) {
    if (object instanceof Pod pod) {
      return Optional.of(
          new Workload(
              pod,
              List.of(new PodTemplate("", pod.getMetadata(), "metadata", pod.getSpec(), "spec", 1)),
              false));
    }
    if (object instanceof Deployment d && d.getSpec() != null) {
      return single(d, d.getSpec().getTemplate(), "spec.template", d.getSpec().getReplicas());
    }
    if (object instanceof StatefulSet s && s.getSpec() != null) {
      return single(s, s.getSpec().getTemplate(), "spec.template", s.getSpec().getReplicas());
    }
    if (object instanceof ReplicaSet r && r.getSpec() != null) {
      return single(r, r.getSpec().getTemplate(), "spec.template", r.getSpec().getReplicas());
    }
    if (object instanceof ReplicationController r && r.getSpec() != null) {
      return single(r, r.getSpec().getTemplate(), "spec.template", r.getSpec().getReplicas());
    }
    if (object instanceof DaemonSet d && d.getSpec() != null) {
      return single(d, d.getSpec().getTemplate(), "spec.template", 1)
          .map(w -> new Workload(d, w.templates(), false, true));
    }
    if (object instanceof Job job && job.getSpec() != null) {
      return job(job, job.getSpec(), "spec");
    }
    if (object instanceof CronJob cron
        && cron.getSpec() != null
        && cron.getSpec().getJobTemplate() != null
        && cron.getSpec().getJobTemplate().getSpec() != null) {
      return job(cron, cron.getSpec().getJobTemplate().getSpec(), "spec.jobTemplate.spec");
    }
    return Optional.empty();
  }

  private static Optional<Workload> job(HasMetadata owner, JobSpec spec, String path) {
    int parallelism = spec.getParallelism() == null ? 1 : spec.getParallelism();
    return single(owner, spec.getTemplate(), path + ".template", parallelism)
        .map(w -> new Workload(owner, w.templates(), parallelism > 1));
  }

  private static Optional<Workload> single(
      HasMetadata owner, PodTemplateSpec template, String path, Integer replicas) {
    if (template == null) {
      return Optional.empty();
    }
    return Optional.of(
        new Workload(
            owner,
            List.of(PodTemplate.of("", template, path, replicas == null ? 1 : replicas)),
            false));
  }
}
