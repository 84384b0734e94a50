package io.gpuspec.scheduling.internal.rules;

import io.gpuspec.core.manifest.ManifestSet;
import io.gpuspec.core.report.Severity;
import io.gpuspec.core.spi.BaseRule;
import io.gpuspec.core.spi.CheckContext;
import io.gpuspec.core.spi.RuleInfo;
import io.gpuspec.scheduling.facts.KueueQuotaFacts;
import io.gpuspec.scheduling.model.kueue.ClusterQueue;
import io.gpuspec.scheduling.model.kueue.Cohort;

/**
 * SCH013: {@code borrowingLimit} and {@code lendingLimit} need a {@code cohortName} (a Cohort's
 * need a {@code parentName}): a ClusterQueue borrows from and lends to its cohort only, and Kueue
 * rejects limits on a queue without one
 * (https://kueue.sigs.k8s.io/docs/concepts/cluster_queue/#borrowinglimit).
 */
public final class BorrowingNeedsACohort extends BaseRule {

  public BorrowingNeedsACohort() {
    super(
        RuleInfo.builder()
            .id("SCH013")
            .severity(Severity.ERROR)
            .title("borrowingLimit and lendingLimit only on a ClusterQueue with a cohort")
            .why(
                "Kueue rejects borrowing and lending limits on a ClusterQueue without cohortName,"
                    + " and on a Cohort without parentName: there is no one to borrow from or lend"
                    + " to.")
            .fix("Set spec.cohortName (spec.parentName on a Cohort), or remove the limits.")
            .addKinds("ClusterQueue", "Cohort")
            .documentation("https://kueue.sigs.k8s.io/docs/concepts/cluster_queue/#borrowinglimit")
            .apiServerRejects(true)
            .build());
  }

  @Override
  public void check(ManifestSet manifests, CheckContext context) {
    for (ClusterQueue queue : manifests.ofType(ClusterQueue.class)) {
      KueueQuotaFacts.limitsNeedACohort(queue).forEach(f -> context.report(queue, f));
    }
    for (Cohort cohort : manifests.ofType(Cohort.class)) {
      KueueQuotaFacts.limitsNeedAParent(cohort).forEach(f -> context.report(cohort, f));
    }
  }
}
