package io.gpuspec.scheduling.facts;

import io.fabric8.kubernetes.api.model.HasMetadata;
import io.fabric8.kubernetes.api.model.Quantity;
import io.gpuspec.core.k8s.Amounts;
import io.gpuspec.core.k8s.GpuResources;
import io.gpuspec.core.k8s.Names;
import io.gpuspec.core.report.Finding;
import io.gpuspec.scheduling.model.kueue.ClusterQueue;
import io.gpuspec.scheduling.model.kueue.ClusterQueueV1beta1;
import io.gpuspec.scheduling.model.kueue.Cohort;
import io.gpuspec.scheduling.model.kueue.FlavorQuotas;
import io.gpuspec.scheduling.model.kueue.ResourceGroup;
import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.jspecify.annotations.Nullable;

/**
 * Facts about the quotas of a Kueue ClusterQueue or Cohort, as Kueue's CRD and webhook check them
 * (https://kueue.sigs.k8s.io/docs/concepts/cluster_queue/): the shape of the resource groups
 * (reported by SCH012), limits that need a cohort (SCH013) and lending within the nominal quota
 * (SCH014). A ClusterQueue built by the DSL throws the first finding of these.
 */
public final class KueueQuotaFacts {

  private KueueQuotaFacts() {}

  /**
   * SCH012: every flavor lists exactly its group's {@code coveredResources}, in order; a resource
   * is covered by one group only and is a qualified name; a flavor has quota in one group only; no
   * quota or limit is negative (Kueue's {@code validateResourceGroups}). Empty for objects that are
   * neither a ClusterQueue nor a Cohort.
   */
  public static List<Finding> resourceGroups(HasMetadata owner) {
    List<Finding> findings = new ArrayList<>();
    List<ResourceGroup> groups = KueueQuotas.groups(owner);
    Map<String, Integer> groupOfResource = new HashMap<>();
    Map<String, Integer> groupOfFlavor = new HashMap<>();
    for (int g = 0; g < groups.size(); g++) {
      ResourceGroup group = groups.get(g);
      if (group == null) {
        continue;
      }
      List<String> covered = group.getCoveredResources();
      for (int c = 0; c < covered.size(); c++) {
        if (!Names.isQualifiedName(covered.get(c))) {
          findings.add(
              new Finding(
                  "spec.resourceGroups[" + g + "].coveredResources[" + c + "]",
                  "\""
                      + covered.get(c)
                      + "\" is not a resource name (a qualified name such as nvidia.com/gpu); Kueue"
                      + " rejects the queue",
                  "name the resource as pods request it, e.g. nvidia.com/gpu or cpu"));
        }
        Integer earlier = groupOfResource.putIfAbsent(covered.get(c), g);
        if (earlier != null) {
          findings.add(
              new Finding(
                  "spec.resourceGroups[" + g + "].coveredResources[" + c + "]",
                  "resource \""
                      + covered.get(c)
                      + "\" is covered "
                      + (earlier == g
                          ? "twice in the group"
                          : "by resourceGroups[" + earlier + "] too")
                      + "; Kueue rejects the queue",
                  "cover each resource once, in one resource group"));
        }
      }
      for (int f = 0; f < group.getFlavors().size(); f++) {
        FlavorQuotas flavor = group.getFlavors().get(f);
        if (flavor != null) {
          flavor(findings, g, f, flavor, covered, groupOfFlavor);
        }
      }
    }
    for (KueueQuotas.Entry entry : KueueQuotas.entries(owner)) {
      negative(findings, entry, "nominalQuota", entry.quota().getNominalQuota());
      negative(findings, entry, "borrowingLimit", entry.quota().getBorrowingLimit());
      negative(findings, entry, "lendingLimit", entry.quota().getLendingLimit());
    }
    return findings;
  }

  private static void negative(
      List<Finding> findings, KueueQuotas.Entry entry, String field, Quantity quantity) {
    if (amount(quantity).filter(a -> a.signum() < 0).isPresent()) {
      findings.add(
          new Finding(
              entry.path() + "." + field,
              field
                  + " of "
                  + entry.resourceName()
                  + " is negative ("
                  + quantity.getAmount()
                  + (quantity.getFormat() == null ? "" : quantity.getFormat())
                  + "); Kueue rejects the queue",
              "give an amount of at least 0"));
    }
  }

