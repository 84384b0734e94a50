package io.gpuspec.scheduling.internal.rules;

import io.fabric8.kubernetes.api.model.HasMetadata;
import io.fabric8.kubernetes.api.model.Quantity;
import io.gpuspec.core.k8s.Amounts;
import io.gpuspec.core.k8s.GpuResources;
import io.gpuspec.core.kubeflow.RunPolicy;
import io.gpuspec.core.kubeflow.RunPolicyJob;
import io.gpuspec.core.kubeflow.SchedulingPolicy;
import java.math.BigDecimal;
import java.util.Optional;
import org.jspecify.annotations.Nullable;

/**
 * What the scheduling rules share: documentation links, the labels and annotations that tie
 * workloads to queues and groups, and how amounts are read and written.
 */
final class Sched {

  static final String VOLCANO_PODGROUP_DOCS = "https://volcano.sh/en/docs/podgroup/";
  static final String VOLCANO_QUEUE_DOCS = "https://volcano.sh/en/docs/queue/";
  static final String VOLCANO_JOB_DOCS = "https://volcano.sh/en/docs/vcjob/";
  static final String KUEUE_CLUSTER_QUEUE_DOCS =
      "https://kueue.sigs.k8s.io/docs/concepts/cluster_queue/";

  /** The annotation that puts a pod into a Volcano PodGroup. */
  static final String GROUP_NAME = "scheduling.k8s.io/group-name";

  /**
   * The annotation that puts a pod (and the PodGroup Volcano makes for it) into a Volcano Queue.
   */
  static final String VOLCANO_QUEUE_NAME = "scheduling.volcano.sh/queue-name";

  /** The label that queues a workload in a Kueue LocalQueue of its namespace. */
  static final String KUEUE_QUEUE_NAME = "kueue.x-k8s.io/queue-name";

  /** The label that gives a Kueue workload its WorkloadPriorityClass. */
  static final String KUEUE_PRIORITY = "kueue.x-k8s.io/priority-class";

  /** The scheduler that honours PodGroups. */
  static final String VOLCANO = "volcano";

  private Sched() {}

  /**
   * Whether the object is outside Kueue's own API group: Kueue's labels on its own objects (a
   * Workload) name nothing a workload must have.
   */
  static boolean outsideKueue(HasMetadata object) {
    return object.getApiVersion() != null && !object.getApiVersion().startsWith("kueue.x-k8s.io/");
  }

  /** The Kubeflow job's {@code spec.runPolicy.schedulingPolicy}, if the object has one. */
  static Optional<SchedulingPolicy> schedulingPolicy(HasMetadata object) {
    return object instanceof RunPolicyJob job
        ? job.runPolicy().map(RunPolicy::getSchedulingPolicy)
        : Optional.empty();
  }

  /** The amount a quantity stands for, if it parses. */
  static Optional<BigDecimal> amount(@Nullable Quantity quantity) {
    return quantity == null ? Optional.empty() : GpuResources.amount(quantity);
  }

  /**
   * An amount of a resource as Kubernetes writes it, e.g. {@code 8}, {@code 500m}, {@code 64Gi}.
   */
  static String quantity(String resource, BigDecimal amount) {
    return Amounts.format(resource, amount);
  }
}
