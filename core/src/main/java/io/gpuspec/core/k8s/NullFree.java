package io.gpuspec.core.k8s;

import io.fabric8.kubernetes.api.model.Affinity;
import io.fabric8.kubernetes.api.model.Container;
import io.fabric8.kubernetes.api.model.ContainerPort;
import io.fabric8.kubernetes.api.model.ContainerResizePolicy;
import io.fabric8.kubernetes.api.model.EnvFromSource;
import io.fabric8.kubernetes.api.model.EnvVar;
import io.fabric8.kubernetes.api.model.EphemeralContainer;
import io.fabric8.kubernetes.api.model.HostAlias;
import io.fabric8.kubernetes.api.model.LocalObjectReference;
import io.fabric8.kubernetes.api.model.NodeAffinity;
import io.fabric8.kubernetes.api.model.NodeSelector;
import io.fabric8.kubernetes.api.model.NodeSelectorRequirement;
import io.fabric8.kubernetes.api.model.NodeSelectorTerm;
import io.fabric8.kubernetes.api.model.PodAffinity;
import io.fabric8.kubernetes.api.model.PodAffinityTerm;
import io.fabric8.kubernetes.api.model.PodAntiAffinity;
import io.fabric8.kubernetes.api.model.PodReadinessGate;
import io.fabric8.kubernetes.api.model.PodResourceClaim;
import io.fabric8.kubernetes.api.model.PodSchedulingGate;
import io.fabric8.kubernetes.api.model.PodSpec;
import io.fabric8.kubernetes.api.model.PreferredSchedulingTerm;
import io.fabric8.kubernetes.api.model.ResourceClaim;
import io.fabric8.kubernetes.api.model.Toleration;
import io.fabric8.kubernetes.api.model.TopologySpreadConstraint;
import io.fabric8.kubernetes.api.model.Volume;
import io.fabric8.kubernetes.api.model.VolumeDevice;
import io.fabric8.kubernetes.api.model.VolumeMount;
import io.fabric8.kubernetes.api.model.WeightedPodAffinityTerm;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.function.Supplier;
import java.util.stream.Stream;
import org.jspecify.annotations.Nullable;

/**
 * Pod specs as the API server decodes them: a {@code null} item of a list of objects ({@code
 * containers: [~]}) is decoded as an empty object and a {@code null} list ({@code tolerations: ~})
 * as an empty list, so rules never meet {@code null} in or for a list of the spec or its
 * containers, and every index still points at the item it names in the file. Other absent fields
 * stay absent (a {@code null} nested object such as {@code resources: ~} is still {@code null}).
 */
public final class NullFree {

  private NullFree() {}

  /**
   * The spec itself when its lists (and its containers' lists) are present and hold no {@code
   * null}; else a copy in which every missing list is empty and every {@code null} item an empty
   * object. A missing spec reads as an empty one.
   */
  public static PodSpec podSpec(@Nullable PodSpec spec) {
    if (spec == null) {
      return new PodSpec();
    }
    // every rule that reads a spec asks: once per check and spec
    return CheckMemo.ofObject(NullFree.class, spec, NullFree::nullFree);
  }

