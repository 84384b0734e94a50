package io.gpuspec.scheduling.internal.rules;

import io.fabric8.kubernetes.api.model.HasMetadata;
import io.fabric8.kubernetes.api.model.scheduling.v1.PriorityClass;
import io.gpuspec.core.manifest.ManifestSet;
import io.gpuspec.core.report.Severity;
import io.gpuspec.core.spi.BaseRule;
import io.gpuspec.core.spi.CheckContext;
import io.gpuspec.core.spi.PodTemplate;
import io.gpuspec.core.spi.RuleInfo;
import io.gpuspec.core.spi.Workload;
import io.gpuspec.scheduling.model.volcano.PodGroup;
import io.gpuspec.scheduling.model.volcano.batch.Job;
import java.util.List;
import java.util.Set;

/**
 * SCH001: every PriorityClass a workload names exists: pods' {@code priorityClassName}, a
 * PodGroup's or Volcano Job's {@code spec.priorityClassName}, and a Kubeflow job's {@code
 * runPolicy.schedulingPolicy.priorityClass}. The API server rejects a pod naming a class that does
 * not exist, so a workload controller's pods are never created; a PodGroup with an unknown class
 * falls back to priority 0. The built-in {@code system-cluster-critical} and {@code
 * system-node-critical} always exist. See {@link Sched} for when a missing class is an error.
 */
public final class PriorityClassExists extends BaseRule {

  private static final Set<String> BUILT_IN =
      Set.of("system-cluster-critical", "system-node-critical");

  public PriorityClassExists() {
    super(
        RuleInfo.builder()
            .id("SCH001")
            .severity(Severity.ERROR)
            .title("Every priorityClassName names a PriorityClass of the set")
            .why(
                "The API server rejects pods that name a PriorityClass that does not exist, so the"
                    + " workload's controller never creates them.")
            .fix("Add the PriorityClass, or name one that exists.")
            .addKinds("*", "PodGroup", "Job")
            .documentation(
                "https://kubernetes.io/docs/concepts/scheduling-eviction/pod-priority-preemption/#pod-priority")
            .build());
  }

  @Override
  public void check(ManifestSet manifests, CheckContext context) {
    List<PriorityClass> classes = manifests.ofType(PriorityClass.class);
    boolean defined = !classes.isEmpty();
    for (Workload workload : context.workloads()) {
      HasMetadata object = workload.object();
      for (PodTemplate template : workload.templates()) {
        check(
            context,
            classes,
            defined,
            object,
            Sched.of(object, template),
            template.spec().getPriorityClassName(),
            template.specPath() + ".priorityClassName",
            "the API server rejects its pods, so they are never created");
      }
      Sched.schedulingPolicy(object)
          .ifPresent(
              policy ->
                  check(
                      context,
                      classes,
                      defined,
                      object,
                      Sched.of(object) + " schedulingPolicy",
                      policy.getPriorityClass(),
                      "spec.runPolicy.schedulingPolicy.priorityClass",
                      "the gang's PodGroup gets no priority"));
    }
    for (PodGroup group : manifests.ofType(PodGroup.class)) {
      if (group.getSpec() != null) {
        check(
            context,
            classes,
            defined,
            group,
            Sched.of(group),
            group.getSpec().getPriorityClassName(),
            "spec.priorityClassName",
            "Volcano orders and preempts the gang as if it had no priority");
      }
    }
    for (Job job : manifests.ofType(Job.class)) {
      if (job.getSpec() != null) {
        check(
            context,
            classes,
            defined,
            job,
            Sched.of(job),
            job.getSpec().getPriorityClassName(),
            "spec.priorityClassName",
            "Volcano orders and preempts the job as if it had no priority");
      }
    }
  }

  private static void check(
      CheckContext context,
      List<PriorityClass> classes,
      boolean defined,
      HasMetadata object,
      String subject,
      String name,
      String path,
      String consequence) {
    if (name == null || name.isEmpty() || BUILT_IN.contains(name) || Sched.has(classes, name, "")) {
      return;
    }
    context.report(
        Sched.missing(defined),
        object,
        path,
        Sched.missingMessage(subject, "PriorityClass", name, defined, consequence),
        "add PriorityClass \""
            + name
            + "\" or name an existing one"
            + (defined ? ", e.g. \"" + Sched.name(classes.get(0)) + "\"" : ""));
  }
}
