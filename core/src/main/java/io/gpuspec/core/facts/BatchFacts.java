package io.gpuspec.core.facts;

import io.gpuspec.core.report.Finding;
import java.util.ArrayList;
import java.util.List;
import org.jspecify.annotations.Nullable;

/**
 * Retry and lifetime limits of a batch workload (<a
 * href="https://kubernetes.io/docs/concepts/workloads/controllers/job/">Jobs</a>, and the run
 * policy of Kubeflow's training jobs, which passes them on): {@code backoffLimit} and {@code
 * ttlSecondsAfterFinished} 0 or more, {@code activeDeadlineSeconds} 0 or more (batch {@code
 * validateJobSpec} accepts 0: the Job then fails at once). Reported by rule {@value #RULE}; the
 * core DSL's {@code build()} throws its first finding.
 */
public final class BatchFacts {

  /** The id of the rule that reports these facts. */
  public static final String RULE = "K8S011";

  private BatchFacts() {}

  /**
   * K8S011 on the limits written under {@code path}, e.g. {@code spec} or {@code spec.runPolicy}.
   */
  public static List<Finding> limits(
      String path,
      @Nullable Integer backoffLimit,
      @Nullable Long activeDeadlineSeconds,
      @Nullable Integer ttlSecondsAfterFinished) {
    List<Finding> findings = new ArrayList<>();
    if (backoffLimit != null && backoffLimit < 0) {
      findings.add(
          new Finding(
              path + ".backoffLimit", backoffLimit + " is negative", "use 0 or more retries"));
    }
    if (activeDeadlineSeconds != null && activeDeadlineSeconds < 0) {
      findings.add(
          new Finding(
              path + ".activeDeadlineSeconds",
              activeDeadlineSeconds + " is negative",
              "give the deadline in seconds, at least 1"));
    }
    if (ttlSecondsAfterFinished != null && ttlSecondsAfterFinished < 0) {
      findings.add(
          new Finding(
              path + ".ttlSecondsAfterFinished",
              ttlSecondsAfterFinished + " is negative",
              "use 0 or more seconds"));
    }
    return findings;
  }
}
