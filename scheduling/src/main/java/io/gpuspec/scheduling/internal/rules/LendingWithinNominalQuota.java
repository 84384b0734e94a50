package io.gpuspec.scheduling.internal.rules;

import io.fabric8.kubernetes.api.model.HasMetadata;
import io.gpuspec.core.manifest.ManifestSet;
import io.gpuspec.core.report.Severity;
import io.gpuspec.core.spi.BaseRule;
import io.gpuspec.core.spi.CheckContext;
import io.gpuspec.core.spi.RuleInfo;
import java.math.BigDecimal;
import java.util.Optional;

/**
 * SCH014: a {@code lendingLimit} is at most the {@code nominalQuota} of the same resource: a
 * ClusterQueue (or Cohort) cannot lend more than it has, and Kueue rejects it
 * (https://kueue.sigs.k8s.io/docs/concepts/cluster_queue/#lendinglimit).
 */
public final class LendingWithinNominalQuota extends BaseRule {

  public LendingWithinNominalQuota() {
    super(
        RuleInfo.builder()
            .id("SCH014")
            .severity(Severity.ERROR)
            .title("lendingLimit ≤ nominalQuota")
            .why("Kueue rejects a quota that lends more than its nominal quota.")
            .fix("Lower the lendingLimit to at most the nominalQuota.")
            .addKinds("ClusterQueue", "Cohort")
            .documentation("https://kueue.sigs.k8s.io/docs/concepts/cluster_queue/#lendinglimit")
            .build());
  }

  @Override
  public void check(ManifestSet manifests, CheckContext context) {
    for (HasMetadata owner : KueueQuotas.owners(manifests)) {
      for (KueueQuotas.Entry entry : KueueQuotas.entries(owner)) {
        Optional<BigDecimal> lending = Sched.amount(entry.quota().getLendingLimit());
        Optional<BigDecimal> nominal = Sched.amount(entry.quota().getNominalQuota());
        if (lending.isEmpty() || nominal.isEmpty() || lending.get().compareTo(nominal.get()) <= 0) {
          continue;
        }
        String resource = entry.resourceName();
        context.report(
            owner,
            entry.path() + ".lendingLimit",
            "flavor \""
                + entry.flavorName()
                + "\" lends "
                + Sched.quantity(resource, lending.get())
                + " "
                + resource
                + " but its nominalQuota is "
                + Sched.quantity(resource, nominal.get())
                + "; Kueue rejects lending more than the nominal quota",
            "set lendingLimit to at most " + Sched.quantity(resource, nominal.get()));
      }
    }
  }
}
