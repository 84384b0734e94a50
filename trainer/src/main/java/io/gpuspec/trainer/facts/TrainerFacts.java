package io.gpuspec.trainer.facts;

import io.fabric8.kubernetes.api.model.Container;
import io.fabric8.kubernetes.api.model.HasMetadata;
import io.fabric8.kubernetes.api.model.PodSpec;
import io.gpuspec.core.Fleet;
import io.gpuspec.core.NodePool;
import io.gpuspec.core.k8s.GpuResources;
import io.gpuspec.core.k8s.NullFree;
import io.gpuspec.core.report.Finding;
import io.gpuspec.core.spi.ReferenceRule;
import io.gpuspec.core.spi.Subject;
import io.gpuspec.trainer.merge.EffectiveJob;
import io.gpuspec.trainer.merge.EffectiveJobSet;
import io.gpuspec.trainer.merge.Runtimes;
import io.gpuspec.trainer.merge.TrainJobMerge;
import io.gpuspec.trainer.model.JobSetSpec;
import io.gpuspec.trainer.model.ReplicatedJob;
import io.gpuspec.trainer.model.RuntimePatch;
import io.gpuspec.trainer.model.RuntimeRef;
import io.gpuspec.trainer.model.TrainJob;
import io.gpuspec.trainer.model.TrainingRuntime;
import io.gpuspec.trainer.model.TrainingRuntimeSpec;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * The validity facts of Kubeflow Trainer v2 objects: pure functions that return findings with field
 * paths. The TRN rules report them, and the DSL's {@code build()} throws them, so both say the same
 * words.
 */
public final class TrainerFacts {

  /** The id of the rule that reports {@link #runtimeRef}. */
  public static final String RUNTIME_REF = "TRN001";

  /** The id of the rule that reports {@link #trainerNodesFit}. */
  public static final String NODES_FIT = "TRN002";

  /** The id of the rule that reports {@link #gangScheduler}. */
  public static final String GANG_SCHEDULER = "TRN003";

  /** The id of the rule that reports {@link #patchTargets}. */
  public static final String PATCH_TARGETS = "TRN004";

  /** The scheduler that honours Volcano PodGroups. */
  public static final String VOLCANO = "volcano";

  private TrainerFacts() {}

  /**
   * TRN001: the runtime a TrainJob names is among {@code defined} (the set's runtimes of the kind
   * it names: any ClusterTrainingRuntime, or a TrainingRuntime of its namespace); the fix names the
   * closest defined name.
   */
  public static List<Finding> runtimeRef(TrainJob job, List<? extends HasMetadata> defined) {
    RuntimeRef ref = Runtimes.ref(job);
    if (!Runtimes.modelled(ref)) {
      return List.of();
    }
    boolean namespaced = TrainingRuntime.KIND.equals(ref.effectiveKind());
    String namespace = namespaced ? Subject.namespace(job) : "";
    List<HasMetadata> candidates =
        defined.stream()
            .filter(r -> !namespaced || Subject.sameNamespace(Subject.namespace(r), namespace))
            .map(r -> (HasMetadata) r)
            .toList();
    ReferenceRule.Reference reference =
        new ReferenceRule.Reference(
            job,
            "spec.runtimeRef.name",
            ref.getName(),
            namespace,
            "the TrainJob never starts (the controller cannot build its JobSet)");
    Optional<String> closest = closest(ref.getName(), candidates);
    String fix =
        closest
                .map(
                    name ->
                        "name " + ref.effectiveKind() + " \"" + name + "\" (the closest defined)")
                .orElse("add " + ref.effectiveKind() + " \"" + ref.getName() + "\" to the set")
            + ", or name a runtime that exists";
    return ReferenceRule.missing(
        ref.effectiveKind(),
        reference,
        namespaced ? defined.stream().filter(candidates::contains).toList() : defined,
        Set.of(),
        "",
        fix);
  }

