package io.gpuspec.tfjob.facts;

import io.gpuspec.core.k8s.GpuResources;
import io.gpuspec.core.k8s.NullFree;
import io.gpuspec.core.kubeflow.ReplicaSpec;
import io.gpuspec.core.kubeflow.SchedulingPolicy;
import io.gpuspec.core.report.Finding;
import io.gpuspec.tfjob.model.TFJob;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.stream.Collectors;

/**
 * The validity facts of a rendered or read {@code TFJob} (Kubeflow training-operator v1): pure
 * functions that return findings with field paths. The TFJob rules report them, and {@code
 * TfJob.build()} throws the first one, so both say the same words.
 */
public final class TfJobFacts {

  /** The id of the rule that reports {@link #coordinator}. */
  public static final String COORDINATOR = "TFJ002";

  /** The id of the rule that reports {@link #trainingGpuCounts}. */
  public static final String TRAINING_GPU_COUNTS = "TFJ004";

  /** The id of the rule that reports {@link #minAvailable}. */
  public static final String MIN_AVAILABLE = "TFJ006";

  /** The replica keys of the one coordinating replica: Chief and its older name Master. */
  public static final Set<String> COORDINATORS = Set.of("Chief", "Master");

  /** The replica keys of the replicas that train together: Chief, Master and Worker. */
  public static final Set<String> TRAINING = Set.of("Chief", "Master", "Worker");

  private TfJobFacts() {}

  /**
   * TFJ002: at most one of Chief and Master (both name the coordinating replica), running at most
   * one pod; the operator's webhook rejects more.
   */
  public static List<Finding> coordinator(TFJob job) {
    List<Finding> findings = new ArrayList<>();
    Map<String, ReplicaSpec> specs = replicaSpecs(job);
    if (specs.keySet().containsAll(COORDINATORS)) {
      findings.add(
          new Finding(
              path("Master"),
              "the job has both a Chief and a Master replica spec",
              "keep only one of them: both name the coordinating replica"));
    }
    specs.forEach(
        (type, spec) -> {
          if (COORDINATORS.contains(type) && spec.replicaCount() > 1) {
            findings.add(
                new Finding(
                    path(type) + ".replicas",
                    type + " has " + spec.replicaCount() + " replicas",
                    "set replicas to 1 and run further pods as Worker replicas"));
          }
        });
    return findings;
  }

  /**
   * TFJ004: the Chief/Master and Worker replicas that request GPUs request the same number per pod
   * (as the scheduler counts a pod's GPUs); synchronous training runs at the slowest replica's
   * pace.
   */
  public static List<Finding> trainingGpuCounts(TFJob job) {
    Map<String, Long> gpus = new TreeMap<>();
    replicaSpecs(job)
        .forEach(
            (type, spec) -> {
              long count =
                  GpuResources.gpusPerPod(
                      NullFree.podSpec(
                          spec.getTemplate() == null ? null : spec.getTemplate().getSpec()));
              if (count > 0 && TRAINING.contains(type)) {
                gpus.put(type, count);
              }
            });
    if (gpus.values().stream().distinct().count() <= 1) {
      return List.of();
    }
    return List.of(
        new Finding(
            "spec.tfReplicaSpecs",
            "training replicas request different GPU counts per pod ("
                + gpus.entrySet().stream()
                    .map(e -> e.getKey() + " " + e.getValue())
                    .collect(Collectors.joining(", "))
                + ")",
            "request the same number of GPUs in every Chief/Master/Worker replica"));
  }

  /**
   * TFJ006: {@code runPolicy.schedulingPolicy.minAvailable} is at most the job's total replicas; a
   * gang that waits for more pods than the job creates never starts.
   */
  public static List<Finding> minAvailable(TFJob job) {
    if (job.getSpec() == null
        || job.getSpec().getRunPolicy() == null
        || job.getSpec().getRunPolicy().getSchedulingPolicy() == null) {
      return List.of();
    }
    SchedulingPolicy policy = job.getSpec().getRunPolicy().getSchedulingPolicy();
    long total = // long: int32 replica counts can add up past Integer.MAX_VALUE
        replicaSpecs(job).values().stream().mapToLong(ReplicaSpec::replicaCount).sum();
    if (policy.getMinAvailable() == null || policy.getMinAvailable() <= total) {
      return List.of();
    }
    return List.of(
        new Finding(
            "spec.runPolicy.schedulingPolicy.minAvailable",
            "the gang waits for "
                + policy.getMinAvailable()
                + " pods but the job creates "
                + total
                + ", so it never starts",
            "set minAvailable to at most " + total));
  }

  /**
   * Every fact of this module by the id of the rule that reports it, in rule-id order: what {@code
   * build()} checks a rendered job against.
   */
  public static Map<String, List<Finding>> all(TFJob job) {
    Map<String, List<Finding>> all = new LinkedHashMap<>();
    all.put(COORDINATOR, coordinator(job));
    all.put(TRAINING_GPU_COUNTS, trainingGpuCounts(job));
    all.put(MIN_AVAILABLE, minAvailable(job));
    return all;
  }

  /** The replica specs of a job by type key, in the order written; empty when there is no spec. */
  public static Map<String, ReplicaSpec> replicaSpecs(TFJob job) {
    Map<String, ReplicaSpec> specs = new LinkedHashMap<>();
    if (job.getSpec() != null && job.getSpec().getTfReplicaSpecs() != null) {
      job.getSpec()
          .getTfReplicaSpecs()
          .forEach(
              (type, spec) -> {
                if (spec != null) {
                  specs.put(type, spec);
                }
              });
    }
    return specs;
  }

  /** The field path of a replica's key, e.g. {@code spec.tfReplicaSpecs.Worker}. */
  public static String path(String type) {
    return "spec.tfReplicaSpecs." + type;
  }
}
