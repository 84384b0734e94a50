package io.gpuspec.trainer.merge;

import io.fabric8.kubernetes.api.model.Container;
import io.fabric8.kubernetes.api.model.EnvVar;
import io.fabric8.kubernetes.api.model.HasMetadata;
import io.fabric8.kubernetes.api.model.ObjectMeta;
import io.fabric8.kubernetes.api.model.PodSpec;
import io.fabric8.kubernetes.api.model.PodTemplateSpec;
import io.fabric8.kubernetes.api.model.ResourceRequirements;
import io.fabric8.kubernetes.api.model.batch.v1.JobSpec;
import io.fabric8.kubernetes.api.model.batch.v1.JobTemplateSpec;
import io.gpuspec.trainer.model.ClusterTrainingRuntime;
import io.gpuspec.trainer.model.JobSetSpec;
import io.gpuspec.trainer.model.JobSetTemplateSpec;
import io.gpuspec.trainer.model.MLPolicy;
import io.gpuspec.trainer.model.ReplicatedJob;
import io.gpuspec.trainer.model.RuntimePatch;
import io.gpuspec.trainer.model.TrainJob;
import io.gpuspec.trainer.model.TrainJobSpec;
import io.gpuspec.trainer.model.Trainer;
import io.gpuspec.trainer.model.TrainingRuntime;
import io.gpuspec.trainer.model.TrainingRuntimeSpec;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.stream.Collectors;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;
import tools.jackson.databind.node.ArrayNode;
import tools.jackson.databind.node.ObjectNode;

/**
 * The effective pod templates of a TrainJob, merged from its runtime as the Kubeflow Trainer v2.3
 * controller merges them (a pure function; neither object is changed):
 *
 * <ol>
 *   <li>the TrainJob's {@code runtimePatches}, in order, as strategic merge patches of the
 *       runtime's JobSet spec (replicated jobs by name, containers by name, env by name, ...), and
 *       their JobSet labels and annotations over the runtime template's;
 *   <li>the trainer nodes: the replicated job labelled {@code
 *       trainer.kubeflow.org/trainjob-ancestor-step: trainer} runs one Job of {@code numNodes} pods
 *       (the TrainJob's, else the runtime's {@code mlPolicy.numNodes}, default 1; for MPI the job
 *       named {@code node} runs them, one fewer with {@code runLauncherAsNode}); its container
 *       {@code node} gets the TrainJob's {@code image}, {@code command}, {@code args} and {@code
 *       env} (by name), and {@code resourcesPerNode} merged over its resources key by key (also the
 *       MPI {@code node} job's with {@code runLauncherAsNode});
 *   <li>the initializer jobs run one Job; every job's {@code parallelism} and {@code completions}
 *       are its pod count;
 *   <li>gang scheduling from the runtime's {@code podGroupPolicy}: pods labelled {@code
 *       scheduling.x-k8s.io/pod-group} (coscheduling) or annotated {@code
 *       scheduling.k8s.io/group-name} (Volcano) with the TrainJob's name.
 * </ol>
 *
 * Not modelled, as no rule reads them: the framework plugins' environment variables ({@code PET_*},
 * MPI hostfile and SSH volumes), ports, and the initializers' storage settings.
 */
public final class TrainJobMerge {

  /** The label that says which TrainJob step a replicated job runs. */
  public static final String ANCESTOR_LABEL = "trainer.kubeflow.org/trainjob-ancestor-step";

  /** The ancestor value of the trainer nodes. */
  public static final String TRAINER = "trainer";

  /** The name of the trainer container (and of MPI's node job). */
  public static final String NODE = "node";

  /** The ancestor values of the initializer jobs. */
  public static final Set<String> INITIALIZERS = Set.of("dataset-initializer", "model-initializer");

  /** The label the coscheduling plugin's pods carry. */
  public static final String POD_GROUP_LABEL = "scheduling.x-k8s.io/pod-group";

  /** The annotation that puts a pod into a Volcano PodGroup. */
  public static final String VOLCANO_GROUP_ANNOTATION = "scheduling.k8s.io/group-name";

  private static final JsonMapper MAPPER = JsonMapper.builder().build();

  private TrainJobMerge() {}

