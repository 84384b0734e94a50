package io.gpuspec.scheduling;

import io.fabric8.kubernetes.api.model.HasMetadata;
import io.fabric8.kubernetes.api.model.Quantity;
import io.gpuspec.core.GpuSpecStyle;
import io.gpuspec.core.InvalidSpecException;
import io.gpuspec.core.ManifestSource;
import io.gpuspec.core.PriorityRef;
import io.gpuspec.core.check.Gpuspec;
import io.gpuspec.core.k8s.Amounts;
import io.gpuspec.core.k8s.PodRequests;
import io.gpuspec.core.kubeflow.RunPolicy;
import io.gpuspec.core.kubeflow.RunPolicyJob;
import io.gpuspec.core.kubeflow.SchedulingPolicy;
import io.gpuspec.core.spi.PodTemplate;
import io.gpuspec.core.spi.Workload;
import io.gpuspec.scheduling.facts.VolcanoPodGroupFacts;
import io.gpuspec.scheduling.model.volcano.PodGroup;
import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;
import org.immutables.value.Value;
import tools.jackson.databind.node.ObjectNode;

/**
 * Makes any rendered workload a Volcano gang: the {@link VolcanoPodGroup} its pods start in
 * together, and a copy of the workload whose pods join it. The workload's pod templates come from
 * the registry's workload adapters, so this works for every kind a module adapts (Deployment, Job,
 * TFJob, ...) without naming it.
 *
 * <ul>
 *   <li>the PodGroup is named like the workload, in its namespace, with {@code minMember} = the
 *       pods the workload runs at once (a TFJob with a Chief and 4 Workers: 5) unless {@link
 *       #minMember()} says otherwise, and {@code minResources} = the requests of the {@code
 *       minMember} smallest pods, summed per resource ({@link PodRequests});
 *   <li>every pod template gets {@code schedulerName: volcano}, the annotation {@code
 *       scheduling.k8s.io/group-name} and, with a priority, its {@code priorityClassName};
 *   <li>a Kubeflow job ({@link RunPolicyJob}) also gets {@code spec.runPolicy.schedulingPolicy}
 *       with the same minimum, queue, priority and resources, so that its operator's gang matches
 *       this PodGroup (the operator names its PodGroup after the job and uses an existing one).
 * </ul>
 *
 * See https://volcano.sh/en/docs/podgroup/ and {@code docs/scheduling.md}.
 *
 * <pre>{@code
 * Gpuspec gpuspec = Gpuspec.load();
 * WorkloadGang gang = WorkloadGang.of(gpuspec, mnist.toTfJob())
 *     .queue(research).priority(PriorityTier.trainingNormal())
 *     .build();
 * platform.add(gang);                 // the PodGroup and the stamped TFJob
 * }</pre>
 *
 * <p>Checked at build with SCH008's facts ({@link VolcanoPodGroupFacts}) on the rendered PodGroup
 * and workload: the gang is at least one pod and at most the pods the workload runs. The value
 * itself refuses what it cannot render or would silently overwrite: a kind no module adapts, a
 * workload without a name, templates that name another scheduler, group or priority, a Kubeflow
 * job's scheduling policy that says otherwise. A Volcano Job is refused: it makes its own PodGroup
 * from {@code spec.minAvailable}.
 */
@Value.Immutable
@GpuSpecStyle
public abstract class WorkloadGang implements ManifestSource {

  /** The rendered workload; it is copied, never changed. */
  public abstract HasMetadata workload();

  /**
   * The workload's pod templates as the registry's adapters showed them when the gang was started
   * ({@link #of}); empty when no module knows the workload's kind.
   */
  @Value.Auxiliary
  abstract Optional<Workload> adapted();

  /** Pods that must start together; all pods the workload runs at once when absent. */
  public abstract Optional<Integer> minMember();

  /** The Volcano Queue; absent means Volcano's {@code default} queue. */
  public abstract Optional<String> queue();

  /** The priority of the gang and of its pods. */
  public abstract Optional<PriorityRef> priority();

  /** For a Kubeflow job: how long the gang may wait to be scheduled. */
  public abstract Optional<Integer> scheduleTimeoutSeconds();

  /** The value of {@code app.kubernetes.io/part-of} on the PodGroup. */
  @Value.Default
  public String partOf() {
    return Meta.DEFAULT_PART_OF;
  }

  /** The PodGroup's name: the workload's. */
  public String name() {
    return workload().getMetadata() == null || workload().getMetadata().getName() == null
        ? ""
        : workload().getMetadata().getName();
  }

  /** The workload's namespace, {@code default} when it names none. */
  public String namespace() {
    String namespace =
        workload().getMetadata() == null ? null : workload().getMetadata().getNamespace();
    return namespace == null ? "default" : namespace;
  }