  private static PodSpec nullFree(PodSpec spec) {
    if (complete(spec)) {
      return spec;
    }
    PodSpec copy = copy(spec);
    copy.setContainers(orEmpty(copy.getContainers()));
    copy.setInitContainers(orEmpty(copy.getInitContainers()));
    copy.setEphemeralContainers(orEmpty(copy.getEphemeralContainers()));
    copy.setTolerations(orEmpty(copy.getTolerations()));
    copy.setVolumes(orEmpty(copy.getVolumes()));
    copy.setImagePullSecrets(orEmpty(copy.getImagePullSecrets()));
    copy.setHostAliases(orEmpty(copy.getHostAliases()));
    copy.setReadinessGates(orEmpty(copy.getReadinessGates()));
    copy.setResourceClaims(orEmpty(copy.getResourceClaims()));
    copy.setSchedulingGates(orEmpty(copy.getSchedulingGates()));
    copy.setTopologySpreadConstraints(orEmpty(copy.getTopologySpreadConstraints()));
    Stream.concat(copy.getContainers().stream(), copy.getInitContainers().stream())
        .forEach(NullFree::fillLists);
    if (copy.getAffinity() != null && copy.getAffinity().getNodeAffinity() != null) {
      NodeAffinity node = copy.getAffinity().getNodeAffinity();
      Stream.concat(
              terms(node.getRequiredDuringSchedulingIgnoredDuringExecution()).stream(),
              list(node.getPreferredDuringSchedulingIgnoredDuringExecution()).stream()
                  .map(PreferredSchedulingTerm::getPreference))
          .filter(Objects::nonNull)
          .flatMap(
              t ->
                  Stream.concat(
                      list(t.getMatchExpressions()).stream(), list(t.getMatchFields()).stream()))
          .filter(r -> r.getValues() != null)
          .forEach(r -> r.setValues(r.getValues().stream().map(v -> v == null ? "" : v).toList()));
    }
    return copy;
  }

  /**
   * A deep copy in which every {@code null} list item is an empty object, as fabric8's builders
   * copy it, at any depth. The builders parse quantities again and refuse some that the reader took
   * (a volume's {@code sizeLimit: nvidia.com/gpu}, which K8S010 reports); such a spec is copied
   * through JSON instead, and the null items of the lists the views read are filled here.
   */
  private static PodSpec copy(PodSpec spec) {
    try {
      return spec.toBuilder().build();
    } catch (IllegalArgumentException unparsable) {
      PodSpec copy = JsonCopy.of(spec);
      copy.setContainers(filled(copy.getContainers(), Container::new));
      copy.setInitContainers(filled(copy.getInitContainers(), Container::new));
      copy.setEphemeralContainers(filled(copy.getEphemeralContainers(), EphemeralContainer::new));
      copy.setTolerations(filled(copy.getTolerations(), Toleration::new));
      copy.setVolumes(filled(copy.getVolumes(), Volume::new));
      copy.setImagePullSecrets(filled(copy.getImagePullSecrets(), LocalObjectReference::new));
      copy.setHostAliases(filled(copy.getHostAliases(), HostAlias::new));
      copy.setReadinessGates(filled(copy.getReadinessGates(), PodReadinessGate::new));
      copy.setResourceClaims(filled(copy.getResourceClaims(), PodResourceClaim::new));
      copy.setSchedulingGates(filled(copy.getSchedulingGates(), PodSchedulingGate::new));
      copy.setTopologySpreadConstraints(
          filled(copy.getTopologySpreadConstraints(), TopologySpreadConstraint::new));
      Stream.concat(copy.getContainers().stream(), copy.getInitContainers().stream())
          .forEach(NullFree::fillItems);
      copy.getEphemeralContainers().forEach(c -> fillItems(c));
      if (copy.getAffinity() != null) {
        fillItems(copy.getAffinity());
      }
      return copy;
    }
  }

  private static void fillItems(Container c) {
    c.setEnv(filled(c.getEnv(), EnvVar::new));
    c.setEnvFrom(filled(c.getEnvFrom(), EnvFromSource::new));
    c.setPorts(filled(c.getPorts(), ContainerPort::new));
    c.setVolumeMounts(filled(c.getVolumeMounts(), VolumeMount::new));
    c.setVolumeDevices(filled(c.getVolumeDevices(), VolumeDevice::new));
    c.setResizePolicy(filled(c.getResizePolicy(), ContainerResizePolicy::new));
    if (c.getResources() != null) {
      c.getResources().setClaims(filled(c.getResources().getClaims(), ResourceClaim::new));
    }
  }

