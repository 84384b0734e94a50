package io.gpuspec.scheduling.facts;

import io.fabric8.kubernetes.api.model.HasMetadata;
import io.gpuspec.core.k8s.Names;
import io.gpuspec.core.report.Finding;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Collectors;
import org.jspecify.annotations.Nullable;

/**
 * The Kueue labels of a job as Kueue's job webhooks admit them on create ({@code
 * jobframework.ValidateJobOnCreate}, <a href="https://kueue.sigs.k8s.io/docs/overview/">Kueue</a>):
 * the {@code kueue.x-k8s.io/queue-name} label (and annotation) and the {@code
 * kueue.x-k8s.io/prebuilt-workload-name} label name objects, so they are DNS subdomains (a label
 * value may hold '_' and upper case, a name may not); {@code kueue.x-k8s.io/max-exec-time-seconds}
 * is a positive integer; a prebuilt Workload only for the kinds Kueue takes one for, and the {@code
 * kueue.x-k8s.io/elastic-job} annotation only on kinds Kueue runs elastically (its
 * ElasticJobsViaWorkloadSlices gate is on by default since 0.18). Read on the kinds Kueue
 * integrates; every finding is a rejection; reported by rule {@value #RULE}.
 */
public final class KueueJobLabelFacts {

  /** The id of the rule that reports these facts. */
  public static final String RULE = "SCH036";

  static final String QUEUE_NAME = "kueue.x-k8s.io/queue-name";
  static final String PREBUILT = "kueue.x-k8s.io/prebuilt-workload-name";
  static final String MAX_EXEC_TIME = "kueue.x-k8s.io/max-exec-time-seconds";

  /** Kinds whose Kueue webhook runs {@code ValidateJobOnCreate}. */
  private static final Set<String> JOB_KINDS =
      Set.of(
          "Job",
          "JobSet",
          "TrainJob",
          "PyTorchJob",
          "TFJob",
          "MPIJob",
          "XGBoostJob",
          "PaddleJob",
          "JAXJob",
          "RayJob",
          "RayCluster",
          "AppWrapper");

  /** Kinds of {@link #JOB_KINDS} Kueue takes a prebuilt Workload for: all but JAXJob. */
  private static final Set<String> PREBUILT_KINDS =
      JOB_KINDS.stream()
          .filter(kind -> !kind.equals("JAXJob"))
          .collect(Collectors.toUnmodifiableSet());

  /** Kinds of {@link #JOB_KINDS} Kueue runs as elastic jobs (workload slices). */
  private static final Set<String> ELASTIC_KINDS = Set.of("Job", "RayJob", "RayCluster");

  static final String ELASTIC = "kueue.x-k8s.io/elastic-job";

  /** Kinds whose Kueue webhook checks only the queue name (pod-based integrations). */
  private static final Set<String> POD_KINDS =
      Set.of("Pod", "Deployment", "StatefulSet", "LeaderWorkerSet");

  private KueueJobLabelFacts() {}

  /** SCH036 on one object; nothing for kinds Kueue does not integrate. */
  public static List<Finding> labels(HasMetadata object) {
    List<Finding> findings = new ArrayList<>();
    String kind = object.getKind() == null ? "" : object.getKind();
    boolean job = JOB_KINDS.contains(kind) && !isVolcano(object);
    if (object.getMetadata() == null || !(job || POD_KINDS.contains(kind))) {
      return findings;
    }
    Map<String, String> labels =
        object.getMetadata().getLabels() == null ? Map.of() : object.getMetadata().getLabels();
    Map<String, String> annotations =
        object.getMetadata().getAnnotations() == null
            ? Map.of()
            : object.getMetadata().getAnnotations();
    name(findings, "metadata.labels[" + QUEUE_NAME + "]", labels.get(QUEUE_NAME), "LocalQueue");
    name(
        findings,
        "metadata.annotations[" + QUEUE_NAME + "]",
        annotations.get(QUEUE_NAME),
        "LocalQueue");
    if (!job) {
      return findings;
    }
    name(findings, "metadata.labels[" + PREBUILT + "]", labels.get(PREBUILT), "Workload");
    if (labels.containsKey(PREBUILT)
        && !labels.get(PREBUILT).isEmpty()
        && !PREBUILT_KINDS.contains(kind)) {
      findings.add(
          Finding.rejection(
              "metadata.labels[" + PREBUILT + "]",
              "Kueue does not support a prebuilt Workload for a " + kind,
              "remove the label and let Kueue create the Workload"));
    }
    if ("true".equals(annotations.get(ELASTIC)) && !ELASTIC_KINDS.contains(kind)) {
      findings.add(
          Finding.rejection(
              "metadata.annotations[" + ELASTIC + "]",
              "Kueue does not support elastic jobs for a " + kind,
              "remove the annotation; Kueue runs elastic Jobs, RayJobs and RayClusters only"));
    }
    String maxExec = labels.get(MAX_EXEC_TIME);
    if (maxExec != null) {
      boolean number = maxExec.matches("[+-]?[0-9]{1,10}");
      long seconds = number ? Long.parseLong(maxExec) : 0;
      if (!number || seconds <= 0 || seconds > Integer.MAX_VALUE) {
        findings.add(
            Finding.rejection(
                "metadata.labels[" + MAX_EXEC_TIME + "]",
                "\"" + maxExec + "\" is not a positive number of seconds",
                "set the label to the most seconds the job may run, e.g. \"86400\""));
      }
    }
    return findings;
  }

  private static boolean isVolcano(HasMetadata object) {
    return object.getApiVersion() != null && object.getApiVersion().startsWith("batch.volcano.sh/");
  }

  private static void name(List<Finding> findings, String path, @Nullable String value, String of) {
    if (value != null && !Names.isDns1123Subdomain(value)) {
      findings.add(
          Finding.rejection(
              path,
              "\""
                  + value
                  + "\" is not a valid "
                  + of
                  + " name (a DNS subdomain: lower case,"
                  + " digits, '-' and '.')",
              "use the " + of + "'s object name, e.g. team-a-gpu"));
    }
  }
}
