package io.gpuspec.core.internal.rules;

import io.fabric8.kubernetes.api.model.HasMetadata;
import io.fabric8.kubernetes.api.model.ReplicationController;
import io.fabric8.kubernetes.api.model.apps.DaemonSet;
import io.fabric8.kubernetes.api.model.apps.Deployment;
import io.fabric8.kubernetes.api.model.apps.ReplicaSet;
import io.fabric8.kubernetes.api.model.apps.StatefulSet;
import io.fabric8.kubernetes.api.model.batch.v1.CronJob;
import io.fabric8.kubernetes.api.model.batch.v1.Job;
import io.gpuspec.core.manifest.ManifestSet;
import io.gpuspec.core.report.Severity;
import io.gpuspec.core.spi.BaseRule;
import io.gpuspec.core.spi.CheckContext;
import io.gpuspec.core.spi.PodTemplate;
import io.gpuspec.core.spi.RuleInfo;
import io.gpuspec.core.spi.Workload;

/**
 * K8S001: each controller accepts only some pod restart policies (<a
 * href="https://kubernetes.io/docs/concepts/workloads/controllers/job/#pod-template">Kubernetes
 * documentation</a>). Long-running controllers restart their pods themselves and take only {@code
 * Always}; Jobs take only {@code OnFailure} or {@code Never}, and since the pod default is {@code
 * Always} a Job must set one. Restart semantics are per controller, so this rule decides by kind
 * and leaves other kinds alone.
 */
public final class RestartPolicyFitsController extends BaseRule {
  public RestartPolicyFitsController() {
    super(
        RuleInfo.builder()
            .apiServerRejects(true)
            .id("K8S001")
            .severity(Severity.ERROR)
            .title(
                "restartPolicy is Always (or unset) for long-running controllers, OnFailure or Never"
                    + " for Jobs")
            .why(
                "The API server rejects a Job template without OnFailure or Never, and a long-running controller whose pods do not restart Always.")
            .fix(
                "Set restartPolicy: OnFailure or Never in Job templates and leave Always (the default) for controllers.")
            .addKinds("Deployment", "StatefulSet", "DaemonSet", "ReplicaSet", "Job", "CronJob")
            .documentation(
                "https://kubernetes.io/docs/concepts/workloads/controllers/job/#pod-template")
            .build());
  }

  @Override
  public void check(ManifestSet manifests, CheckContext context) {
    for (Workload workload : context.workloads()) {
      HasMetadata object = workload.object();
      boolean longRunning =
          object instanceof Deployment
              || object instanceof ReplicaSet
              || object instanceof StatefulSet
              || object instanceof DaemonSet
              || object instanceof ReplicationController;
      boolean batch = object instanceof Job || object instanceof CronJob;
      for (PodTemplate template : workload.templates()) {
        String policy = template.spec().getRestartPolicy();
        String path = template.specPath() + ".restartPolicy";
        if (longRunning && policy != null && !policy.equals("Always")) {
          context.report(
              object,
              path,
              "restartPolicy \""
                  + policy
                  + "\"; a "
                  + object.getKind()
                  + " restarts its pods itself and accepts only Always",
              "remove " + path + " or set it to Always");
        } else if (batch && !"OnFailure".equals(policy) && !"Never".equals(policy)) {
          context.report(
              object,
              path,
              "restartPolicy "
                  + (policy == null ? "is unset, which defaults to Always" : "\"" + policy + "\"")
                  + "; a Job's pods accept only OnFailure or Never",
              "set " + path + ": Never (or OnFailure to retry in place)");
        }
      }
    }
  }
}
