package io.gpuspec.core.facts;

import io.fabric8.kubernetes.api.model.PodSpec;
import io.gpuspec.core.k8s.GpuResources;
import io.gpuspec.core.k8s.MigNames;
import io.gpuspec.core.k8s.NodeSelection;
import io.gpuspec.core.k8s.PodRequests;
import io.gpuspec.core.report.Finding;
import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;

/**
 * Whether a GPU pod can get the GPUs it requests on the nodes it selects (<a
 * href="https://kubernetes.io/docs/concepts/scheduling-eviction/assign-pod-node/#node-affinity">node
 * affinity</a>): a MIG profile one of the models it is pinned to offers, and with the pools known a
 * selected pool whose nodes advertise enough GPUs. Reported by rule {@value #RULE}; the core DSL's
 * {@code build()} throws its first finding, with the workload's pool as the fleet.
 */
public final class GpuFitFacts {

  /** The id of the rule that reports these facts. */
  public static final String RULE = "GPU005";

  private GpuFitFacts() {}

  /**
   * GPU005 on the MIG devices a pod spec at {@code specPath} requests, for a pod pinned to the
   * {@code admitted} models (described by their node labels as {@code pinned}). A model offers a
   * profile it lists, or, when its profiles are not known, any profile that fits its memory.
   *
   * @param modelKey the model label key the fix speaks, e.g. {@code nvidia.com/gpu.product}
   * @param catalogue every known model, labelled under that key, to name those offering a profile
   */
  public static List<Finding> migProfiles(
      PodSpec spec,
      String specPath,
      String pinned,
      List<GpuBoard> admitted,
      String modelKey,
      List<GpuBoard> catalogue) {
    List<Finding> findings = new ArrayList<>();
    if (admitted.isEmpty()) {
      return findings;
    }
    for (String resource : GpuResources.gpuRequests(spec).keySet()) {
      if (!GpuResources.isMig(resource)) {
        continue;
      }
      MigNames.Profile profile = MigNames.ofResource(resource).orElseThrow();
      String name = profile.canonical();
      if (admitted.stream().anyMatch(m -> m.mayOffer(name, profile.memoryGb()))) {
        continue;
      }
      List<String> offers =
          admitted.stream()
              .map(
                  m ->
                      !m.migCapable()
                          ? m.name() + " has no MIG"
                          : m.migProfiles().isEmpty()
                              ? m.name() + " has " + m.memoryGiB() + "GB"
                              : m.name() + " offers " + String.join(", ", m.migProfiles()))
              .toList();
      findings.add(
          new Finding(
              specPath + ".containers",
              "the pod requests "
                  + resource
                  + " but is pinned to "
                  + pinned
                  + " ("
                  + String.join("; ", offers)
                  + "); no node it can land on advertises that MIG device, so it can never"
                  + " schedule",
              migFix(admitted, name, modelKey, catalogue)));
    }
    return findings;
  }

  private static String migFix(
      List<GpuBoard> admitted, String profile, String modelKey, List<GpuBoard> catalogue) {
    List<String> alike =
        admitted.stream()
            .flatMap(m -> m.migProfiles().stream())
            .filter(p -> p.startsWith(profile.substring(0, profile.indexOf('.') + 1)))
            .distinct()
            .toList();
    List<String> offering =
        catalogue.stream()
            .filter(m -> m.migProfiles().contains(profile))
            .map(GpuBoard::label)
            .distinct()
            .toList();
    if (!alike.isEmpty()) {
      return "request a profile the pinned model offers, e.g. "
          + GpuResources.MIG_PREFIX
          + alike.get(0)
          + ", or pin a model that offers "
          + profile;
    }
    return offering.isEmpty()
        ? "request whole GPUs (nvidia.com/gpu), or pin a model that offers " + profile
        : "pin a model that offers "
            + profile
            + " ("
            + modelKey
            + ": "
            + String.join(" or ", offering)
            + "), or request whole GPUs (nvidia.com/gpu)";
  }

