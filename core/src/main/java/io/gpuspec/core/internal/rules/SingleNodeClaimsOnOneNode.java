package io.gpuspec.core.internal.rules;

import io.fabric8.kubernetes.api.model.HasMetadata;
import io.fabric8.kubernetes.api.model.LabelSelector;
import io.fabric8.kubernetes.api.model.PersistentVolumeClaim;
import io.fabric8.kubernetes.api.model.PersistentVolumeClaimVolumeSource;
import io.fabric8.kubernetes.api.model.Volume;
import io.fabric8.kubernetes.api.model.apps.StatefulSet;
import io.gpuspec.core.Fleet;
import io.gpuspec.core.NodePool;
import io.gpuspec.core.facts.PoolView;
import io.gpuspec.core.k8s.GpuResources;
import io.gpuspec.core.k8s.NodeSelection;
import io.gpuspec.core.manifest.ManifestSet;
import io.gpuspec.core.report.Severity;
import io.gpuspec.core.spi.BaseRule;
import io.gpuspec.core.spi.CheckContext;
import io.gpuspec.core.spi.PodTemplate;
import io.gpuspec.core.spi.RuleInfo;
import io.gpuspec.core.spi.Subject;
import io.gpuspec.core.spi.Workload;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashSet;
import java.util.IdentityHashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;
import org.jspecify.annotations.Nullable;

/**
 * K8S013: a PersistentVolumeClaim of the set whose access modes allow one node only ({@code
 * ReadWriteOnce} without {@code ReadWriteMany} or {@code ReadOnlyMany}) is mounted only by pods
 * that can share a node, and a {@code ReadWriteOncePod} claim by one pod
 * (https://kubernetes.io/docs/concepts/storage/persistent-volumes/#access-modes). The attach/detach
 * controller attaches such a volume to one node at a time whether the pod mounts it read-only or
 * not: a pod on a second node waits with a Multi-Attach error.
 *
 * <p>Pods that mount the claim through {@code persistentVolumeClaim.claimName} count: the replicas
 * of every template that mounts it (a Deployment's replicas, a Job's parallelism, a training job's
 * replicas, a JobSet's replicated jobs), and pods of other workloads that mount it too. A
 * StatefulSet's claim templates give each pod its own claim and do not count; nor do ephemeral
 * volumes, nor claims the set does not define. It is an error when the pods cannot share a node
 * (required pod anti-affinity on {@code kubernetes.io/hostname} among them, or, with the pools
 * known, more GPUs per pod than half a node of every pool they select) and for a {@code
 * ReadWriteOncePod} claim; otherwise a warning, as the scheduler may still place them on one node.
 */
public final class SingleNodeClaimsOnOneNode extends BaseRule {

  static final String ID = "K8S013";
  private static final String HOSTNAME = "kubernetes.io/hostname";
  private static final String RWO = "ReadWriteOnce";
  private static final String RWOP = "ReadWriteOncePod";

  public SingleNodeClaimsOnOneNode() {
    super(
        RuleInfo.builder()
            .id(ID)
            .severity(Severity.ERROR)
            .title(
                "A ReadWriteOnce claim is mounted only by pods that can share a node;"
                    + " a ReadWriteOncePod claim by one pod")
            .why(
                "A ReadWriteOnce volume attaches to one node at a time: a pod on a second node"
                    + " never starts (Multi-Attach error); a ReadWriteOncePod claim admits one"
                    + " pod.")
            .fix(
                "Give the claim ReadWriteMany access on a shared file system, mount it from one"
                    + " pod only, or keep the pods on one node.")
            .addKinds("PersistentVolumeClaim", "*")
            .documentation(
                "https://kubernetes.io/docs/concepts/storage/persistent-volumes/#access-modes")
            .build());
  }

  /** One template's mount of a claim. */
  private record Mount(Workload workload, PodTemplate template, int volume) {

    String path() {
      return template.specPath() + ".volumes[" + volume + "].persistentVolumeClaim.claimName";
    }
  }

  private record ClaimKey(String namespace, String name) {}