  /** The workload's pod templates, as its kind's adapter shows them. */
  @Value.Lazy
  public Workload view() {
    return adapted()
        .orElseThrow(
            () ->
                new InvalidSpecException(
                    where(),
                    "no module on the class path knows the pod templates of kind "
                        + workload().getApiVersion()
                        + " "
                        + workload().getKind(),
                    "add the module of that kind, or load the registry from its class loader"));
  }

  /** Pods the workload runs at once: the replicas of its templates together. */
  public int podsCreated() {
    return view().templates().stream().mapToInt(PodTemplate::replicas).sum();
  }

  /** The gang size: {@link #minMember()}, else every pod. */
  public int gangSize() {
    return minMember().orElse(podsCreated());
  }

  /** What the {@code gangSize()} smallest pods request together, per resource. */
  @Value.Lazy
  public Map<String, String> minResources() {
    Map<String, List<BigDecimal>> perPod = new TreeMap<>();
    List<Map<String, BigDecimal>> pods = new ArrayList<>();
    for (PodTemplate template : view().templates()) {
      Map<String, BigDecimal> requests = PodRequests.of(template.spec());
      for (int i = 0; i < template.replicas(); i++) {
        pods.add(requests);
      }
    }
    pods.forEach(pod -> pod.keySet().forEach(r -> perPod.putIfAbsent(r, new ArrayList<>())));
    for (Map<String, BigDecimal> pod : pods) {
      perPod.forEach(
          (resource, amounts) -> amounts.add(pod.getOrDefault(resource, BigDecimal.ZERO)));
    }
    Map<String, String> total = new TreeMap<>();
    perPod.forEach(
        (resource, amounts) -> {
          BigDecimal sum =
              amounts.stream()
                  .sorted()
                  .limit(Math.max(0, gangSize()))
                  .reduce(BigDecimal.ZERO, BigDecimal::add);
          if (sum.signum() > 0) {
            total.put(resource, Amounts.format(resource, sum));
          }
        });
    return total;
  }

  /** The PodGroup of the gang. */
  @Value.Lazy
  public VolcanoPodGroup podGroup() {
    return VolcanoPodGroup.named(name())
        .namespace(namespace())
        .minMember(gangSize())
        .putAllMinResources(minResources())
        .queue(queue())
        .priority(priority())
        .partOf(partOf())
        .buildUnchecked(); // its facts are this gang's, checked when the gang is built
  }

  /** A copy of the workload whose pods join the gang. */
  @Value.Lazy
  public HasMetadata stamped() {
    ObjectNode tree = Trees.tree(workload());
    for (PodTemplate template : view().templates()) {
      ObjectNode spec = Trees.at(tree, template.specPath());
      spec.put("schedulerName", Gang.SCHEDULER_NAME);
      priority().ifPresent(p -> spec.put("priorityClassName", p.priorityClassName()));
      ObjectNode meta = Trees.at(tree, template.metadataPath());
      ObjectNode annotations =
          meta.get("annotations") instanceof ObjectNode existing
              ? existing
              : meta.putObject("annotations");
      annotations.put(Gang.GROUP_NAME_ANNOTATION, name());
    }
    HasMetadata copy = Trees.object(tree, workload().getClass());
    if (copy instanceof RunPolicyJob job) {
      RunPolicy policy = job.runPolicy().orElseGet(RunPolicy::new);
      SchedulingPolicy scheduling =
          policy.getSchedulingPolicy() == null
              ? new SchedulingPolicy()
              : policy.getSchedulingPolicy();
      scheduling.setMinAvailable(gangSize());
      queue().ifPresent(scheduling::setQueue);
      priority().map(PriorityRef::priorityClassName).ifPresent(scheduling::setPriorityClass);
      Map<String, Quantity> resources = new TreeMap<>();
      minResources().forEach((resource, amount) -> resources.put(resource, new Quantity(amount)));
      scheduling.setMinResources(resources);
      scheduleTimeoutSeconds().ifPresent(scheduling::setScheduleTimeoutSeconds);
      policy.setSchedulingPolicy(scheduling);
      job.runPolicy(policy);
    }
    return copy;
  }

  @Override
  public List<HasMetadata> toManifests() {
    return List.of(podGroup().toPodGroup(), stamped());
  }

  private String where() {
    return "gang of " + workload().getKind() + " \"" + name() + "\"";
  }

