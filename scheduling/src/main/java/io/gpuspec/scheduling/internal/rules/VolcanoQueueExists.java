package io.gpuspec.scheduling.internal.rules;

import io.fabric8.kubernetes.api.model.HasMetadata;
import io.gpuspec.core.manifest.ManifestSet;
import io.gpuspec.core.report.Severity;
import io.gpuspec.core.spi.BaseRule;
import io.gpuspec.core.spi.CheckContext;
import io.gpuspec.core.spi.PodTemplate;
import io.gpuspec.core.spi.RuleInfo;
import io.gpuspec.core.spi.Workload;
import io.gpuspec.scheduling.model.volcano.PodGroup;
import io.gpuspec.scheduling.model.volcano.Queue;
import io.gpuspec.scheduling.model.volcano.batch.Job;
import java.util.List;
import java.util.Set;

/**
 * SCH003: every Volcano Queue a gang names exists: a PodGroup's or Volcano Job's {@code
 * spec.queue}, a Kubeflow job's {@code runPolicy.schedulingPolicy.queue}, and the pod annotation
 * {@code scheduling.volcano.sh/queue-name}. Volcano's admission webhook rejects a PodGroup or Job
 * whose queue does not exist (https://volcano.sh/en/docs/queue/), so its pods never run. Volcano
 * creates {@code default} and {@code root} itself. See {@link Sched} for when a missing queue is an
 * error.
 */
public final class VolcanoQueueExists extends BaseRule {

  private static final Set<String> BUILT_IN = Set.of("default", "root");
  private static final String WEBHOOK =
      "Volcano's admission webhook rejects it (a PodGroup or Job needs an existing, open queue)";
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
            .addKinds("PodGroup", "Job", "*")
            .documentation(Sched.VOLCANO_QUEUE_DOCS)
            .build());
  }

  @Override
  public void check(ManifestSet manifests, CheckContext context) {
    List<Queue> queues = manifests.ofType(Queue.class);
    boolean defined = !queues.isEmpty();
    for (PodGroup group : manifests.ofType(PodGroup.class)) {
      if (group.getSpec() != null) {
        check(
            context,
            queues,
            defined,
            group,
            Sched.of(group),
            group.getSpec().getQueue(),
            "spec.queue",
            WEBHOOK);
      }
    }
    for (Job job : manifests.ofType(Job.class)) {
      if (job.getSpec() != null) {
        check(
            context,
            queues,
            defined,
            job,
            Sched.of(job),
            job.getSpec().getQueue(),
            "spec.queue",
            WEBHOOK);
      }
    }
    for (Workload workload : context.workloads()) {
      HasMetadata object = workload.object();
      Sched.schedulingPolicy(object)
          .ifPresent(
              policy ->
                  check(
                      context,
                      queues,
                      defined,
                      object,
                      Sched.of(object) + " schedulingPolicy",
                      policy.getQueue(),
                      "spec.runPolicy.schedulingPolicy.queue",
                      PENDING));
      for (PodTemplate template : workload.templates()) {
        check(
            context,
            queues,
            defined,
            object,
            Sched.of(object, template),
            Sched.annotations(template.metadata()).get(Sched.VOLCANO_QUEUE_NAME),
            template.metadataPath() + ".annotations[" + Sched.VOLCANO_QUEUE_NAME + "]",
            PENDING);
      }
    }
  }

  private static void check(
      CheckContext context,
      List<Queue> queues,
      boolean defined,
      HasMetadata object,
      String subject,
      String name,
      String path,
      String consequence) {
    if (name == null || name.isEmpty() || BUILT_IN.contains(name) || Sched.has(queues, name, "")) {
      return;
    }
    context.report(
        Sched.missing(defined),
        object,
        path,
        Sched.missingMessage(subject, "Queue", name, defined, consequence),
        "add Volcano Queue \"" + name + "\", name an existing one, or use \"default\"");
  }
}
