package io.gpuspec.scheduling.facts;

import io.fabric8.kubernetes.api.model.HasMetadata;
import io.fabric8.kubernetes.api.model.Quantity;
import io.fabric8.kubernetes.api.model.Taint;
import io.gpuspec.core.k8s.GpuResources;
import io.gpuspec.core.report.Finding;
import io.gpuspec.scheduling.model.kueue.ClusterQueue;
import io.gpuspec.scheduling.model.kueue.Cohort;
import io.gpuspec.scheduling.model.kueue.FairSharing;
import io.gpuspec.scheduling.model.kueue.FlavorQuotas;
import io.gpuspec.scheduling.model.kueue.ResourceFlavor;
import io.gpuspec.scheduling.model.kueue.ResourceGroup;
import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import org.jspecify.annotations.Nullable;

/**
 * What Kueue's validating webhook (kueue v1beta2, {@code pkg/webhooks}) rejects and its CRDs do not
 * state, so that no CRD schema catches it: a ResourceFlavor's taints unique by key and effect
 * (reported by SCH020), a fair-sharing weight that is negative or too small to count (SCH021), and
 * a ClusterQueue's totals across its resource groups (SCH022). The limits the CRDs state (16
 * resource groups, 64 flavors and resources per group, 8 node labels, taints and tolerations of a
 * flavor, {@code borrowWithinCohort} only with {@code reclaimWithinCohort}) are the CRDs', checked
 * by the cel module's CRD001 and CRD002. The DSL's {@code build()} throws the first finding.
 */
public final class KueueWebhookFacts {

  /** The most flavors, summed over its resource groups, a ClusterQueue may have. */
  public static final int MAX_TOTAL_FLAVORS = 256;

  /** The most covered resources, summed over its resource groups, a ClusterQueue may have. */
  public static final int MAX_TOTAL_COVERED_RESOURCES = 256;

  /** The most flavor-resource quotas one resource group of a ClusterQueue may have. */
  public static final int MAX_QUOTAS_PER_GROUP = 512;

  private static final BigDecimal SMALLEST_WEIGHT = new BigDecimal("1e-9");

  private KueueWebhookFacts() {}

  /** SCH020: no two of a ResourceFlavor's {@code spec.nodeTaints} have the same key and effect. */
  public static List<Finding> taintsUnique(ResourceFlavor flavor) {
    List<Taint> taints =
        flavor.getSpec() == null || flavor.getSpec().getNodeTaints() == null
            ? List.of()
            : flavor.getSpec().getNodeTaints();
    List<Finding> findings = new ArrayList<>();
    Set<String> seen = new HashSet<>();
    for (int i = 0; i < taints.size(); i++) {
      Taint taint = taints.get(i);
      if (taint == null) {
        continue;
      }
      String key = taint.getKey() == null ? "" : taint.getKey();
      String effect = taint.getEffect() == null ? "" : taint.getEffect();
      if (!seen.add(key + "\n" + effect)) {
        findings.add(
            new Finding(
                "spec.nodeTaints[" + i + "]",
                "a second taint with key \""
                    + key
                    + "\" and effect "
                    + effect
                    + "; Kueue rejects the flavor, as taints must be unique by key and effect",
                "keep one taint per key and effect"));
      }
    }
    return findings;
  }

  /**
   * SCH021: the {@code spec.fairSharing.weight} of a ClusterQueue or Cohort is 0 or more than 10⁻⁹;
   * a negative weight is rejected, and a positive one at most 10⁻⁹ would collapse to 0 in Kueue's
   * fair-sharing arithmetic, which rejects it too.
   */
  public static List<Finding> fairSharingWeight(HasMetadata owner) {
    FairSharing fairSharing =
        owner instanceof ClusterQueue queue && queue.getSpec() != null
            ? queue.getSpec().getFairSharing()
            : owner instanceof Cohort cohort && cohort.getSpec() != null
                ? cohort.getSpec().getFairSharing()
                : null;
    Quantity given = fairSharing == null ? null : fairSharing.getWeight();
    Optional<BigDecimal> weight = amount(given);
    if (given == null || weight.isEmpty()) {
      return List.of();
    }
    String written = given.toString();
    if (weight.get().signum() < 0) {
      return List.of(
          new Finding(
              "spec.fairSharing.weight",
              "weight " + written + " is negative; Kueue rejects it",
              "set a weight of 0 or more, e.g. 1"));
    }
    if (weight.get().signum() > 0 && weight.get().compareTo(SMALLEST_WEIGHT) <= 0) {
      return List.of(
          new Finding(
              "spec.fairSharing.weight",
              "weight "
                  + written
                  + " is positive but at most 1e-9, which Kueue's fair sharing cannot tell from 0;"
                  + " Kueue rejects it",
              "set the weight to 0, or to more than 1e-9, e.g. 0.001"));
    }
    return List.of();
  }

  /**
   * SCH022: a ClusterQueue has at most {@value #MAX_TOTAL_FLAVORS} flavors and {@value
   * #MAX_TOTAL_COVERED_RESOURCES} covered resources summed over its resource groups, and at most
   * {@value #MAX_QUOTAS_PER_GROUP} flavor-resource quotas in one resource group.
   */
  public static List<Finding> totals(ClusterQueue queue) {
    List<ResourceGroup> groups = KueueQuotas.groups(queue);
    List<Finding> findings = new ArrayList<>();
    int flavors = 0;
    int covered = 0;
    for (int g = 0; g < groups.size(); g++) {
      ResourceGroup group = groups.get(g);
      if (group == null) {
        continue;
      }
      flavors += group.getFlavors().size();
      covered += group.getCoveredResources().size();
      int quotas = group.getFlavors().stream().mapToInt(f -> f == null ? 0 : resources(f)).sum();
      if (quotas > MAX_QUOTAS_PER_GROUP) {
        findings.add(
            new Finding(
                "spec.resourceGroups[" + g + "]",
                "the group has "
                    + quotas
                    + " flavor-resource quotas, more than the "
                    + MAX_QUOTAS_PER_GROUP
                    + " Kueue accepts in one resource group",
                "split the group, or give it fewer flavors or resources"));
      }
    }
    if (flavors > MAX_TOTAL_FLAVORS) {
      findings.add(
          new Finding(
              "spec.resourceGroups",
              flavors
                  + " flavors over all resource groups, more than the "
                  + MAX_TOTAL_FLAVORS
                  + " Kueue accepts in one ClusterQueue",
              "give the queue at most " + MAX_TOTAL_FLAVORS + " flavors in all"));
    }
    if (covered > MAX_TOTAL_COVERED_RESOURCES) {
      findings.add(
          new Finding(
              "spec.resourceGroups",
              covered
                  + " covered resources over all resource groups, more than the "
                  + MAX_TOTAL_COVERED_RESOURCES
                  + " Kueue accepts in one ClusterQueue",
              "cover at most " + MAX_TOTAL_COVERED_RESOURCES + " resources in all"));
    }
    return findings;
  }

  private static int resources(FlavorQuotas flavor) {
    return flavor.getResources().size();
  }

  private static Optional<BigDecimal> amount(@Nullable Quantity quantity) {
    return quantity == null ? Optional.empty() : GpuResources.amount(quantity);
  }
}
