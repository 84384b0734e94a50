package io.gpuspec.lws;

import io.gpuspec.core.InvalidSpecException;
import io.gpuspec.core.Labels;
import java.util.Optional;

/**
 * How each group of a LeaderWorkerSet is admitted or scheduled as one gang.
 *
 * <ul>
 *   <li>{@link #kueue(String)}: Kueue's LeaderWorkerSet integration. The LeaderWorkerSet carries
 *       the label {@code kueue.x-k8s.io/queue-name}; Kueue's webhook marks the pod templates as a
 *       serving pod group and admits each group as one Workload.
 *   <li>{@link #volcano()}: the LWS controller's Volcano scheduler provider ({@code
 *       gangSchedulingManagement.schedulerProvider: volcano}). The pods name the {@code volcano}
 *       scheduler; the controller makes one PodGroup per group (with {@code minMember} = size, 1
 *       under {@code LeaderReady}) and annotates the pods with it. {@link #volcano(String)} also
 *       names the Volcano queue ({@code scheduling.volcano.sh/queue-name} on the LeaderWorkerSet).
 * </ul>
 *
 * @param usesVolcano Volcano, else Kueue
 * @param queue the Kueue LocalQueue (required) or the Volcano queue (optional)
 */
public record LwsGang(boolean usesVolcano, Optional<String> queue) {

  /** The label that queues a workload in a Kueue LocalQueue of its namespace. */
  public static final String KUEUE_QUEUE_LABEL = "kueue.x-k8s.io/queue-name";

  /** The LeaderWorkerSet annotation naming the Volcano queue of its PodGroups. */
  public static final String VOLCANO_QUEUE_ANNOTATION = "scheduling.volcano.sh/queue-name";

  /** The scheduler that honours Volcano's PodGroups. */
  public static final String VOLCANO_SCHEDULER = "volcano";

  public LwsGang {
    InvalidSpecException.require(
        queue != null && (usesVolcano || queue.isPresent()),
        "leaderworkerset gang queue",
        "is missing",
        "name the Kueue LocalQueue of the LeaderWorkerSet's namespace");
    queue.ifPresent(
        q ->
            InvalidSpecException.require(
                Labels.isValue(q) && !q.isEmpty(),
                "leaderworkerset gang queue",
                "\"" + q + "\" is not a valid label value",
                "use a queue name of at most 63 letters, digits, '-', '_' or '.'"));
  }

  /** The scheduler the pods name: {@code volcano} under Volcano, none (the default) under Kueue. */
  public Optional<String> schedulerName() {
    return usesVolcano ? Optional.of(VOLCANO_SCHEDULER) : Optional.empty();
  }

  /** Each group admitted as one Workload by Kueue, from this LocalQueue. */
  public static LwsGang kueue(String localQueue) {
    return new LwsGang(false, Optional.of(localQueue));
  }

  /** Each group one Volcano PodGroup, in Volcano's default queue. */
  public static LwsGang volcano() {
    return new LwsGang(true, Optional.empty());
  }

  /** Each group one Volcano PodGroup in this Volcano queue. */
  public static LwsGang volcano(String queue) {
    return new LwsGang(true, Optional.of(queue));
  }
}