  private static void fillItems(EphemeralContainer c) {
    c.setEnv(filled(c.getEnv(), EnvVar::new));
    c.setEnvFrom(filled(c.getEnvFrom(), EnvFromSource::new));
    c.setPorts(filled(c.getPorts(), ContainerPort::new));
    c.setVolumeMounts(filled(c.getVolumeMounts(), VolumeMount::new));
  }

  private static void fillItems(Affinity affinity) {
    NodeAffinity node = affinity.getNodeAffinity();
    if (node != null) {
      node.setPreferredDuringSchedulingIgnoredDuringExecution(
          filled(
              node.getPreferredDuringSchedulingIgnoredDuringExecution(),
              PreferredSchedulingTerm::new));
      node.getPreferredDuringSchedulingIgnoredDuringExecution().stream()
          .map(PreferredSchedulingTerm::getPreference)
          .filter(Objects::nonNull)
          .forEach(NullFree::fillItems);
      NodeSelector required = node.getRequiredDuringSchedulingIgnoredDuringExecution();
      if (required != null) {
        required.setNodeSelectorTerms(
            filled(required.getNodeSelectorTerms(), NodeSelectorTerm::new));
        required.getNodeSelectorTerms().forEach(NullFree::fillItems);
      }
    }
    PodAffinity pod = affinity.getPodAffinity();
    if (pod != null) {
      pod.setRequiredDuringSchedulingIgnoredDuringExecution(
          filled(pod.getRequiredDuringSchedulingIgnoredDuringExecution(), PodAffinityTerm::new));
      pod.setPreferredDuringSchedulingIgnoredDuringExecution(
          filled(
              pod.getPreferredDuringSchedulingIgnoredDuringExecution(),
              WeightedPodAffinityTerm::new));
    }
    PodAntiAffinity anti = affinity.getPodAntiAffinity();
    if (anti != null) {
      anti.setRequiredDuringSchedulingIgnoredDuringExecution(
          filled(anti.getRequiredDuringSchedulingIgnoredDuringExecution(), PodAffinityTerm::new));
      anti.setPreferredDuringSchedulingIgnoredDuringExecution(
          filled(
              anti.getPreferredDuringSchedulingIgnoredDuringExecution(),
              WeightedPodAffinityTerm::new));
    }
  }

  private static void fillItems(NodeSelectorTerm term) {
    term.setMatchExpressions(filled(term.getMatchExpressions(), NodeSelectorRequirement::new));
    term.setMatchFields(filled(term.getMatchFields(), NodeSelectorRequirement::new));
  }

  /** The items of {@code list} with every {@code null} replaced by a new empty one. */
  private static <T> @Nullable List<T> filled(@Nullable List<T> list, Supplier<T> empty) {
    if (list == null || list.stream().noneMatch(Objects::isNull)) {
      return list;
    }
    List<T> items = new ArrayList<>();
    list.forEach(item -> items.add(item == null ? empty.get() : item));
    return items;
  }

  /** The list without the {@code null} case: empty when absent. */
  public static <T> List<T> list(@Nullable List<T> list) {
    return list == null ? List.of() : list;
  }

  private static <T> List<T> orEmpty(@Nullable List<T> list) {
    return list == null ? new ArrayList<>() : list;
  }

  private static void fillLists(Container c) {
    c.setEnv(orEmpty(c.getEnv()));
    c.setEnvFrom(orEmpty(c.getEnvFrom()));
    c.setPorts(orEmpty(c.getPorts()));
    c.setVolumeMounts(orEmpty(c.getVolumeMounts()));
    c.setVolumeDevices(orEmpty(c.getVolumeDevices()));
    c.setResizePolicy(orEmpty(c.getResizePolicy()));
  }

  // The checks below run for every rule that reads a pod spec: plain loops, no streams.