  @Override
  public void check(ManifestSet manifests, CheckContext context) {
    Map<ClaimKey, String> modes = new LinkedHashMap<>();
    for (PersistentVolumeClaim claim : manifests.ofType(PersistentVolumeClaim.class)) {
      singleNodeMode(claim)
          .ifPresent(
              mode ->
                  modes.putIfAbsent(
                      new ClaimKey(Subject.namespace(claim), Subject.name(claim)), mode));
    }
    if (modes.isEmpty()) {
      return;
    }
    Map<ClaimKey, List<Mount>> mounts = new LinkedHashMap<>();
    for (Workload workload : context.workloads()) {
      for (PodTemplate template : workload.templates()) {
        Set<String> perPod = perPodClaimVolumes(workload.object());
        List<Volume> volumes = template.spec().getVolumes();
        for (int i = 0; i < volumes.size(); i++) {
          PersistentVolumeClaimVolumeSource source = volumes.get(i).getPersistentVolumeClaim();
          if (source == null
              || source.getClaimName() == null
              || perPod.contains(volumes.get(i).getName())) {
            continue;
          }
          ClaimKey key = new ClaimKey(Subject.namespace(workload.object()), source.getClaimName());
          if (modes.containsKey(key)) {
            mounts
                .computeIfAbsent(key, k -> new ArrayList<>())
                .add(new Mount(workload, template, i));
          }
        }
      }
    }
    mounts.forEach((key, list) -> judge(context, key.name(), modes.getOrDefault(key, RWO), list));
  }

  private void judge(CheckContext context, String claim, String mode, List<Mount> mounts) {
    long pods = 0;
    boolean everyNode = false;
    // By identity: fabric8's value equality parses every quantity, and throws on one that does not.
    Set<HasMetadata> owners = Collections.newSetFromMap(new IdentityHashMap<>());
    List<Mount> reported = new ArrayList<>();
    for (Mount mount : mounts) {
      pods += Math.max(0, mount.template().replicas());
      everyNode |= mount.workload().everyNode();
      if (owners.add(mount.workload().object())) {
        reported.add(mount);
      }
    }
    if (pods <= 1 && !everyNode) {
      return;
    }
    String claimText = "PersistentVolumeClaim \"" + claim + "\"";
    if (mode.equals(RWOP)) {
      for (Mount mount : reported) {
        context.report(
            Severity.ERROR,
            mount.workload().object(),
            mount.path(),
            claimText
                + " is ReadWriteOncePod but "
                + podsText(pods, everyNode)
                + " mount it; only one pod can use the volume, the others never start",
            "mount it from one pod only, or give it ReadWriteOnce or ReadWriteMany access");
      }
      return;
    }
    Optional<String> apart = apart(context, mounts);
    for (Mount mount : reported) {
      context.report(
          apart.isPresent() ? Severity.ERROR : Severity.WARNING,
          mount.workload().object(),
          mount.path(),
          claimText
              + " is ReadWriteOnce (one node at a time) but "
              + podsText(pods, everyNode)
              + (owners.size() > 1 ? " of " + owners.size() + " workloads" : "")
              + " mount it"
              + apart.map(why -> ", and " + why).orElse(", which may run on different nodes")
              + "; a pod on a second node never starts (Multi-Attach error)",
          "give the claim ReadWriteMany access on a shared file system (e.g. CephFS, NFS),"
              + " mount it from one pod only, or keep the pods on one node");
    }
  }

  private static String podsText(long pods, boolean everyNode) {
    return everyNode ? "the pods of a per-node workload" : pods + " pods";
  }

  /** Why the pods mounting a claim cannot share one node, or empty when they may. */
  private static Optional<String> apart(CheckContext context, List<Mount> mounts) {
    for (Mount mount : mounts) {
      if (mount.workload().everyNode()) {
        return Optional.of("its pods run one per node");
      }
      if (mount.template().replicas() > 1 && antiAffineOnHostname(mount.template())) {
        return Optional.of("required pod anti-affinity on " + HOSTNAME + " keeps them apart");
      }
    }
    Optional<Fleet> fleet = context.fleet();
    if (fleet.isEmpty() || fleet.get().pools().isEmpty()) {
      return Optional.empty();
    }
    List<PoolView> pools = fleet.get().pools().stream().map(NodePool::toPoolView).toList();
    long most = 0;
    for (Mount mount : mounts) {
      long gpus = GpuResources.gpusPerPod(mount.template().spec());
      List<PoolView> selected =
          pools.stream()
              .filter(p -> NodeSelection.admits(mount.template().spec(), p.nodeLabels()))
              .toList();
      if (gpus <= 0 || selected.isEmpty()) {
        return Optional.empty();
      }
      most = Math.max(most, selected.stream().mapToLong(p -> gpusPerNode(p)).max().orElse(0));
    }
    long two = firstTwo(mounts);
    return two > most
        ? Optional.of(
            "two of them need "
                + two
                + " GPUs, more than one node of their pools has ("
                + most
                + ")")
        : Optional.empty();
  }