  /**
   * TRN002: with the pools known, the trainer nodes of a TrainJob (its {@code numNodes} pods of the
   * GPUs each requests) fit at once on one pool they can land on; a distributed run waits for all
   * its nodes, so fewer free nodes than that means it never starts. Reported at the {@code
   * numNodes} that sets the count: the TrainJob's, else the runtime's.
   */
  public static List<Finding> trainerNodesFit(TrainJob job, EffectiveJobSet merged, Fleet fleet) {
    Optional<EffectiveJob> trainer = merged.trainerJob();
    if (trainer.isEmpty() || fleet.pools().isEmpty()) {
      return List.of();
    }
    PodSpec pod = NullFree.podSpec(trainer.get().template().getSpec().getTemplate().getSpec());
    long gpus = GpuResources.gpusPerPod(pod);
    long nodes = trainer.get().pods();
    if (gpus <= 0 || nodes <= 1) {
      return List.of();
    }
    List<NodePool> pools = fleet.poolsAdmitting(pod);
    if (pools.isEmpty()) {
      return List.of(); // no pool at all is GPU005's and GPU002's finding
    }
    long most =
        pools.stream()
            .mapToLong(p -> (long) p.nodeCount() * (p.gpusPerNode() / Math.max(1, gpus)))
            .max()
            .orElse(0);
    if (most >= nodes) {
      return List.of();
    }
    boolean jobSets =
        job.getSpec() != null
            && job.getSpec().getTrainer() != null
            && job.getSpec().getTrainer().getNumNodes() != null;
    return List.of(
        new Finding(
            jobSets ? "spec.trainer.numNodes" : "spec.runtimeRef.name",
            "the job trains on "
                + nodes
                + " nodes of "
                + gpus
                + " GPU(s) each, but the pools it can land on ("
                + String.join(", ", pools.stream().map(NodePool::name).toList())
                + ") hold at most "
                + most
                + " such pods at once; the distributed run never starts",
            "set numNodes to at most "
                + most
                + ", request fewer GPUs per node, or place the runtime on a larger pool"));
  }

  /**
   * TRN003: a runtime with a {@code podGroupPolicy} has its pods scheduled by a scheduler that
   * honours the PodGroup the controller makes: {@code schedulerName: volcano} for Volcano (the
   * controller annotates the pods but does not set it); for coscheduling, a scheduler named in the
   * template (the default scheduler runs the Coscheduling plugin only where the cluster enables
   * it).
   */
  public static List<Finding> gangScheduler(HasMetadata runtime) {
    TrainingRuntimeSpec spec = TrainJobMerge.runtimeSpec(runtime);
    if (spec.getPodGroupPolicy() == null) {
      return List.of();
    }
    boolean volcano = spec.getPodGroupPolicy().getVolcano() != null;
    boolean coscheduling = spec.getPodGroupPolicy().getCoscheduling() != null;
    List<Finding> findings = new ArrayList<>();
    List<ReplicatedJob> jobs = jobs(spec);
    for (int i = 0; i < jobs.size(); i++) {
      PodSpec pod = podSpec(jobs.get(i));
      String scheduler = pod.getSchedulerName();
      String path =
          "spec.template.spec.replicatedJobs[" + i + "].template.spec.template.spec.schedulerName";
      if (volcano && !VOLCANO.equals(scheduler)) {
        findings.add(
            new Finding(
                path,
                "podGroupPolicy.volcano makes a Volcano PodGroup of the job's pods, but they are"
                    + " scheduled by "
                    + (scheduler == null ? "the default scheduler" : "\"" + scheduler + "\"")
                    + ", which ignores it; the pods start one by one, not as a gang",
                "set " + path + ": volcano"));
      } else if (coscheduling && !volcano && (scheduler == null || scheduler.isEmpty())) {
        findings.add(
            new Finding(
                path,
                "podGroupPolicy.coscheduling gangs the pods, but they name no scheduler; unless the"
                    + " default scheduler runs the Coscheduling plugin, they start one by one",
                "set "
                    + path
                    + " to the scheduler that runs the Coscheduling plugin (e.g."
                    + " scheduler-plugins-scheduler)"));
      }
    }
    return findings;
  }

  /**
   * TRN004: a TrainJob's runtime patches name replicated jobs and containers its runtime has, and
   * set no env of the containers the Trainer API owns ({@code node} and the initializers); the
   * TrainJob webhook rejects the TrainJob otherwise.
   */
  public static List<Finding> patchTargets(TrainJob job, HasMetadata runtime) {
    List<Finding> findings = new ArrayList<>();
    List<ReplicatedJob> jobs = jobs(TrainJobMerge.runtimeSpec(runtime));
    List<RuntimePatch> patches =
        job.getSpec() == null ? List.of() : job.getSpec().getRuntimePatches();
    for (int p = 0; p < patches.size(); p++) {
      RuntimePatch patch = patches.get(p);
      if (patch == null
          || patch.getTrainingRuntimeSpec() == null
          || patch.getTrainingRuntimeSpec().getTemplate() == null
          || patch.getTrainingRuntimeSpec().getTemplate().getSpec() == null) {
        continue;
      }
      List<ReplicatedJob> patched =
          patch.getTrainingRuntimeSpec().getTemplate().getSpec().getReplicatedJobs();
      String base =
          "spec.runtimePatches[" + p + "].trainingRuntimeSpec.template.spec.replicatedJobs";
      for (int q = 0; q < patched.size(); q++) {
        ReplicatedJob target = patched.get(q);
        if (target == null) {
          continue;
        }
        Optional<ReplicatedJob> existing =
            jobs.stream()
                .filter(
                    j ->
                        j != null
                            && target.getName() != null
                            && target.getName().equals(j.getName()))
                .findFirst();
        String at = base + "[" + q + "]";
        if (existing.isEmpty()) {
          findings.add(
              new Finding(
                  at + ".name",
                  "the patch names replicated job \""
                      + target.getName()
                      + "\", which runtime "
                      + Subject.of(runtime)
                      + " does not have ("
                      + String.join(", ", jobs.stream().map(ReplicatedJob::getName).toList())
                      + "); the TrainJob webhook rejects it",
                  "patch one of the runtime's replicated jobs"));
          continue;
        }
        Set<String> containers = new HashSet<>();
        PodSpec own = podSpec(existing.get());
        own.getContainers().forEach(c -> containers.add(c.getName()));
        own.getInitContainers().forEach(c -> containers.add(c.getName()));
        PodSpec patchPod = podSpec(target);
        containers(
            patchPod.getContainers(),
            at + ".template.spec.template.spec.containers",
            containers,
            target.getName(),
            findings);
        containers(
            patchPod.getInitContainers(),
            at + ".template.spec.template.spec.initContainers",
            containers,
            target.getName(),
            findings);
      }
    }
    return findings;
  }

