package io.gpuspec.scheduling.internal.rules;

import io.fabric8.kubernetes.api.model.HasMetadata;
import io.gpuspec.core.manifest.ManifestSet;
import io.gpuspec.core.report.Severity;
import io.gpuspec.core.spi.CheckContext;
import io.gpuspec.core.spi.PodTemplate;
import io.gpuspec.core.spi.ReferenceRule;
import io.gpuspec.core.spi.RuleInfo;
import io.gpuspec.core.spi.Subject;
import io.gpuspec.core.spi.Workload;
import io.gpuspec.scheduling.model.volcano.PodGroup;
import io.gpuspec.scheduling.model.volcano.Queue;
import io.gpuspec.scheduling.model.volcano.batch.Job;
import java.util.List;
import java.util.Set;
import java.util.stream.Stream;

/**
 * SCH003: every Volcano Queue a gang names exists: a PodGroup's or Volcano Job's {@code
 * spec.queue}, a Kubeflow job's {@code runPolicy.schedulingPolicy.queue}, and the pod annotation
 * {@code scheduling.volcano.sh/queue-name}. Volcano's admission webhook rejects a PodGroup or Job
 * whose queue does not exist (https://volcano.sh/en/docs/queue/), so its pods never run, and a
 * Queue whose {@code spec.parent} does not exist. Volcano creates {@code default} and {@code root}
 * itself. See {@link ReferenceRule} for when a missing queue is an error.
 */
public final class VolcanoQueueExists extends ReferenceRule<Queue> {

  private static final Set<String> BUILT_IN = Set.of("default", "root");
  private static final String WEBHOOK =
      "Volcano's admission webhook rejects it (a PodGroup or Job needs an existing, open queue)";
  private static final String PARENT =
      "Volcano's queue webhook rejects a queue whose parent does not exist";
  private static final String PENDING =
      "Volcano rejects the PodGroup made for the pods and they stay Pending";

  public VolcanoQueueExists() {
    super(
        RuleInfo.builder()
            .id("SCH003")
            .severity(Severity.ERROR)
            .title("Every Volcano queue a gang names is a Queue of the set")
            .why(
                "Volcano's webhook rejects a PodGroup or Job whose queue does not exist, so its"
                    + " pods never run.")
            .fix("Add the Queue, or name one that exists (or Volcano's default queue).")
            .addKinds("PodGroup", "Job", "Queue", "*")
            .documentation(Sched.VOLCANO_QUEUE_DOCS)
            .build(),
        "Queue",
        Queue.class);
  }

  @Override
  protected Set<String> builtIns() {
    return BUILT_IN;
  }

  @Override
  protected Stream<Reference> references(ManifestSet manifests, CheckContext context) {
    Stream.Builder<Reference> references = Stream.builder();
    for (PodGroup group : manifests.ofType(PodGroup.class)) {
      if (group.getSpec() != null) {
        references.add(
            Reference.clusterScoped(group, "spec.queue", group.getSpec().getQueue(), WEBHOOK));
      }
    }
    for (Queue queue : manifests.ofType(Queue.class)) {
      if (queue.getSpec() != null) {
        references.add(
            Reference.clusterScoped(queue, "spec.parent", queue.getSpec().getParent(), PARENT));
      }
    }
    for (Job job : manifests.ofType(Job.class)) {
      if (job.getSpec() != null) {
        references.add(
            Reference.clusterScoped(job, "spec.queue", job.getSpec().getQueue(), WEBHOOK));
      }
    }
    for (Workload workload : context.workloads()) {
      HasMetadata object = workload.object();
      Sched.schedulingPolicy(object)
          .ifPresent(
              policy ->
                  references.add(
                      Reference.clusterScoped(
                          object,
                          "spec.runPolicy.schedulingPolicy.queue",
                          policy.getQueue(),
                          PENDING)));
      for (PodTemplate template : workload.templates()) {
        references.add(
            Reference.clusterScoped(
                object,
                template.metadataPath() + ".annotations[" + Sched.VOLCANO_QUEUE_NAME + "]",
                Subject.annotations(template.metadata()).get(Sched.VOLCANO_QUEUE_NAME),
                PENDING));
      }
    }
    return references.build();
  }

  @Override
  protected String fix(Reference reference, List<Queue> defined) {
    return "add Volcano Queue \""
        + reference.name()
        + "\", name an existing one, or use \"default\"";
  }
}
