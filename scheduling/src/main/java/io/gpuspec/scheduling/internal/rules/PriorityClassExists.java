package io.gpuspec.scheduling.internal.rules;

import io.fabric8.kubernetes.api.model.HasMetadata;
import io.fabric8.kubernetes.api.model.scheduling.v1.PriorityClass;
import io.gpuspec.core.manifest.ManifestSet;
import io.gpuspec.core.report.Severity;
import io.gpuspec.core.spi.CheckContext;
import io.gpuspec.core.spi.PodTemplate;
import io.gpuspec.core.spi.ReferenceRule;
import io.gpuspec.core.spi.RuleInfo;
import io.gpuspec.core.spi.Subject;
import io.gpuspec.core.spi.Workload;
import io.gpuspec.scheduling.model.volcano.PodGroup;
import io.gpuspec.scheduling.model.volcano.batch.Job;
import java.util.List;
import java.util.Set;
import java.util.stream.Stream;

/**
 * SCH001: every PriorityClass a workload names exists: pods' {@code priorityClassName}, a
 * PodGroup's or Volcano Job's {@code spec.priorityClassName}, and a Kubeflow job's {@code
 * runPolicy.schedulingPolicy.priorityClass}. The API server rejects a pod naming a class that does
 * not exist, so a workload controller's pods are never created; a PodGroup with an unknown class
 * falls back to priority 0. The built-in {@code system-cluster-critical} and {@code
 * system-node-critical} always exist. See {@link ReferenceRule} for when a missing class is an
 * error.
 */
public final class PriorityClassExists extends ReferenceRule<PriorityClass> {

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
            .build(),
        "PriorityClass",
        PriorityClass.class);
  }

  @Override
  protected Set<String> builtIns() {
    return BUILT_IN;
  }

  @Override
  protected Stream<Reference> references(ManifestSet manifests, CheckContext context) {
    Stream.Builder<Reference> references = Stream.builder();
    for (Workload workload : context.workloads()) {
      HasMetadata object = workload.object();
      for (PodTemplate template : workload.templates()) {
        references.add(
            Reference.clusterScoped(
                object,
                template.specPath() + ".priorityClassName",
                template.spec().getPriorityClassName(),
                "the API server rejects its pods, so they are never created"));
      }
      Sched.schedulingPolicy(object)
          .ifPresent(
              policy ->
                  references.add(
                      Reference.clusterScoped(
                          object,
                          "spec.runPolicy.schedulingPolicy.priorityClass",
                          policy.getPriorityClass(),
                          "the gang's PodGroup gets no priority")));
    }
    for (PodGroup group : manifests.ofType(PodGroup.class)) {
      if (group.getSpec() != null) {
        references.add(
            Reference.clusterScoped(
                group,
                "spec.priorityClassName",
                group.getSpec().getPriorityClassName(),
                "Volcano orders and preempts the gang as if it had no priority"));
      }
    }
    for (Job job : manifests.ofType(Job.class)) {
      if (job.getSpec() != null) {
        references.add(
            Reference.clusterScoped(
                job,
                "spec.priorityClassName",
                job.getSpec().getPriorityClassName(),
                "Volcano orders and preempts the job as if it had no priority"));
      }
    }
    return references.build();
  }

  @Override
  protected String fix(Reference reference, List<PriorityClass> defined) {
    return "add PriorityClass \""
        + reference.name()
        + "\" or name an existing one"
        + (defined.isEmpty() ? "" : ", e.g. \"" + Subject.name(defined.get(0)) + "\"");
  }
}