  @Value.Check
  protected void check() {
    String where = where();
    InvalidSpecException.require(
        !name().isEmpty(),
        where,
        "the workload has no metadata.name",
        "render the workload with a name; the PodGroup is named after it");
    InvalidSpecException.require(
        !(workload() instanceof io.gpuspec.scheduling.model.volcano.batch.Job),
        where,
        "a Volcano Job makes its own PodGroup",
        "set the job's spec.minAvailable and spec.queue instead");
    minMember()
        .ifPresent(
            min ->
                InvalidSpecException.require(
                    min >= 0,
                    where + " minMember",
                    min + " is negative",
                    "give the number of pods that must start together, at least 1"));
    queue().ifPresent(q -> Meta.requireSubdomain(where + " queue", q));
    scheduleTimeoutSeconds()
        .ifPresent(
            s ->
                InvalidSpecException.require(
                    s > 0,
                    where + " scheduleTimeoutSeconds",
                    s + " is not positive",
                    "give the timeout in seconds"));
    Meta.requirePartOf(where, partOf());
    for (PodTemplate template : view().templates()) {
      String at = where + " " + (template.role().isEmpty() ? "" : template.role() + " ") + "pods";
      String scheduler = template.spec().getSchedulerName();
      InvalidSpecException.require(
          scheduler == null || scheduler.equals(Gang.SCHEDULER_NAME),
          at + " schedulerName",
          "they are scheduled by \"" + scheduler + "\", which ignores PodGroups",
          "remove schedulerName so that Volcano schedules the gang");
      String group =
          template.metadata().getAnnotations() == null
              ? null
              : template.metadata().getAnnotations().get(Gang.GROUP_NAME_ANNOTATION);
      InvalidSpecException.require(
          group == null || group.equals(name()),
          at + " annotations",
          "they already join PodGroup \"" + group + "\"",
          "make each workload one gang");
      String own = template.spec().getPriorityClassName();
      priority()
          .ifPresent(
              p ->
                  InvalidSpecException.require(
                      own == null || own.equals(p.priorityClassName()),
                      at + " priorityClassName",
                      "they name \""
                          + own
                          + "\" but the gang's priority is \""
                          + p.priorityClassName()
                          + "\"",
                      "give the pods and the gang one priority"));
    }
    if (workload() instanceof RunPolicyJob job) {
      Optional<SchedulingPolicy> existing = job.runPolicy().map(RunPolicy::getSchedulingPolicy);
      existing
          .map(SchedulingPolicy::getMinAvailable)
          .ifPresent(min -> require(where, "minAvailable", min, gangSize()));
      existing
          .map(SchedulingPolicy::getQueue)
          .ifPresent(q -> queue().ifPresent(mine -> require(where, "queue", q, mine)));
      existing
          .map(SchedulingPolicy::getPriorityClass)
          .ifPresent(
              pc ->
                  priority()
                      .ifPresent(
                          mine -> require(where, "priorityClass", pc, mine.priorityClassName())));
    }
  }

  /**
   * Throws the first finding of SCH008 on the rendered PodGroup, with the stamped workload as the
   * pods that join it: the gang is at least one pod and at most the pods the workload runs.
   */
  private void requireFacts() {
    PodGroup group = podGroup().toPodGroup();
    Meta.requireNone(group, "SCH008", VolcanoPodGroupFacts.minMemberGangs(group));
    Meta.requireNone(
        group,
        "SCH008",
        VolcanoPodGroupFacts.minMemberWithinPods(
            group, List.of(new VolcanoPodGroupFacts.Member(stamped(), podsCreated()))));
  }

  private static void require(String where, String field, Object theirs, Object mine) {
    InvalidSpecException.require(
        theirs.equals(mine),
        where + " schedulingPolicy " + field,
        "the job says " + theirs + " but the gang " + mine,
        "set it once: remove it from the job, or give the gang the same value");
  }

  /** Starts a gang of this rendered workload, whose pod templates {@code gpuspec} shows. */
  public static Builder of(Gpuspec gpuspec, HasMetadata workload) {
    return new Builder().adapted(gpuspec.engine().workload(workload)).workload(workload);
  }

  /**
   * Builds {@link WorkloadGang} values: set the attributes, then {@code build()}, which checks
   * them.
   */
  public static final class Builder extends ImmutableWorkloadGang.Builder {
    /** Builds the gang; a gang the rules would refuse fails with their finding. */
    @Override
    public WorkloadGang build() {
      WorkloadGang gang = super.build();
      gang.requireFacts();
      return gang;
    }

    /** Builds without the rules' facts, to compare {@link #build()} with the rules. */
    WorkloadGang buildUnchecked() {
      return super.build();
    }

    /** Queues the gang in this Volcano queue. */
    public Builder queue(VolcanoQueue queue) {
      return (Builder) queue(queue.name());
    }
  }

  @Override
  public String toString() {
    return "WorkloadGang[" + namespace() + "/" + name() + "]";
  }
}