  /**
   * What the TrainJob runs on this runtime (a {@link TrainingRuntime} or {@link
   * ClusterTrainingRuntime}).
   */
  public static EffectiveJobSet merge(TrainJob job, HasMetadata runtime) {
    TrainingRuntimeSpec spec = runtimeSpec(runtime);
    TrainJobSpec jobSpec = job.getSpec() == null ? new TrainJobSpec() : job.getSpec();
    MergeOrigins origins = new MergeOrigins(runtime);
    JobSetTemplateSpec template =
        spec.getTemplate() == null ? new JobSetTemplateSpec() : spec.getTemplate();
    Map<String, String> labels = new TreeMap<>(mapOf(template.getMetadata(), true));
    Map<String, String> annotations = new TreeMap<>(mapOf(template.getMetadata(), false));
    ObjectNode tree =
        MAPPER.valueToTree(template.getSpec() == null ? new JobSetSpec() : template.getSpec());
    Set<String> names = jobNames(tree);
    for (int p = 0; p < jobSpec.getRuntimePatches().size(); p++) {
      RuntimePatch patch = jobSpec.getRuntimePatches().get(p);
      if (patch == null
          || patch.getTrainingRuntimeSpec() == null
          || patch.getTrainingRuntimeSpec().getTemplate() == null) {
        continue;
      }
      JobSetTemplateSpec patched = patch.getTrainingRuntimeSpec().getTemplate();
      labels.putAll(mapOf(patched.getMetadata(), true));
      annotations.putAll(mapOf(patched.getMetadata(), false));
      if (patched.getSpec() != null) {
        ObjectNode patchTree = MAPPER.valueToTree(patched.getSpec());
        keepJobs(patchTree, names);
        String from = "spec.runtimePatches[" + p + "].trainingRuntimeSpec.template.spec";
        PatchMerge.merge(
            tree, patchTree, "", from, (to, at) -> origins.written(to.substring(1), job, at));
      }
    }
    JobSetSpec merged = MAPPER.treeToValue(tree, JobSetSpec.class);
    List<EffectiveJob> jobs = jobs(job, jobSpec, spec.getMlPolicy(), merged, runtime, origins);
    return new EffectiveJobSet(
        jobs, labels, annotations, Boolean.TRUE.equals(jobSpec.getSuspend()), origins);
  }

  /** The spec of a TrainingRuntime or ClusterTrainingRuntime; empty for anything else. */
  public static TrainingRuntimeSpec runtimeSpec(HasMetadata runtime) {
    TrainingRuntimeSpec spec = null;
    if (runtime instanceof TrainingRuntime namespaced) {
      spec = namespaced.getSpec();
    } else if (runtime instanceof ClusterTrainingRuntime cluster) {
      spec = cluster.getSpec();
    }
    return spec == null ? new TrainingRuntimeSpec() : spec;
  }

  private static List<EffectiveJob> jobs(
      TrainJob job,
      TrainJobSpec jobSpec,
      MLPolicy ml,
      JobSetSpec merged,
      HasMetadata runtime,
      MergeOrigins origins) {
    Trainer trainer = jobSpec.getTrainer();
    boolean mpi = ml != null && ml.getMpi() != null;
    boolean launcherAsNode = mpi && Boolean.TRUE.equals(ml.getMpi().getRunLauncherAsNode());
    List<ReplicatedJob> replicated = merged.getReplicatedJobs();
    int[] counts = new int[replicated.size()];
    boolean trainerCounted = false;
    for (int i = 0; i < replicated.size(); i++) {
      ReplicatedJob rj = replicated.get(i) == null ? new ReplicatedJob() : replicated.get(i);
      JobTemplateSpec jt = complete(rj);
      String path = "replicatedJobs[" + i + "]";
      String ancestor = ancestor(jt);
      Integer parallelism = jt.getSpec().getParallelism();
      counts[i] = parallelism == null ? 1 : parallelism;
      if (TRAINER.equals(ancestor) && ml != null) {
        counts[i] = ml.getNumNodes() == null ? 1 : ml.getNumNodes();
        if (ml.getNumNodes() != null) {
          origins.written(path + ".template.spec.parallelism", runtime, "spec.mlPolicy.numNodes");
        }
      }
      boolean getsResources =
          (TRAINER.equals(ancestor) && ml != null) || (launcherAsNode && NODE.equals(rj.getName()));
      if (trainer != null && trainer.getResourcesPerNode() != null && getsResources) {
        resources(jt, trainer.getResourcesPerNode(), path, job, origins);
      }
    }
    if (trainer != null && trainer.getNumNodes() != null) {
      for (int i = 0; i < replicated.size() && !trainerCounted; i++) {
        ReplicatedJob rj = replicated.get(i);
        boolean target =
            mpi ? NODE.equals(rj.getName()) : TRAINER.equals(ancestor(rj.getTemplate()));
        if (target) {
          int nodes = trainer.getNumNodes();
          counts[i] = mpi && launcherAsNode ? Math.max(nodes - 1, 1) : nodes;
          origins.written(
              "replicatedJobs[" + i + "].template.spec.parallelism", job, "spec.trainer.numNodes");
          trainerCounted = true;
        }
      }
    }
    List<EffectiveJob> jobs = new ArrayList<>();
    for (int i = 0; i < replicated.size(); i++) {
      ReplicatedJob rj = replicated.get(i);
      JobTemplateSpec jt = rj.getTemplate();
      String ancestor = ancestor(jt);
      String path = "replicatedJobs[" + i + "]";
      int replicas = rj.getReplicas() == null ? 1 : rj.getReplicas();
      if (TRAINER.equals(ancestor) || INITIALIZERS.contains(ancestor)) {
        replicas = 1;
      }
      PodSpec pod = jt.getSpec().getTemplate().getSpec();
      if (trainer != null && TRAINER.equals(ancestor)) {
        trainerSettings(pod, trainer, path, job, origins);
      }
      if (trainer != null
          && (TRAINER.equals(ancestor) || (launcherAsNode && NODE.equals(rj.getName())))) {
        env(pod, trainer.getEnv(), path, job, origins);
      }
      jt.getSpec().setParallelism(counts[i]);
      jt.getSpec().setCompletions(counts[i]);
      gang(jt.getSpec().getTemplate(), runtimeSpec(runtime), job);
      jobs.add(
          new EffectiveJob(
              i, rj.getName() == null ? "" : rj.getName(), ancestor, replicas, counts[i], jt));
    }
    return jobs;
  }