  /** The GPUs of the first two pods of the mounts. */
  private static long firstTwo(List<Mount> mounts) {
    long sum = 0;
    int counted = 0;
    for (Mount mount : mounts) {
      long gpus = GpuResources.gpusPerPod(mount.template().spec());
      for (int i = 0; i < mount.template().replicas() && counted < 2; i++, counted++) {
        sum += gpus;
      }
    }
    return sum;
  }

  private static long gpusPerNode(PoolView pool) {
    return pool.advertisedPerNode().entrySet().stream()
        .filter(e -> GpuResources.isGpu(e.getKey()))
        .mapToLong(Map.Entry::getValue)
        .sum();
  }

  /**
   * Whether the template's required pod anti-affinity on the node's host name selects its own pods
   * (their labels match the term's selector), so no two of them share a node.
   */
  private static boolean antiAffineOnHostname(PodTemplate template) {
    if (template.spec().getAffinity() == null
        || template.spec().getAffinity().getPodAntiAffinity() == null) {
      return false;
    }
    var terms =
        template
            .spec()
            .getAffinity()
            .getPodAntiAffinity()
            .getRequiredDuringSchedulingIgnoredDuringExecution();
    if (terms == null) {
      return false;
    }
    Map<String, String> labels =
        template.metadata().getLabels() == null ? Map.of() : template.metadata().getLabels();
    return terms.stream()
        .anyMatch(
            t ->
                t != null
                    && HOSTNAME.equals(t.getTopologyKey())
                    && selects(t.getLabelSelector(), labels));
  }

  /** Whether a label selector selects {@code labels}; a missing selector selects nothing. */
  private static boolean selects(@Nullable LabelSelector selector, Map<String, String> labels) {
    if (selector == null) {
      return false;
    }
    if (selector.getMatchLabels() != null
        && selector.getMatchLabels().entrySet().stream()
            .anyMatch(e -> !Objects.equals(e.getValue(), labels.get(e.getKey())))) {
      return false;
    }
    return selector.getMatchExpressions() == null
        || selector.getMatchExpressions().stream()
            .allMatch(r -> r != null && SelectorMatchesTemplate.matches(r, labels));
  }

  /**
   * The claim volumes a controller makes per pod from its claim templates (a StatefulSet's {@code
   * volumeClaimTemplates}), by volume name: each pod has its own claim.
   */
  private static Set<String> perPodClaimVolumes(HasMetadata object) {
    Set<String> names = new HashSet<>();
    if (object instanceof StatefulSet set
        && set.getSpec() != null
        && set.getSpec().getVolumeClaimTemplates() != null) {
      for (PersistentVolumeClaim claim : set.getSpec().getVolumeClaimTemplates()) {
        if (claim != null && claim.getMetadata() != null && claim.getMetadata().getName() != null) {
          names.add(claim.getMetadata().getName());
        }
      }
    }
    return names;
  }

  /**
   * {@code ReadWriteOncePod} when the claim asks it, {@code ReadWriteOnce} when that is its only
   * kind of access (no {@code ReadWriteMany} or {@code ReadOnlyMany}), else empty.
   */
  private static Optional<String> singleNodeMode(PersistentVolumeClaim claim) {
    List<String> modes =
        claim.getSpec() == null || claim.getSpec().getAccessModes() == null
            ? List.of()
            : claim.getSpec().getAccessModes();
    if (modes.contains(RWOP)) {
      return Optional.of(RWOP);
    }
    if (modes.contains(RWO)
        && !modes.contains("ReadWriteMany")
        && !modes.contains("ReadOnlyMany")) {
      return Optional.of(RWO);
    }
    return Optional.empty();
  }
}