  private static boolean complete(PodSpec spec) {
    if (!(present(spec.getContainers())
        && present(spec.getInitContainers())
        && present(spec.getEphemeralContainers())
        && present(spec.getTolerations())
        && present(spec.getVolumes())
        && present(spec.getImagePullSecrets())
        && present(spec.getHostAliases())
        && present(spec.getReadinessGates())
        && present(spec.getResourceClaims())
        && present(spec.getSchedulingGates())
        && present(spec.getTopologySpreadConstraints()))) {
      return false;
    }
    for (Container c : spec.getContainers()) {
      if (!complete(c)) {
        return false;
      }
    }
    for (Container c : spec.getInitContainers()) {
      if (!complete(c)) {
        return false;
      }
    }
    for (EphemeralContainer c : spec.getEphemeralContainers()) {
      if (anyNull(c.getEnv())
          || anyNull(c.getEnvFrom())
          || anyNull(c.getPorts())
          || anyNull(c.getVolumeMounts())) {
        return false;
      }
    }
    return spec.getAffinity() == null || !holdsNull(spec.getAffinity());
  }

  private static boolean complete(Container c) {
    return present(c.getEnv())
        && present(c.getEnvFrom())
        && present(c.getPorts())
        && present(c.getVolumeMounts())
        && present(c.getVolumeDevices())
        && present(c.getResizePolicy())
        && (c.getResources() == null || !anyNull(c.getResources().getClaims()));
  }

  /** The list is there and holds no {@code null}. */
  private static boolean present(@Nullable List<?> list) {
    return list != null && !anyNull(list);
  }

  private static boolean holdsNull(Affinity affinity) {
    NodeAffinity node = affinity.getNodeAffinity();
    if (node != null) {
      List<PreferredSchedulingTerm> preferred =
          list(node.getPreferredDuringSchedulingIgnoredDuringExecution());
      if (anyNull(preferred)) {
        return true;
      }
      for (PreferredSchedulingTerm p : preferred) {
        if (holdsNull(p.getPreference())) {
          return true;
        }
      }
      if (holdsNull(node.getRequiredDuringSchedulingIgnoredDuringExecution())) {
        return true;
      }
    }
    PodAffinity pod = affinity.getPodAffinity();
    PodAntiAffinity anti = affinity.getPodAntiAffinity();
    return (pod != null
            && (anyNull(pod.getRequiredDuringSchedulingIgnoredDuringExecution())
                || anyNull(pod.getPreferredDuringSchedulingIgnoredDuringExecution())))
        || (anti != null
            && (anyNull(anti.getRequiredDuringSchedulingIgnoredDuringExecution())
                || anyNull(anti.getPreferredDuringSchedulingIgnoredDuringExecution())));
  }

  private static boolean holdsNull(NodeSelector selector) {
    if (selector == null) {
      return false;
    }
    List<NodeSelectorTerm> terms = list(selector.getNodeSelectorTerms());
    if (anyNull(terms)) {
      return true;
    }
    for (NodeSelectorTerm term : terms) {
      if (holdsNull(term)) {
        return true;
      }
    }
    return false;
  }

  /** A null requirement, or a null value (decoded as an empty string) in one. */
  private static boolean holdsNull(NodeSelectorTerm term) {
    if (term == null) {
      return false;
    }
    if (anyNull(term.getMatchExpressions()) || anyNull(term.getMatchFields())) {
      return true;
    }
    for (NodeSelectorRequirement r : list(term.getMatchExpressions())) {
      if (anyNull(r.getValues())) {
        return true;
      }
    }
    for (NodeSelectorRequirement r : list(term.getMatchFields())) {
      if (anyNull(r.getValues())) {
        return true;
      }
    }
    return false;
  }

  private static List<NodeSelectorTerm> terms(NodeSelector selector) {
    return selector == null ? List.of() : list(selector.getNodeSelectorTerms());
  }

  /** The list is there and holds a {@code null}. */
  private static boolean anyNull(@Nullable List<?> list) {
    if (list == null) {
      return false;
    }
    for (Object item : list) {
      if (item == null) {
        return true;
      }
    }
    return false;
  }
}