  /** The job template with its spec, pod template, metadata and pod spec present. */
  private static JobTemplateSpec complete(ReplicatedJob rj) {
    if (rj.getTemplate() == null) {
      rj.setTemplate(new JobTemplateSpec());
    }
    JobTemplateSpec jt = rj.getTemplate();
    if (jt.getSpec() == null) {
      jt.setSpec(new JobSpec());
    }
    if (jt.getSpec().getTemplate() == null) {
      jt.getSpec().setTemplate(new PodTemplateSpec());
    }
    PodTemplateSpec pod = jt.getSpec().getTemplate();
    if (pod.getMetadata() == null) {
      pod.setMetadata(new ObjectMeta());
    }
    if (pod.getSpec() == null) {
      pod.setSpec(new PodSpec());
    }
    return jt;
  }

  private static String ancestor(JobTemplateSpec jt) {
    if (jt == null || jt.getMetadata() == null || jt.getMetadata().getLabels() == null) {
      return "";
    }
    String value = jt.getMetadata().getLabels().get(ANCESTOR_LABEL);
    return value == null ? "" : value;
  }

  private static int nodeContainer(PodSpec pod) {
    List<Container> containers = pod.getContainers();
    for (int k = 0; containers != null && k < containers.size(); k++) {
      if (containers.get(k) != null && NODE.equals(containers.get(k).getName())) {
        return k;
      }
    }
    return -1;
  }

  private static void resources(
      JobTemplateSpec jt,
      ResourceRequirements perNode,
      String path,
      TrainJob job,
      MergeOrigins origins) {
    PodSpec pod = jt.getSpec().getTemplate().getSpec();
    int k = nodeContainer(pod);
    if (k < 0) {
      return;
    }
    Container container = pod.getContainers().get(k);
    String at = path + ".template.spec.template.spec.containers[" + k + "].resources";
    ObjectNode base =
        MAPPER.valueToTree(
            container.getResources() == null
                ? new ResourceRequirements()
                : container.getResources());
    ObjectNode patch = MAPPER.valueToTree(perNode);
    String from = "spec.trainer.resourcesPerNode";
    PatchMerge.merge(base, patch, at, from, (to, written) -> origins.written(to, job, written));
    // A request the TrainJob leaves to the runtime still pairs with the limit it sets: a mismatch
    // is the TrainJob's to fix.
    pair(patch, "limits", "requests", at, from, job, origins);
    pair(patch, "requests", "limits", at, from, job, origins);
    container.setResources(MAPPER.treeToValue(base, ResourceRequirements.class));
  }

