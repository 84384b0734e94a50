package io.gpuspec.scheduling;

import io.fabric8.kubernetes.api.model.HasMetadata;
import io.fabric8.kubernetes.api.model.Namespaced;
import io.fabric8.kubernetes.api.model.Quantity;
import io.fabric8.kubernetes.api.model.ResourceQuota;
import io.fabric8.kubernetes.api.model.ServiceAccount;
import io.fabric8.kubernetes.api.model.scheduling.v1.PriorityClass;
import io.gpuspec.core.Labels;
import io.gpuspec.scheduling.model.kueue.ClusterQueue;
import io.gpuspec.scheduling.model.kueue.FlavorQuotas;
import io.gpuspec.scheduling.model.kueue.LocalQueue;
import io.gpuspec.scheduling.model.kueue.ResourceFlavor;
import io.gpuspec.scheduling.model.kueue.ResourceGroup;
import io.gpuspec.scheduling.model.volcano.PodGroup;
import io.gpuspec.scheduling.model.volcano.Queue;
import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * What the API server and the Volcano/Kueue webhooks would reject in a set of rendered objects,
 * checked on the objects alone (independently of the DSL that built them). Returns one line per
 * problem; empty means the set is consistent.
 */
final class RenderedInvariants {

  private RenderedInvariants() {}

  static List<String> problems(List<HasMetadata> objects) {
    List<String> problems = new ArrayList<>();
    Set<String> seen = new HashSet<>();
    Set<String> flavors = new HashSet<>();
    Set<String> clusterQueues = new HashSet<>();
    objects.forEach(
        o -> {
          if (o instanceof ResourceFlavor) {
            flavors.add(o.getMetadata().getName());
          } else if (o instanceof ClusterQueue) {
            clusterQueues.add(o.getMetadata().getName());
          }
        });
    int globalDefaults = 0;
    for (HasMetadata object : objects) {
      String id =
          object.getKind()
              + "/"
              + object.getMetadata().getNamespace()
              + "/"
              + object.getMetadata().getName();
      if (!seen.add(id)) {
        problems.add(id + ": duplicate");
      }
      meta(id, object, problems);
      if (object instanceof PriorityClass pc) {
        globalDefaults += Boolean.TRUE.equals(pc.getGlobalDefault()) ? 1 : 0;
        require(pc.getValue() <= 1_000_000_000, id + ": value above 1e9", problems);
        require(!pc.getMetadata().getName().startsWith("system-"), id + ": system- name", problems);
      } else if (object instanceof ResourceQuota quota) {
        quota
            .getSpec()
            .getHard()
            .forEach(
                (key, value) -> {
                  if (key.contains("/")) {
                    require(
                        key.startsWith("requests."),
                        id + ": extended resource key " + key,
                        problems);
                    require(wholeNumber(value), id + ": " + key + " not whole", problems);
                  }
                });
      } else if (object instanceof ServiceAccount account) {
        require(
            Boolean.FALSE.equals(account.getAutomountServiceAccountToken()),
            id + ": token mounted",
            problems);
      } else if (object instanceof Queue queue) {
        volcanoQueue(id, queue, problems);
      } else if (object instanceof PodGroup group) {
        require(group.getSpec().getMinMember() >= 1, id + ": minMember < 1", problems);
      } else if (object instanceof ResourceFlavor flavor) {
        require(flavor.getSpec().getNodeLabels().size() <= 8, id + ": > 8 node labels", problems);
        flavor
            .getSpec()
            .getTolerations()
            .forEach(
                t ->
                    require(
                        t.getKey() != null && "Equal".equals(t.getOperator()),
                        id + ": toleration " + t,
                        problems));
      } else if (object instanceof ClusterQueue queue) {
        clusterQueue(id, queue, flavors, problems);
      } else if (object instanceof LocalQueue local) {
        require(
            clusterQueues.contains(local.getSpec().getClusterQueue()),
            id + ": unknown cluster queue",
            problems);
      }
    }
    require(globalDefaults <= 1, globalDefaults + " global default PriorityClasses", problems);
    return problems;
  }

  private static void meta(String id, HasMetadata object, List<String> problems) {
    String name = object.getMetadata().getName();
    boolean validName =
        object.getKind().equals("Namespace")
            ? Labels.isDns1123Label(name)
            : Labels.isDns1123Subdomain(name);
    require(validName, id + ": invalid name", problems);
    if (object instanceof Namespaced) {
      require(
          Labels.isDns1123Label(object.getMetadata().getNamespace()),
          id + ": invalid namespace",
          problems);
    } else {
      require(
          object.getMetadata().getNamespace() == null,
          id + ": cluster-scoped with namespace",
          problems);
    }
    Map<String, String> labels = object.getMetadata().getLabels();
    require(
        "gpuspec".equals(labels.get("app.kubernetes.io/managed-by")),
        id + ": no managed-by",
        problems);
    require(labels.containsKey("app.kubernetes.io/part-of"), id + ": no part-of", problems);
    labels.forEach(
        (k, v) ->
            require(
                Labels.isQualifiedName(k) && Labels.isValue(v),
                id + ": label " + k + "=" + v,
                problems));
  }

  private static void volcanoQueue(String id, Queue queue, List<String> problems) {
    var spec = queue.getSpec();
    require(spec.getWeight() >= 1 && spec.getWeight() <= 65_535, id + ": weight", problems);
    Map<String, Quantity> guarantee =
        spec.getGuarantee() == null ? Map.of() : spec.getGuarantee().getResource();
    atMost(id, guarantee, spec.getDeserved(), problems);
    atMost(id, spec.getDeserved(), spec.getCapability(), problems);
    atMost(id, guarantee, spec.getCapability(), problems);
  }

  private static void atMost(
      String id, Map<String, Quantity> low, Map<String, Quantity> high, List<String> problems) {
    low.forEach(
        (resource, q) -> {
          Quantity ceiling = high.get(resource);
          require(
              ceiling == null || amount(q).compareTo(amount(ceiling)) <= 0,
              id + ": " + resource + " " + q + " > " + ceiling,
              problems);
        });
  }

  private static void clusterQueue(
      String id, ClusterQueue queue, Set<String> flavors, List<String> problems) {
    boolean cohort = queue.getSpec().getCohortName() != null;
    for (ResourceGroup group : queue.getSpec().getResourceGroups()) {
      for (FlavorQuotas flavor : group.getFlavors()) {
        require(
            flavors.contains(flavor.getName()),
            id + ": unknown flavor " + flavor.getName(),
            problems);
        List<String> names = flavor.getResources().stream().map(r -> r.getName()).toList();
        require(
            names.equals(group.getCoveredResources()),
            id + ": " + names + " vs " + group.getCoveredResources(),
            problems);
        for (var quota : flavor.getResources()) {
          require(
              cohort || (quota.getBorrowingLimit() == null && quota.getLendingLimit() == null),
              id + ": limits without cohort",
              problems);
          require(
              quota.getLendingLimit() == null
                  || amount(quota.getLendingLimit()).compareTo(amount(quota.getNominalQuota()))
                      <= 0,
              id + ": lendingLimit > nominalQuota",
              problems);
        }
      }
    }
  }

  private static BigDecimal amount(Quantity quantity) {
    return Quantity.getAmountInBytes(quantity);
  }

  private static boolean wholeNumber(Quantity quantity) {
    BigDecimal value = amount(quantity);
    return value.signum() >= 0 && value.stripTrailingZeros().scale() <= 0;
  }

  private static void require(boolean condition, String problem, List<String> problems) {
    if (!condition) {
      problems.add(problem);
    }
  }
}
