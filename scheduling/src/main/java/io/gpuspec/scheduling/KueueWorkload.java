package io.gpuspec.scheduling;

import io.fabric8.kubernetes.api.model.HasMetadata;
import io.fabric8.kubernetes.api.model.ObjectMeta;
import io.fabric8.kubernetes.api.model.batch.v1.Job;
import io.gpuspec.core.GpuSpecStyle;
import io.gpuspec.core.InvalidSpecException;
import io.gpuspec.core.ManifestSource;
import io.gpuspec.core.PriorityRef;
import io.gpuspec.core.kubeflow.RunPolicy;
import io.gpuspec.core.kubeflow.RunPolicyJob;
import io.gpuspec.scheduling.facts.KueueReferenceFacts;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;
import org.immutables.value.Value;

/**
 * Queues a rendered workload in a Kueue {@link KueueLocalQueue}: a copy of the workload with the
 * label {@code kueue.x-k8s.io/queue-name}, with a priority the label {@code
 * kueue.x-k8s.io/priority-class} (the tier's WorkloadPriorityClass, see {@link
 * KueuePolicy#workloadPriorities()}), and created suspended where Kueue starts workloads by
 * unsuspending them (https://kueue.sigs.k8s.io/docs/tasks/run/jobs/):
 *
 * <ul>
 *   <li>a batch {@code Job}: {@code spec.suspend: true};
 *   <li>a Kubeflow job ({@link RunPolicyJob}, e.g. TFJob): {@code spec.runPolicy.suspend: true};
 *   <li>other kinds (Deployment, StatefulSet, ...): the label only; Kueue gates their pods itself.
 * </ul>
 *
 * <pre>{@code
 * KueueWorkload queued = KueueWorkload.of(resnet.toJob()).queue(training)
 *     .priority(PriorityTier.trainingNormal()).build();
 * platform.add(queued);
 * }</pre>
 *
 * A gang can be queued too: {@code KueueWorkload.of(gang.stamped())}, with {@code gang.podGroup()}
 * added beside it; Kueue then decides when the job runs and Volcano where its pods go, see {@code
 * docs/scheduling.md}.
 *
 * <p>Checked at build with SCH004's fact ({@link KueueReferenceFacts#localQueueExists}): the
 * workload is in the LocalQueue's namespace (a workload can only use its own namespace's queues).
 * The value itself refuses a workload without a name or a Job without a spec, and labels that
 * already name another queue or priority.
 */
@Value.Immutable
@GpuSpecStyle
public abstract class KueueWorkload implements ManifestSource {

  /** The rendered workload; it is copied, never changed. */
  public abstract HasMetadata workload();

  /** The LocalQueue the workload is submitted to. */
  public abstract KueueLocalQueue queue();

  /** The workload's Kueue priority: the WorkloadPriorityClass of this tier's name. */
  public abstract Optional<PriorityRef> priority();

  /** The labels Kueue reads on the workload object. */
  public Map<String, String> labels() {
    Map<String, String> labels = new TreeMap<>(queue().queueLabel());
    priority().ifPresent(p -> labels.put(PriorityTier.KUEUE_PRIORITY_LABEL, p.priorityClassName()));
    return labels;
  }

  /** Whether the copy is created suspended ({@code Job} and Kubeflow jobs). */
  public boolean suspended() {
    return workload() instanceof Job || workload() instanceof RunPolicyJob;
  }

  /** A copy of the workload, labelled for the queue and suspended where Kueue expects it. */
  @Value.Lazy
  public HasMetadata stamped() {
    HasMetadata copy = Trees.copy(workload());
    ObjectMeta meta = copy.getMetadata();
    Map<String, String> labels =
        new TreeMap<>(meta.getLabels() == null ? new LinkedHashMap<>() : meta.getLabels());
    labels.putAll(labels());
    meta.setLabels(labels);
    if (copy instanceof Job job && job.getSpec() != null) {
      job.getSpec().setSuspend(true);
    } else if (copy instanceof RunPolicyJob kubeflow) {
      RunPolicy policy = kubeflow.runPolicy().orElseGet(RunPolicy::new);
      policy.setSuspend(true);
      kubeflow.runPolicy(policy);
    }
    return copy;
  }

  @Override
  public List<HasMetadata> toManifests() {
    return List.of(stamped());
  }

  @Value.Check
  protected void check() {
    ObjectMeta meta = workload().getMetadata();
    String name = meta == null || meta.getName() == null ? "" : meta.getName();
    String where = "kueue workload " + workload().getKind() + " \"" + name + "\"";
    InvalidSpecException.require(
        meta != null && meta.getName() != null,
        where,
        "the workload has no metadata.name",
        "render the workload with a name");
    InvalidSpecException.require(
        !(workload() instanceof Job job) || job.getSpec() != null,
        where,
        "the Job has no spec",
        "render the Job with its spec");
    Map<String, String> existing = meta.getLabels() == null ? Map.of() : meta.getLabels();
    labels()
        .forEach(
            (key, value) ->
                InvalidSpecException.require(
                    !existing.containsKey(key) || existing.get(key).equals(value),
                    where + " labels",
                    "it already says " + key + ": " + existing.get(key),
                    "queue each workload once"));
  }

  /**
   * Throws SCH004's finding on the stamped workload, with this queue as the LocalQueues there are:
   * a workload can only use a queue of its own namespace.
   */
  private void requireFacts() {
    HasMetadata stamped = stamped();
    Meta.requireNone(
        stamped,
        "SCH004",
        KueueReferenceFacts.localQueueExists(stamped, List.of(queue().toLocalQueue())));
  }

  /** Starts queueing this rendered workload. */
  public static Builder of(HasMetadata workload) {
    return new Builder().workload(workload);
  }

  public static final class Builder extends ImmutableKueueWorkload.Builder {
    /** Queues the workload; one the rules would refuse fails with their finding. */
    @Override
    public KueueWorkload build() {
      KueueWorkload queued = super.build();
      queued.requireFacts();
      return queued;
    }

    /** Builds without the rules' facts, to compare {@link #build()} with the rules. */
    KueueWorkload buildUnchecked() {
      return super.build();
    }
  }

  @Override
  public String toString() {
    return "KueueWorkload[" + queue().namespace() + "/" + queue().name() + "]";
  }
}