  private static void pair(
      ObjectNode patch,
      String set,
      String other,
      String at,
      String from,
      TrainJob job,
      MergeOrigins origins) {
    fieldNames(patch.get(set))
        .forEach(
            name -> {
              if (!fieldNames(patch.get(other)).contains(name)) {
                origins.written(
                    at + "." + other + "[" + name + "]", job, from + "." + set + "[" + name + "]");
              }
            });
  }

  private static void trainerSettings(
      PodSpec pod, Trainer trainer, String path, TrainJob job, MergeOrigins origins) {
    int k = nodeContainer(pod);
    if (k < 0) {
      return;
    }
    Container container = pod.getContainers().get(k);
    String at = path + ".template.spec.template.spec.containers[" + k + "]";
    if (trainer.getImage() != null) {
      container.setImage(trainer.getImage());
      origins.written(at + ".image", job, "spec.trainer.image");
    }
    if (!trainer.getCommand().isEmpty()) {
      container.setCommand(new ArrayList<>(trainer.getCommand()));
      origins.written(at + ".command", job, "spec.trainer.command");
    }
    if (!trainer.getArgs().isEmpty()) {
      container.setArgs(new ArrayList<>(trainer.getArgs()));
      origins.written(at + ".args", job, "spec.trainer.args");
    }
  }

  private static void env(
      PodSpec pod, List<EnvVar> env, String path, TrainJob job, MergeOrigins origins) {
    int k = nodeContainer(pod);
    if (k < 0 || env.isEmpty()) {
      return;
    }
    Container container = pod.getContainers().get(k);
    List<EnvVar> merged =
        container.getEnv() == null ? new ArrayList<>() : new ArrayList<>(container.getEnv());
    for (int e = 0; e < env.size(); e++) {
      EnvVar var = env.get(e);
      if (var == null) {
        continue;
      }
      int at = -1;
      for (int m = 0; m < merged.size(); m++) {
        if (merged.get(m) != null
            && var.getName() != null
            && var.getName().equals(merged.get(m).getName())) {
          at = m;
        }
      }
      if (at < 0) {
        merged.add(var);
        at = merged.size() - 1;
      } else {
        merged.set(at, var);
      }
      origins.written(
          path + ".template.spec.template.spec.containers[" + k + "].env[" + at + "]",
          job,
          "spec.trainer.env[" + e + "]");
    }
    container.setEnv(merged);
  }

  private static void gang(PodTemplateSpec pod, TrainingRuntimeSpec spec, TrainJob job) {
    if (spec.getPodGroupPolicy() == null || job.getMetadata() == null) {
      return;
    }
    String name = job.getMetadata().getName();
    if (name == null) {
      return;
    }
    ObjectMeta meta = pod.getMetadata();
    if (spec.getPodGroupPolicy().getCoscheduling() != null) {
      Map<String, String> labels = new LinkedHashMap<>(mapOf(meta, true));
      labels.put(POD_GROUP_LABEL, name);
      meta.setLabels(labels);
    }
    if (spec.getPodGroupPolicy().getVolcano() != null) {
      Map<String, String> annotations = new LinkedHashMap<>(mapOf(meta, false));
      annotations.put(VOLCANO_GROUP_ANNOTATION, name);
      meta.setAnnotations(annotations);
    }
  }

  private static Map<String, String> mapOf(ObjectMeta meta, boolean labels) {
    Map<String, String> map =
        meta == null ? null : labels ? meta.getLabels() : meta.getAnnotations();
    return map == null ? Map.of() : map;
  }

  private static Set<String> jobNames(ObjectNode tree) {
    JsonNode jobs = tree.get("replicatedJobs");
    if (!(jobs instanceof ArrayNode list)) {
      return Set.of();
    }
    Set<String> names = new HashSet<>();
    list.forEach(j -> names.add(j.path("name").asString("")));
    return names;
  }

  /** Drops patches of replicated jobs the runtime does not have (the webhook rejects them). */
  private static void keepJobs(ObjectNode patch, Set<String> names) {
    JsonNode jobs = patch.get("replicatedJobs");
    if (jobs instanceof ArrayNode list) {
      ArrayNode kept = list.arrayNode();
      list.forEach(
          j -> {
            if (names.contains(j.path("name").asString(""))) {
              kept.add(j);
            }
          });
      patch.set("replicatedJobs", kept);
    }
  }

  /** The field names of a JSON object node; none for anything else. */
  private static Set<String> fieldNames(JsonNode node) {
    return node == null || !node.isObject()
        ? Set.of()
        : node.propertyNames().stream().collect(Collectors.toSet());
  }
}