  private static void flavor(
      List<Finding> findings,
      int g,
      int f,
      FlavorQuotas flavor,
      List<String> covered,
      Map<String, Integer> groupOfFlavor) {
    String at = "spec.resourceGroups[" + g + "].flavors[" + f + "]";
    String name = flavor.getName() == null ? "" : flavor.getName();
    Integer earlier = groupOfFlavor.putIfAbsent(name, g);
    if (earlier != null) {
      findings.add(
          new Finding(
              at + ".name",
              "flavor \""
                  + name
                  + "\" has quota "
                  + (earlier == g ? "twice in the group" : "in resourceGroups[" + earlier + "] too")
                  + "; Kueue rejects the queue",
              "give each flavor quota in one resource group, once"));
    }
    List<String> listed =
        flavor.getResources().stream()
            .map(q -> q == null || q.getName() == null ? "" : q.getName())
            .toList();
    if (!listed.equals(covered)) {
      findings.add(
          new Finding(
              at + ".resources",
              "flavor \""
                  + name
                  + "\" lists "
                  + listed
                  + " but the group covers "
                  + covered
                  + "; Kueue rejects a flavor that does not list exactly the covered resources in"
                  + " their order",
              "list one quota per covered resource, in the order " + covered));
    }
  }

  /**
   * SCH013: {@code borrowingLimit} and {@code lendingLimit} only on a ClusterQueue with a {@code
   * cohortName}: there is no one else to borrow from or lend to.
   */
  public static List<Finding> limitsNeedACohort(ClusterQueue queue) {
    if (queue.getSpec() == null || present(queue.getSpec().getCohortName())) {
      return List.of();
    }
    String field = queue instanceof ClusterQueueV1beta1 ? "cohort" : "cohortName";
    return limitsWithout(queue, field, "the queue", "cohort");
  }

  /**
   * SCH013 on a Cohort: {@code borrowingLimit} and {@code lendingLimit} only with a {@code
   * parentName}, the cohort it borrows from and lends to (Kueue's cohort webhook).
   */
  public static List<Finding> limitsNeedAParent(Cohort cohort) {
    if (cohort.getSpec() == null || present(cohort.getSpec().getParentName())) {
      return List.of();
    }
    return limitsWithout(cohort, "parentName", "the cohort", "parent cohort");
  }

  private static boolean present(@Nullable String value) {
    return value != null && !value.isEmpty();
  }

  private static List<Finding> limitsWithout(
      HasMetadata owner, String field, String what, String other) {
    List<Finding> findings = new ArrayList<>();
    for (KueueQuotas.Entry entry : KueueQuotas.entries(owner)) {
      if (entry.quota().getBorrowingLimit() != null) {
        findings.add(noCohort(entry, "borrowingLimit", "borrow from", field, what, other));
      }
      if (entry.quota().getLendingLimit() != null) {
        findings.add(noCohort(entry, "lendingLimit", "lend to", field, what, other));
      }
    }
    return findings;
  }

  private static Finding noCohort(
      KueueQuotas.Entry entry,
      String limit,
      String verb,
      String cohortField,
      String what,
      String other) {
    return new Finding(
        entry.path() + "." + limit,
        "flavor \""
            + entry.flavorName()
            + "\" "
            + entry.resourceName()
            + " has a "
            + limit
            + " but "
            + what
            + " has no "
            + cohortField
            + "; Kueue rejects it, as there is no "
            + other
            + " to "
            + verb,
        "set spec."
            + cohortField
            + (other.equals("cohort") ? " to the cohort the team" : " to the parent cohort it")
            + " shares quota with, or remove the "
            + limit);
  }

  /**
   * SCH014: a ClusterQueue's {@code lendingLimit} is at most the {@code nominalQuota} of the same
   * resource: no queue lends more than it has (Kueue's webhook checks ClusterQueues only).
   */
  public static List<Finding> lendingWithinNominalQuota(HasMetadata owner) {
    List<Finding> findings = new ArrayList<>();
    for (KueueQuotas.Entry entry : KueueQuotas.entries(owner)) {
      Optional<BigDecimal> lending = amount(entry.quota().getLendingLimit());
      Optional<BigDecimal> nominal = amount(entry.quota().getNominalQuota());
      if (lending.isEmpty() || nominal.isEmpty() || lending.get().compareTo(nominal.get()) <= 0) {
        continue;
      }
      String resource = entry.resourceName();
      String most = Amounts.format(resource, nominal.get());
      findings.add(
          new Finding(
              entry.path() + ".lendingLimit",
              "flavor \""
                  + entry.flavorName()
                  + "\" lends "
                  + Amounts.format(resource, lending.get())
                  + " "
                  + resource
                  + " but its nominalQuota is "
                  + most
                  + "; Kueue rejects lending more than the nominal quota",
              "set lendingLimit to at most " + most));
    }
    return findings;
  }

  private static Optional<BigDecimal> amount(Quantity quantity) {
    return quantity == null ? Optional.empty() : GpuResources.amount(quantity);
  }
}
