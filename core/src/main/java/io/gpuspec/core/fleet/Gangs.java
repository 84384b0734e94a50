package io.gpuspec.core.fleet;

import io.fabric8.kubernetes.api.model.GenericKubernetesResource;
import io.fabric8.kubernetes.api.model.HasMetadata;
import io.fabric8.kubernetes.api.model.ObjectMeta;
import io.fabric8.kubernetes.api.model.batch.v1.CronJob;
import io.fabric8.kubernetes.api.model.batch.v1.Job;
import io.gpuspec.core.kubeflow.RunPolicy;
import io.gpuspec.core.kubeflow.RunPolicyJob;
import io.gpuspec.core.manifest.ManifestSet;
import io.gpuspec.core.spi.PodTemplate;
import io.gpuspec.core.spi.Subject;
import io.gpuspec.core.spi.Workload;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalInt;
import java.util.Set;
import org.jspecify.annotations.Nullable;
import tools.jackson.core.JacksonException;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/**
 * Which workloads' pods must start together, so that the fleet check holds them to fit at once
 * (FLEET002), and which only run as many pods as fit and the rest later (FLEET003). See {@code
 * docs/fleet.md}, "Gangs".
 *
 * <p>A gang is a group that something in the cluster starts all at once or not at all:
 *
 * <ul>
 *   <li>pods that join a PodGroup of a gang scheduler: the annotation {@code
 *       scheduling.k8s.io/group-name} (Volcano) or the label {@code scheduling.x-k8s.io/pod-group}
 *       / {@code pod-group.scheduling.sigs.k8s.io} (scheduler-plugins' coscheduling), on the object
 *       or its pod templates; the PodGroup's {@code spec.minMember}, when the set holds it, is how
 *       many must start together;
 *   <li>a Kubeflow training job (TFJob, PyTorchJob, MPIJob, ...) with {@code
 *       spec.runPolicy.schedulingPolicy} (the operator then makes a PodGroup of {@code
 *       minAvailable} pods, all of them when unset) or whose pod templates name a gang scheduler;
 *   <li>every other workload the registry or a module marks as distributed: JobSet, TrainJob and
 *       LeaderWorkerSet groups, a Volcano Job (whose {@code spec.minAvailable} says how many).
 * </ul>
 *
 * <p>A {@code batch/v1} Job (Indexed or not) or CronJob without a PodGroup runs as many of its
 * {@code parallelism} pods as fit and starts the others as nodes free up; a Deployment or
 * StatefulSet runs the replicas that fit. Kueue ({@code kueue.x-k8s.io/queue-name}) admits a
 * workload's pods all at once against its ClusterQueue's quota (the quota rules judge that), but
 * holds them to start together only when its Configuration sets {@code waitForPodsReady}, which the
 * manifests do not show: a Kueue-queued Job is no gang here, and its capacity note says so.
 */
final class Gangs {

  private static final JsonMapper JSON = JsonMapper.builder().build();

  /** Labels or annotations that name the PodGroup a pod joins. */
  private static final List<String> POD_GROUP_KEYS =
      List.of(
          "scheduling.k8s.io/group-name",
          "scheduling.x-k8s.io/pod-group",
          "pod-group.scheduling.sigs.k8s.io",
          "pod-group.scheduling.sigs.k8s.io/name");

  /** Scheduler names of gang schedulers a Kubeflow operator makes PodGroups for. */
  private static final Set<String> GANG_SCHEDULERS =
      Set.of("volcano", "scheduler-plugins-scheduler");

  /** The label that queues a workload in Kueue. */
  static final String KUEUE_QUEUE = "kueue.x-k8s.io/queue-name";

  private Gangs() {}

