package io.gpuspec.scheduling.internal.rules;

import io.gpuspec.core.manifest.ManifestSet;
import io.gpuspec.core.report.Severity;
import io.gpuspec.core.spi.BaseRule;
import io.gpuspec.core.spi.CheckContext;
import io.gpuspec.core.spi.RuleInfo;
import io.gpuspec.scheduling.model.kueue.ClusterQueue;

/**
 * SCH013: {@code borrowingLimit} and {@code lendingLimit} need a {@code cohortName}: a ClusterQueue
 * borrows from and lends to its cohort only, and Kueue rejects limits on a queue without one
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
                "Kueue rejects borrowing and lending limits on a ClusterQueue without cohortName:"
                    + " there is no one to borrow from or lend to.")
            .fix("Set spec.cohortName, or remove the limits.")
            .addKinds("ClusterQueue")
            .documentation("https://kueue.sigs.k8s.io/docs/concepts/cluster_queue/#borrowinglimit")
            .build());
  }

  @Override
  public void check(ManifestSet manifests, CheckContext context) {
    for (ClusterQueue queue : manifests.ofType(ClusterQueue.class)) {
      if (queue.getSpec() == null
          || (queue.getSpec().getCohortName() != null
              && !queue.getSpec().getCohortName().isEmpty())) {
        continue;
      }
      for (KueueQuotas.Entry entry : KueueQuotas.entries(queue)) {
        if (entry.quota().getBorrowingLimit() != null) {
          report(context, queue, entry, "borrowingLimit");
        }
        if (entry.quota().getLendingLimit() != null) {
          report(context, queue, entry, "lendingLimit");
        }
      }
    }
  }

  private static void report(
      CheckContext context, ClusterQueue queue, KueueQuotas.Entry entry, String limit) {
    context.report(
        queue,
        entry.path() + "." + limit,
        "flavor \""
            + entry.flavorName()
            + "\" "
            + entry.resourceName()
            + " has a "
            + limit
            + " but the queue has no cohortName; Kueue rejects it, as there is no cohort to "
            + (limit.equals("borrowingLimit") ? "borrow from" : "lend to"),
        "set spec.cohortName to the cohort the team shares quota with, or remove the " + limit);
  }
}
