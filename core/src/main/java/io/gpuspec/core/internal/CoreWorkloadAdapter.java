package io.gpuspec.core.internal;

import io.fabric8.kubernetes.api.model.HasMetadata;
import io.fabric8.kubernetes.api.model.PersistentVolumeClaim;
import io.fabric8.kubernetes.api.model.Pod;
import io.fabric8.kubernetes.api.model.PodTemplateSpec;
import io.fabric8.kubernetes.api.model.ReplicationController;
import io.fabric8.kubernetes.api.model.ReplicationControllerSpec;
import io.fabric8.kubernetes.api.model.apps.DaemonSet;
import io.fabric8.kubernetes.api.model.apps.DaemonSetSpec;
import io.fabric8.kubernetes.api.model.apps.Deployment;
import io.fabric8.kubernetes.api.model.apps.DeploymentSpec;
import io.fabric8.kubernetes.api.model.apps.ReplicaSet;
import io.fabric8.kubernetes.api.model.apps.ReplicaSetSpec;
import io.fabric8.kubernetes.api.model.apps.StatefulSet;
import io.fabric8.kubernetes.api.model.apps.StatefulSetSpec;
import io.fabric8.kubernetes.api.model.batch.v1.CronJob;
import io.fabric8.kubernetes.api.model.batch.v1.Job;
import io.fabric8.kubernetes.api.model.batch.v1.JobSpec;
import io.fabric8.kubernetes.api.model.batch.v1.JobTemplateSpec;
import io.gpuspec.core.k8s.ClaimVolumes;
import io.gpuspec.core.spi.PodTemplate;
import io.gpuspec.core.spi.Subject;
import io.gpuspec.core.spi.Workload;
import io.gpuspec.core.spi.WorkloadAdapter;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.jspecify.annotations.Nullable;

/** Pod templates of the built-in Kubernetes workload kinds. */
final class CoreWorkloadAdapter implements WorkloadAdapter {

  @Override
  public Optional<Workload> adapt(HasMetadata object) {
    if (object instanceof Pod pod) {
      return Optional.of(
          new Workload(
              pod,
              List.of(new PodTemplate("", pod.getMetadata(), "metadata", pod.getSpec(), "spec", 1)),
              false));
    }
    if (object instanceof Deployment d) {
      DeploymentSpec spec = d.getSpec() == null ? new DeploymentSpec() : d.getSpec();
      return single(d, spec.getTemplate(), spec.getReplicas());
    }
    if (object instanceof StatefulSet s) {
      StatefulSetSpec spec = s.getSpec() == null ? new StatefulSetSpec() : s.getSpec();
      return single(s, withClaimVolumes(s, spec), spec.getReplicas());
    }
    if (object instanceof ReplicaSet r) {
      ReplicaSetSpec spec = r.getSpec() == null ? new ReplicaSetSpec() : r.getSpec();
      return single(r, spec.getTemplate(), spec.getReplicas());
    }
    if (object instanceof ReplicationController r) {
      ReplicationControllerSpec spec =
          r.getSpec() == null ? new ReplicationControllerSpec() : r.getSpec();
      return single(r, spec.getTemplate(), spec.getReplicas());
    }
    if (object instanceof DaemonSet d) {
      DaemonSetSpec spec = d.getSpec() == null ? new DaemonSetSpec() : d.getSpec();
      return single(d, spec.getTemplate(), 1).map(w -> new Workload(d, w.templates(), false, true));
    }
    if (object instanceof Job job) {
      return job(job, job.getSpec(), "spec");
    }
    if (object instanceof CronJob cron) {
      JobTemplateSpec template = cron.getSpec() == null ? null : cron.getSpec().getJobTemplate();
      return job(cron, template == null ? null : template.getSpec(), "spec.jobTemplate.spec");
    }
    return Optional.empty();
  }

  /** A Job's pods; a missing spec or template reads as empty (the API server then rejects it). */
  private static Optional<Workload> job(HasMetadata owner, @Nullable JobSpec given, String path) {
    JobSpec spec = given == null ? new JobSpec() : given;
    int parallelism = spec.getParallelism() == null ? 1 : spec.getParallelism();
    return Optional.of(
        new Workload(
            owner,
            List.of(PodTemplate.of("", spec.getTemplate(), path + ".template", parallelism)),
            parallelism > 1));
  }

  /** The one template at {@code spec.template}; a missing one reads as empty. */
  private static Optional<Workload> single(
      HasMetadata owner, PodTemplateSpec template, Integer replicas) {
    return Optional.of(
        new Workload(
            owner,
            List.of(PodTemplate.of("", template, "spec.template", replicas == null ? 1 : replicas)),
            false));
  }

  /**
   * A StatefulSet's pod template as its pods run: the controller gives each pod a volume per claim
   * template, named after it, on the claim {@code <template>-<set>-<ordinal>} (kubernetes {@code
   * pkg/controller/statefulset}, {@code updateStorage}).
   */
  private static PodTemplateSpec withClaimVolumes(StatefulSet set, StatefulSetSpec spec) {
    Map<String, String> claims = new LinkedHashMap<>();
    for (PersistentVolumeClaim claim :
        spec.getVolumeClaimTemplates() == null
            ? List.<PersistentVolumeClaim>of()
            : spec.getVolumeClaimTemplates()) {
      String name =
          claim == null || claim.getMetadata() == null ? null : claim.getMetadata().getName();
      if (name != null) {
        claims.putIfAbsent(name, name + "-" + Subject.name(set) + "-0");
      }
    }
    return ClaimVolumes.added(spec.getTemplate(), claims);
  }
}