  /**
   * How many of the workload's pods must run at once: empty when it is no gang (its pods start as
   * they fit); {@link Integer#MAX_VALUE} when all of them.
   */
  static OptionalInt together(
      HasMetadata object, Workload workload, Map<String, Integer> minMembers) {
    Optional<String> podGroup = podGroup(object, workload);
    if (podGroup.isPresent()) {
      return OptionalInt.of(
          minMembers.getOrDefault(
              Subject.namespace(object) + "/" + podGroup.get(), Integer.MAX_VALUE));
    }
    if (object instanceof Job || object instanceof CronJob || !workload.distributed()) {
      return OptionalInt.empty();
    }
    if (object instanceof RunPolicyJob job) {
      return kubeflow(job.runPolicy().map(RunPolicy::getSchedulingPolicy), workload);
    }
    if (object instanceof GenericKubernetesResource generic && kubeflow(generic)) {
      JsonNode policy = tree(object).path("spec").path("runPolicy").path("schedulingPolicy");
      if (policy.isObject() || namesGangScheduler(workload)) {
        JsonNode min = policy.path("minAvailable");
        return OptionalInt.of(min.isIntegralNumber() ? min.asInt() : Integer.MAX_VALUE);
      }
      return OptionalInt.empty();
    }
    JsonNode min = tree(object).path("spec").path("minAvailable");
    return OptionalInt.of(min.isIntegralNumber() ? min.asInt() : Integer.MAX_VALUE);
  }

  /** Whether a workload's object is queued in Kueue. */
  static boolean queuedInKueue(HasMetadata object) {
    ObjectMeta meta = object.getMetadata();
    return meta != null && meta.getLabels() != null && meta.getLabels().containsKey(KUEUE_QUEUE);
  }

  private static OptionalInt kubeflow(
      Optional<io.gpuspec.core.kubeflow.SchedulingPolicy> policy, Workload workload) {
    if (policy.isPresent()) {
      Integer min = policy.get().getMinAvailable();
      return OptionalInt.of(min == null ? Integer.MAX_VALUE : min);
    }
    return namesGangScheduler(workload) ? OptionalInt.of(Integer.MAX_VALUE) : OptionalInt.empty();
  }

  private static boolean kubeflow(GenericKubernetesResource object) {
    String apiVersion = object.getApiVersion();
    return apiVersion != null && apiVersion.startsWith("kubeflow.org/");
  }

  private static boolean namesGangScheduler(Workload workload) {
    return workload.templates().stream()
        .anyMatch(
            t ->
                t.spec().getSchedulerName() != null
                    && GANG_SCHEDULERS.contains(t.spec().getSchedulerName()));
  }

  /** The PodGroup the object or one of its pod templates names, if any. */
  private static Optional<String> podGroup(HasMetadata object, Workload workload) {
    Optional<String> own = podGroup(object.getMetadata());
    if (own.isPresent()) {
      return own;
    }
    for (PodTemplate template : workload.templates()) {
      Optional<String> named = podGroup(template.metadata());
      if (named.isPresent()) {
        return named;
      }
    }
    return Optional.empty();
  }

  private static Optional<String> podGroup(@Nullable ObjectMeta meta) {
    if (meta == null) {
      return Optional.empty();
    }
    for (Map<String, String> map : Arrays.asList(meta.getLabels(), meta.getAnnotations())) {
      if (map == null) {
        continue;
      }
      for (String key : POD_GROUP_KEYS) {
        String value = map.get(key);
        if (value != null && !value.isEmpty()) {
          return Optional.of(value);
        }
      }
    }
    return Optional.empty();
  }

  /**
   * The {@code spec.minMember} of every PodGroup in the set (of any API group: Volcano's and
   * scheduler-plugins' both name it so) that states one, by {@code namespace/name}.
   */
  static Map<String, Integer> minMembers(ManifestSet manifests) {
    Map<String, Integer> found = new HashMap<>();
    for (HasMetadata object : manifests) {
      if ("PodGroup".equals(object.getKind())
          && object.getMetadata() != null
          && object.getMetadata().getName() != null) {
        JsonNode min = tree(object).path("spec").path("minMember");
        if (min.isIntegralNumber() && min.asInt() > 0) {
          found.putIfAbsent(
              Subject.namespace(object) + "/" + object.getMetadata().getName(), min.asInt());
        }
      }
    }
    return found;
  }

  /** The object as a tree; an empty one when it does not serialize. */
  private static JsonNode tree(HasMetadata object) {
    try {
      return JSON.valueToTree(object);
    } catch (JacksonException | IllegalArgumentException e) {
      return JSON.createObjectNode();
    }
  }
}
