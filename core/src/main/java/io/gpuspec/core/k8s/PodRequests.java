package io.gpuspec.core.k8s;

import io.fabric8.kubernetes.api.model.Container;
import io.fabric8.kubernetes.api.model.PodSpec;
import io.fabric8.kubernetes.api.model.Quantity;
import io.fabric8.kubernetes.api.model.ResourceRequirements;
import java.math.BigDecimal;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * What one pod asks of a node, as the scheduler computes it
 * (https://kubernetes.io/docs/concepts/workloads/pods/init-containers/#resource-sharing-within-containers):
 * the sum over regular containers and restartable (sidecar) init containers, and at least what any
 * classic init container asks while it runs (with the sidecars started before it). A container's
 * request is its {@code requests} entry, else its {@code limits} entry (the API server defaults a
 * missing request to the limit).
 */
public final class PodRequests {

  private PodRequests() {}

  /** The pod's effective request per resource name; quantities that do not parse count as 0. */
  public static Map<String, BigDecimal> of(PodSpec spec) {
    TreeMap<String, BigDecimal> total =
        CheckMemo.ofObject(PodRequests.class, spec, PodRequests::compute);
    return new TreeMap<>(total);
  }

  private static TreeMap<String, BigDecimal> compute(PodSpec spec) {
    TreeMap<String, BigDecimal> total = new TreeMap<>();
    Map<String, BigDecimal> sidecars = new TreeMap<>();
    Map<String, BigDecimal> initPeak = new TreeMap<>();
    for (Container init : list(spec.getInitContainers())) {
      Map<String, BigDecimal> own = requests(init);
      if ("Always".equals(init.getRestartPolicy())) {
        own.forEach((name, amount) -> sidecars.merge(name, amount, BigDecimal::add));
      } else {
        Map<String, BigDecimal> running = new TreeMap<>(sidecars);
        own.forEach((name, amount) -> running.merge(name, amount, BigDecimal::add));
        running.forEach((name, amount) -> initPeak.merge(name, amount, BigDecimal::max));
      }
    }
    for (Container container : list(spec.getContainers())) {
      requests(container).forEach((name, amount) -> total.merge(name, amount, BigDecimal::add));
    }
    sidecars.forEach((name, amount) -> total.merge(name, amount, BigDecimal::add));
    initPeak.forEach((name, amount) -> total.merge(name, amount, BigDecimal::max));
    total.values().removeIf(amount -> amount.signum() <= 0);
    return total;
  }

  /** A container's effective request per resource: requests, else limits. */
  public static Map<String, BigDecimal> requests(Container container) {
    Map<String, BigDecimal> amounts = new TreeMap<>();
    ResourceRequirements resources = container.getResources();
    if (resources == null) {
      return amounts;
    }
    for (Map<String, Quantity> source :
        List.of(orEmpty(resources.getLimits()), orEmpty(resources.getRequests()))) {
      source.forEach(
          (name, quantity) -> {
            if (name != null) {
              amounts.put(name, Quantities.amount(quantity).orElse(BigDecimal.ZERO));
            }
          });
    }
    return amounts;
  }

  private static Map<String, Quantity> orEmpty(Map<String, Quantity> map) {
    return map == null ? Map.of() : map;
  }

  private static <T> List<T> list(List<T> list) {
    return list == null ? List.of() : list.stream().filter(x -> x != null).toList();
  }
}