  /**
   * GPU005 with the pools known, on a pod spec at {@code specPath} that requests GPUs: its
   * nodeSelector and required node affinity select a pool, and a selected pool's nodes advertise at
   * least the GPU devices it requests, in all and of each GPU resource some selected pool
   * advertises (which resource a pool advertises under sharing is the sharing rules' part), and the
   * RDMA devices it requests.
   */
  public static List<Finding> fit(PodSpec spec, String specPath, List<PoolView> pools) {
    List<Finding> findings = new ArrayList<>();
    long gpus = GpuResources.gpusPerPod(spec);
    if (gpus <= 0) {
      return findings;
    }
    if (pools.isEmpty()) {
      findings.add(
          new Finding(
              specPath + ".affinity",
              "the pod requests "
                  + gpus
                  + " GPU(s) but the fleet has no GPU pool; it can never schedule",
              "describe the GPU pools it runs on (Platform adds the pools its workloads are placed"
                  + " on), or give the check the cluster's pools"));
      return findings;
    }
    List<PoolView> selected =
        pools.stream().filter(p -> NodeSelection.admits(spec, p.nodeLabels())).toList();
    if (selected.isEmpty()) {
      PoolView first = pools.get(0);
      findings.add(
          new Finding(
              specPath + ".affinity",
              "the pod requests "
                  + gpus
                  + " GPU(s) but its nodeSelector and required node affinity match no pool of"
                  + " the fleet ("
                  + pools.stream().map(PoolView::name).collect(Collectors.joining(", "))
                  + "); it can never schedule",
              "pin it to one pool's labels, e.g. pool \""
                  + first.name()
                  + "\": "
                  + first.selectorLabels()));
      return findings;
    }
    if (selected.stream().noneMatch(pool -> gpusPerNode(pool) >= gpus)) {
      long most = selected.stream().mapToLong(GpuFitFacts::gpusPerNode).max().orElse(0);
      findings.add(tooMany(specPath, gpus + " GPUs", most + "", most + " GPUs"));
      return findings;
    }
    for (Map.Entry<String, BigDecimal> request : GpuResources.gpuRequests(spec).entrySet()) {
      String resource = request.getKey();
      List<PoolView> advertising =
          selected.stream().filter(p -> p.advertisedPerNode().containsKey(resource)).toList();
      long most =
          advertising.stream().mapToLong(p -> p.advertisedPerNode().get(resource)).max().orElse(0);
      if (!advertising.isEmpty() && request.getValue().compareTo(BigDecimal.valueOf(most)) > 0) {
        String asked = request.getValue().stripTrailingZeros().toPlainString();
        findings.add(
            tooMany(
                specPath, asked + " " + resource, most + " " + resource, most + " " + resource));
      }
    }
    findings.addAll(devices(spec, specPath, pools, selected));
    return findings;
  }

  /**
   * The other devices a GPU pod requests (RDMA: {@code rdma/ib}, {@code rdma/hca_shared_devices_a},
   * or any non-GPU extended resource some pool of the fleet advertises): a selected pool's nodes
   * advertise at least as many, else the pod never schedules.
   */
  private static List<Finding> devices(
      PodSpec spec, String specPath, List<PoolView> pools, List<PoolView> selected) {
    List<Finding> findings = new ArrayList<>();
    for (Map.Entry<String, BigDecimal> request : PodRequests.of(spec).entrySet()) {
      String resource = request.getKey();
      boolean device =
          !GpuResources.isGpu(resource)
              && request.getValue().signum() > 0
              && (resource.startsWith(RDMA_PREFIX)
                  || pools.stream().anyMatch(p -> p.advertisedPerNode().containsKey(resource)));
      if (!device) {
        continue;
      }
      long most =
          selected.stream()
              .mapToLong(p -> p.advertisedPerNode().getOrDefault(resource, 0))
              .max()
              .orElse(0);
      if (request.getValue().compareTo(BigDecimal.valueOf(most)) <= 0) {
        continue;
      }
      String asked = request.getValue().stripTrailingZeros().toPlainString();
      List<String> offering =
          pools.stream()
              .filter(
                  p ->
                      p.advertisedPerNode().getOrDefault(resource, 0)
                          >= request.getValue().doubleValue())
              .map(PoolView::name)
              .toList();
      findings.add(
          new Finding(
              specPath + ".containers",
              "the pod requests "
                  + asked
                  + " "
                  + resource
                  + " per pod but the nodes of the pools it selects ("
                  + selected.stream().map(PoolView::name).collect(Collectors.joining(", "))
                  + ") have "
                  + (most == 0 ? "none" : "at most " + most)
                  + "; it can never schedule",
              offering.isEmpty()
                  ? "request at most "
                      + most
                      + " "
                      + resource
                      + ", or declare the devices on the pool"
                  : "select a pool that offers them ("
                      + String.join(", ", offering)
                      + "), or request at most "
                      + most));
    }
    return findings;
  }

  /** The prefix of the RDMA device plugins' resources ({@code rdma/ib}, {@code rdma/hca_…}). */
  private static final String RDMA_PREFIX = "rdma/";

  private static Finding tooMany(String specPath, String asked, String most, String fixMost) {
    return new Finding(
        specPath + ".containers",
        "the pod requests "
            + asked
            + " per pod but the nodes of the pools it selects have at most "
            + most
            + "; it can never schedule",
        "request at most " + fixMost + " per pod, or select a pool with larger nodes");
  }

  /**
   * The GPU devices one node of the pool advertises: its GPUs, or under sharing the replicas and
   * MIG instances the device plugin advertises.
   */
  private static long gpusPerNode(PoolView pool) {
    return pool.advertisedPerNode().entrySet().stream()
        .filter(entry -> GpuResources.isGpu(entry.getKey()))
        .mapToLong(Map.Entry::getValue)
        .sum();
  }
}
