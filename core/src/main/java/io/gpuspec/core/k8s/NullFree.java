package io.gpuspec.core.k8s;

import io.fabric8.kubernetes.api.model.Affinity;
import io.fabric8.kubernetes.api.model.Container;
import io.fabric8.kubernetes.api.model.EphemeralContainer;
import io.fabric8.kubernetes.api.model.NodeAffinity;
import io.fabric8.kubernetes.api.model.NodeSelector;
import io.fabric8.kubernetes.api.model.NodeSelectorTerm;
import io.fabric8.kubernetes.api.model.PodAffinity;
import io.fabric8.kubernetes.api.model.PodAffinityTerm;
import io.fabric8.kubernetes.api.model.PodAntiAffinity;
import io.fabric8.kubernetes.api.model.PodSpec;
import io.fabric8.kubernetes.api.model.PreferredSchedulingTerm;
import io.fabric8.kubernetes.api.model.ResourceRequirements;
import io.fabric8.kubernetes.api.model.WeightedPodAffinityTerm;
import java.util.List;
import java.util.stream.Stream;

/**
 * Pod specs as the API server decodes them: a {@code null} item of a list of objects ({@code
 * containers: [~]}) is decoded as an empty object, so rules never meet {@code null} in a list and
 * every index still points at the item it names in the file. Absent fields stay absent (a {@code
 * null} nested object such as {@code resources: ~} is still {@code null}).
 */
public final class NullFree {

  private NullFree() {}

  /**
   * The spec itself when no list in it holds {@code null}; else a copy in which every such item is
   * an empty object. A missing spec reads as an empty one.
   */
  public static PodSpec podSpec(PodSpec spec) {
    if (spec == null) {
      return new PodSpec();
    }
    // fabric8's builders copy a null list item as an empty object, at any depth
    return holdsNull(spec) ? spec.toBuilder().build() : spec;
  }

  /** The list without the {@code null} case: empty when absent. */
  public static <T> List<T> list(List<T> list) {
    return list == null ? List.of() : list;
  }

  private static boolean holdsNull(PodSpec spec) {
    return anyNull(
            spec.getContainers(),
            spec.getInitContainers(),
            spec.getEphemeralContainers(),
            spec.getTolerations(),
            spec.getVolumes(),
            spec.getImagePullSecrets(),
            spec.getHostAliases(),
            spec.getReadinessGates(),
            spec.getResourceClaims(),
            spec.getSchedulingGates(),
            spec.getTopologySpreadConstraints())
        || list(spec.getContainers()).stream().anyMatch(c -> c != null && holdsNull(c))
        || list(spec.getInitContainers()).stream().anyMatch(c -> c != null && holdsNull(c))
        || list(spec.getEphemeralContainers()).stream().anyMatch(c -> c != null && holdsNull(c))
        || (spec.getAffinity() != null && holdsNull(spec.getAffinity()));
  }

  private static boolean holdsNull(Container c) {
    return anyNull(
            c.getEnv(),
            c.getEnvFrom(),
            c.getPorts(),
            c.getVolumeMounts(),
            c.getVolumeDevices(),
            c.getResizePolicy())
        || holdsNull(c.getResources());
  }

  private static boolean holdsNull(EphemeralContainer c) {
    return anyNull(c.getEnv(), c.getEnvFrom(), c.getPorts(), c.getVolumeMounts())
        || holdsNull(c.getResources());
  }

  private static boolean holdsNull(ResourceRequirements resources) {
    return resources != null && anyNull(resources.getClaims());
  }

  private static boolean holdsNull(Affinity affinity) {
    NodeAffinity node = affinity.getNodeAffinity();
    if (node != null) {
      List<PreferredSchedulingTerm> preferred =
          list(node.getPreferredDuringSchedulingIgnoredDuringExecution());
      if (anyNull(preferred)
          || preferred.stream().anyMatch(p -> holdsNull(p.getPreference()))
          || holdsNull(node.getRequiredDuringSchedulingIgnoredDuringExecution())) {
        return true;
      }
    }
    PodAffinity pod = affinity.getPodAffinity();
    PodAntiAffinity anti = affinity.getPodAntiAffinity();
    return (pod != null
            && holdsNull(
                pod.getRequiredDuringSchedulingIgnoredDuringExecution(),
                pod.getPreferredDuringSchedulingIgnoredDuringExecution()))
        || (anti != null
            && holdsNull(
                anti.getRequiredDuringSchedulingIgnoredDuringExecution(),
                anti.getPreferredDuringSchedulingIgnoredDuringExecution()));
  }

  private static boolean holdsNull(NodeSelector selector) {
    if (selector == null) {
      return false;
    }
    List<NodeSelectorTerm> terms = list(selector.getNodeSelectorTerms());
    return anyNull(terms) || terms.stream().anyMatch(NullFree::holdsNull);
  }

  private static boolean holdsNull(NodeSelectorTerm term) {
    return term != null && anyNull(term.getMatchExpressions(), term.getMatchFields());
  }

  private static boolean holdsNull(
      List<PodAffinityTerm> required, List<WeightedPodAffinityTerm> preferred) {
    return anyNull(required, preferred);
  }

  private static boolean anyNull(List<?>... lists) {
    return Stream.of(lists).anyMatch(l -> l != null && l.contains(null));
  }
}
