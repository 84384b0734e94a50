package io.gpuspec.core.k8s;

import io.fabric8.kubernetes.api.model.Affinity;
import io.fabric8.kubernetes.api.model.Container;
import io.fabric8.kubernetes.api.model.NodeAffinity;
import io.fabric8.kubernetes.api.model.NodeSelector;
import io.fabric8.kubernetes.api.model.NodeSelectorTerm;
import io.fabric8.kubernetes.api.model.PodAffinity;
import io.fabric8.kubernetes.api.model.PodAffinityTerm;
import io.fabric8.kubernetes.api.model.PodAntiAffinity;
import io.fabric8.kubernetes.api.model.PodSpec;
import io.fabric8.kubernetes.api.model.PreferredSchedulingTerm;
import io.fabric8.kubernetes.api.model.WeightedPodAffinityTerm;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
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
    if (complete(spec)) {
      return spec;
    }
    // fabric8's builders copy a null list item as an empty object, at any depth
    PodSpec copy = spec.toBuilder().build();
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

  private static boolean complete(PodSpec spec) {
    return present(
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
        && spec.getContainers().stream().allMatch(NullFree::complete)
        && spec.getInitContainers().stream().allMatch(NullFree::complete)
        && spec.getEphemeralContainers().stream()
            .allMatch(c -> !anyNull(c.getEnv(), c.getEnvFrom(), c.getPorts(), c.getVolumeMounts()))
        && (spec.getAffinity() == null || !holdsNull(spec.getAffinity()));
  }

  private static boolean complete(Container c) {
    return present(
            c.getEnv(),
            c.getEnvFrom(),
            c.getPorts(),
            c.getVolumeMounts(),
            c.getVolumeDevices(),
            c.getResizePolicy())
        && (c.getResources() == null || !anyNull(c.getResources().getClaims()));
  }

  /** Every list is there and holds no {@code null}. */
  private static boolean present(List<?>... lists) {
    return Stream.of(lists).allMatch(l -> l != null && l.stream().noneMatch(Objects::isNull));
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

  /** A null requirement, or a null value (decoded as an empty string) in one. */
  private static boolean holdsNull(NodeSelectorTerm term) {
    return term != null
        && (anyNull(term.getMatchExpressions(), term.getMatchFields())
            || Stream.concat(
                    list(term.getMatchExpressions()).stream(), list(term.getMatchFields()).stream())
                .anyMatch(r -> anyNull(r.getValues())));
  }

  private static List<NodeSelectorTerm> terms(NodeSelector selector) {
    return selector == null ? List.of() : list(selector.getNodeSelectorTerms());
  }

  private static boolean holdsNull(
      List<PodAffinityTerm> required, List<WeightedPodAffinityTerm> preferred) {
    return anyNull(required, preferred);
  }

  private static boolean anyNull(List<?>... lists) {
    return Stream.of(lists).anyMatch(l -> l != null && l.stream().anyMatch(Objects::isNull));
  }
}