  private static void containers(
      List<Container> patched, String path, Set<String> known, String job, List<Finding> findings) {
    for (int c = 0; c < patched.size(); c++) {
      Container container = patched.get(c);
      String at = path + "[" + c + "]";
      if (!known.contains(container.getName())) {
        findings.add(
            new Finding(
                at + ".name",
                "the patch names container \""
                    + container.getName()
                    + "\", which replicated job \""
                    + job
                    + "\" of the runtime does not have; the TrainJob webhook rejects it",
                "patch one of its containers ("
                    + String.join(", ", known.stream().sorted().toList())
                    + ")"));
      } else if (OWNED.contains(container.getName())
          && container.getEnv() != null
          && !container.getEnv().isEmpty()) {
        findings.add(
            new Finding(
                at + ".env",
                "the patch sets env of container \""
                    + container.getName()
                    + "\", which the Trainer API owns; the TrainJob webhook rejects it",
                "set the trainer's env in spec.trainer.env (the initializers' in"
                    + " spec.initializer)"));
      }
    }
  }

  private static final Set<String> OWNED =
      Set.of(TrainJobMerge.NODE, "dataset-initializer", "model-initializer");

  private static List<ReplicatedJob> jobs(TrainingRuntimeSpec spec) {
    JobSetSpec jobSet =
        spec.getTemplate() == null || spec.getTemplate().getSpec() == null
            ? new JobSetSpec()
            : spec.getTemplate().getSpec();
    return jobSet.getReplicatedJobs();
  }

  private static PodSpec podSpec(ReplicatedJob job) {
    return NullFree.podSpec(
        job == null
                || job.getTemplate() == null
                || job.getTemplate().getSpec() == null
                || job.getTemplate().getSpec().getTemplate() == null
            ? null
            : job.getTemplate().getSpec().getTemplate().getSpec());
  }

  /** The defined name closest to {@code name} (fewest edits), if any is defined. */
  static Optional<String> closest(String name, List<? extends HasMetadata> defined) {
    String wanted = name == null ? "" : name;
    return defined.stream()
        .map(Subject::name)
        .min(Comparator.comparingInt((String n) -> distance(wanted, n)).thenComparing(n -> n));
  }

  private static int distance(String a, String b) {
    int[] previous = new int[b.length() + 1];
    for (int j = 0; j <= b.length(); j++) {
      previous[j] = j;
    }
    for (int i = 1; i <= a.length(); i++) {
      int[] current = new int[b.length() + 1];
      current[0] = i;
      for (int j = 1; j <= b.length(); j++) {
        int substitute = previous[j - 1] + (a.charAt(i - 1) == b.charAt(j - 1) ? 0 : 1);
        current[j] = Math.min(substitute, Math.min(previous[j], current[j - 1]) + 1);
      }
      previous = current;
    }
    return previous[b.length()];
  }

  /** Every fact of a TrainJob on its runtime, by rule id: what the DSL's {@code build()} checks. */
  public static Map<String, List<Finding>> all(TrainJob job, HasMetadata runtime) {
    Map<String, List<Finding>> all = new LinkedHashMap<>();
    all.put(RUNTIME_REF, runtimeRef(job, List.of(runtime)));
    all.put(GANG_SCHEDULER, gangScheduler(runtime));
    all.put(PATCH_TARGETS, patchTargets(job, runtime));
    return all;
  }
}
