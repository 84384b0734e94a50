package io.gpuspec.core.manifest;

import io.fabric8.kubernetes.api.model.HasMetadata;
import io.fabric8.kubernetes.api.model.ObjectMeta;
import java.util.Comparator;
import java.util.HashMap;
import java.util.Map;

/**
 * The order in which objects are written and applied: by {@link WritePhase} of their kind, then by
 * kind, namespace and name. Kinds nobody placed are workloads.
 */
public final class WriteOrder implements Comparator<HasMetadata> {

  private static final WriteOrder KUBERNETES =
      new WriteOrder(
          Map.ofEntries(
              Map.entry("Namespace", WritePhase.NAMESPACE),
              Map.entry("PriorityClass", WritePhase.PRIORITY),
              Map.entry("ServiceAccount", WritePhase.IDENTITY),
              Map.entry("ClusterRole", WritePhase.ROLE),
              Map.entry("Role", WritePhase.ROLE),
              Map.entry("ClusterRoleBinding", WritePhase.ROLE_BINDING),
              Map.entry("RoleBinding", WritePhase.ROLE_BINDING),
              Map.entry("ResourceQuota", WritePhase.QUOTA),
              Map.entry("LimitRange", WritePhase.QUOTA),
              Map.entry("ConfigMap", WritePhase.CONFIG),
              Map.entry("Secret", WritePhase.CONFIG),
              Map.entry("DeviceClass", WritePhase.DEVICE_CLASS),
              Map.entry("ResourceClaimTemplate", WritePhase.CLAIM),
              Map.entry("ResourceClaim", WritePhase.CLAIM),
              Map.entry("StorageClass", WritePhase.STORAGE),
              Map.entry("PersistentVolumeClaim", WritePhase.STORAGE),
              Map.entry("Service", WritePhase.SERVICE)));

  private final Map<String, WritePhase> phases;

  private WriteOrder(Map<String, WritePhase> phases) {
    this.phases = Map.copyOf(phases);
  }

  /** The built-in Kubernetes kinds only. */
  public static WriteOrder kubernetes() {
    return KUBERNETES;
  }

  /** This order with the phases of more kinds (a module's custom resources). */
  public WriteOrder with(Iterable<ResourceKind> kinds) {
    Map<String, WritePhase> all = new HashMap<>(phases);
    kinds.forEach(kind -> all.put(kind.kind(), kind.phase()));
    return new WriteOrder(all);
  }

  /** The phase objects of a kind are written in. */
  public WritePhase phaseOf(String kind) {
    return phases.getOrDefault(kind == null ? "" : kind, WritePhase.WORKLOAD);
  }

  @Override
  public int compare(HasMetadata a, HasMetadata b) {
    int byPhase = phaseOf(a.getKind()).compareTo(phaseOf(b.getKind()));
    if (byPhase != 0) {
      return byPhase;
    }
    int byKind = text(a.getKind()).compareTo(text(b.getKind()));
    if (byKind != 0) {
      return byKind;
    }
    int byNamespace = text(meta(a).getNamespace()).compareTo(text(meta(b).getNamespace()));
    return byNamespace != 0
        ? byNamespace
        : text(meta(a).getName()).compareTo(text(meta(b).getName()));
  }

  private static ObjectMeta meta(HasMetadata object) {
    return object.getMetadata() == null ? new ObjectMeta() : object.getMetadata();
  }

  private static String text(String value) {
    return value == null ? "" : value;
  }
}
