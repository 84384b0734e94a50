package io.gpuspec.scheduling;

import io.fabric8.kubernetes.api.model.HasMetadata;
import io.fabric8.kubernetes.api.model.ObjectMeta;
import io.fabric8.kubernetes.api.model.batch.v1.Job;
import io.gpuspec.core.GpuSpecStyle;
import io.gpuspec.core.InvalidSpecException;
import io.gpuspec.core.ManifestSource;
import io.gpuspec.core.PriorityRef;
import io.gpuspec.core.check.Gpuspec;
import io.gpuspec.core.kubeflow.RunPolicy;
import io.gpuspec.core.kubeflow.RunPolicyJob;
import io.gpuspec.core.spi.PodTemplate;
import io.gpuspec.core.spi.Workload;
import io.gpuspec.scheduling.facts.KueueReferenceFacts;
import io.gpuspec.scheduling.facts.KueueTopologyFacts;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.stream.Collectors;
import org.immutables.value.Value;
import tools.jackson.databind.node.ObjectNode;

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
 * With {@link #topology()}, every pod template gets Kueue's topology annotation, e.g. {@code
 * kueue.x-k8s.io/podset-required-topology: <rack label>}, so that Kueue admits each pod set only
 * within one domain of that level (start with {@link #of(Gpuspec, HasMetadata)}).
 *
 * <p>A gang can be queued too: {@code KueueWorkload.of(gang.stamped())}, with {@code
 * gang.podGroup()} added beside it; Kueue then decides when the job runs and Volcano where its pods
 * go, see {@code docs/scheduling.md}.
 *
 * <p>Checked at build with SCH004's fact ({@link KueueReferenceFacts#localQueueExists}): the
 * workload is in the LocalQueue's namespace (a workload can only use its own namespace's queues);
 * with a topology, SCH024's ({@link KueueTopologyFacts#annotationsWellFormed}): the pod templates
 * give one topology annotation, and SCH025's ({@link KueueTopologyFacts#levelExists}): the level is
 * one of the given Topology's. The value itself refuses a workload without a name or a Job without
 * a spec, and labels that already name another queue or priority.
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

  /** Where Kueue places every pod set (pod template) of the workload by topology. */
  public abstract Optional<PodSetTopology> topology();

  /**
   * The roles (replica types, replicated jobs) whose pod sets {@link #topology()} annotates, e.g. a
   * TFJob's {@code Chief} and {@code Worker} and not its CPU parameter servers (Kueue admits a pod
   * set without the annotation in a topology flavor as it is); every role when empty.
   */
  public abstract Set<String> topologyRoles();

  /** The adapted pod templates {@link #topology()} annotates. */
  private List<PodTemplate> placedTemplates() {
    return adapted().get().templates().stream()
        .filter(t -> topologyRoles().isEmpty() || topologyRoles().contains(t.role()))
        .toList();
  }

  /**
   * The workload's pod templates as the registry's adapters showed them when it was started with
   * {@link #of(Gpuspec, HasMetadata)}; needed to annotate them with {@link #topology()}.
   */
  @Value.Auxiliary
  abstract Optional<Workload> adapted();

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
    HasMetadata copy = annotated();
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

  /** A copy of the workload whose pod templates carry the topology annotation, if any. */
  private HasMetadata annotated() {
    if (topology().isEmpty() || adapted().isEmpty()) {
      return Trees.copy(workload());
    }
    ObjectNode tree = Trees.tree(workload());
    for (PodTemplate template : placedTemplates()) {
      ObjectNode meta = Trees.at(tree, template.metadataPath());
      ObjectNode annotations =
          meta.get("annotations") instanceof ObjectNode existing
              ? existing
              : meta.putObject("annotations");
      annotations.put(topology().get().annotation(), topology().get().value());
    }
    return Trees.object(tree, workload().getClass());
  }

  /** The stamped workload's pod templates, as the registry's adapters show them. */
  private List<PodTemplate> stampedTemplates() {
    return adapted().isEmpty()
        ? List.of()
        : adapted().get().templates().stream()
            .map(t -> placedTemplates().contains(t) ? withTopology(t, topology().get()) : t)
            .toList();
  }

  private static PodTemplate withTopology(PodTemplate template, PodSetTopology topology) {
    ObjectMeta meta = new ObjectMeta();
    Map<String, String> annotations =
        new TreeMap<>(
            template.metadata().getAnnotations() == null
                ? Map.of()
                : template.metadata().getAnnotations());
    annotations.put(topology.annotation(), topology.value());
    meta.setAnnotations(annotations);
    return new PodTemplate(
        template.role(),
        meta,
        template.metadataPath(),
        template.spec(),
        template.specPath(),
        template.replicas());
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
    InvalidSpecException.require(
        topology().isEmpty() || adapted().isPresent(),
        where + " topology",
        "the workload's pod templates are not known",
        "start with KueueWorkload.of(gpuspec, workload), so that its pod sets can be annotated");
    InvalidSpecException.require(
        topologyRoles().isEmpty() || topology().isPresent(),
        where + " topology roles",
        "roles are given without a topology",
        "give the topology too, or drop the roles");
    if (adapted().isPresent() && !topologyRoles().isEmpty()) {
      Set<String> roles =
          adapted().get().templates().stream().map(PodTemplate::role).collect(Collectors.toSet());
      for (String role : topologyRoles()) {
        InvalidSpecException.require(
            roles.contains(role),
            where + " topology roles",
            "the workload has no pod set \"" + role + "\" (it has " + new TreeSet<>(roles) + ")",
            "name roles of the workload's pod templates");
      }
    }
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
    if (topology().isEmpty()) {
      return;
    }
    for (PodTemplate template : stampedTemplates()) {
      Meta.requireNone(stamped, "SCH024", KueueTopologyFacts.annotationsWellFormed(template));
      Optional<KueueTopology> named = topology().get().topology();
      for (KueueTopologyFacts.LevelRequest request : KueueTopologyFacts.levelRequests(template)) {
        if (named.isPresent()) {
          Meta.requireNone(
              stamped,
              "SCH025",
              KueueTopologyFacts.levelExists(
                  request, Optional.empty(), List.of(named.get().toTopology())));
        }
      }
    }
  }

  /** Starts queueing this rendered workload. */
  public static Builder of(HasMetadata workload) {
    return new Builder().workload(workload);
  }

  /**
   * Starts queueing this rendered workload, whose pod templates {@code gpuspec} shows, so that its
   * pod sets can be placed by {@link #topology()}.
   */
  public static Builder of(Gpuspec gpuspec, HasMetadata workload) {
    return new Builder().adapted(gpuspec.engine().workload(workload)).workload(workload);
  }

  /**
   * Builds {@link KueueWorkload} values: set the attributes, then {@code build()}, which checks
   * them.
   */
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
