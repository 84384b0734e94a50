package io.gpuspec.core.facts;

import io.fabric8.kubernetes.api.model.PersistentVolumeClaimSpec;
import io.fabric8.kubernetes.api.model.Quantity;
import io.fabric8.kubernetes.api.model.TypedLocalObjectReference;
import io.fabric8.kubernetes.api.model.TypedObjectReference;
import io.gpuspec.core.k8s.GpuResources;
import io.gpuspec.core.k8s.Names;
import io.gpuspec.core.k8s.NullFree;
import io.gpuspec.core.report.Finding;
import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;
import org.jspecify.annotations.Nullable;

/**
 * A claim's spec as core {@code ValidatePersistentVolumeClaimSpec} admits it (<a
 * href="https://kubernetes.io/docs/concepts/storage/persistent-volumes/#persistentvolumeclaims">PersistentVolumeClaims</a>),
 * for PersistentVolumeClaims and a StatefulSet's {@code volumeClaimTemplates}: at least one known
 * access mode, {@code ReadWriteOncePod} alone; a well-formed selector; a storage class and volume
 * attributes class that are DNS subdomains; a known volume mode; data sources with a kind and a
 * name, a core kind only {@code PersistentVolumeClaim}, and {@code dataSource} equal to {@code
 * dataSourceRef} when both are written. Every finding is a rejection; reported by rule {@value
 * #RULE}. (A PersistentVolumeClaim's storage request is SCH023's; a claim template's is checked
 * here.)
 */
public final class VolumeClaimFacts {

  /** The id of the rule that reports these facts. */
  public static final String RULE = "K8S031";

  private static final Set<String> ACCESS_MODES =
      Set.of("ReadWriteOnce", "ReadOnlyMany", "ReadWriteMany", "ReadWriteOncePod");
  private static final Set<String> VOLUME_MODES = Set.of("Filesystem", "Block");

  private VolumeClaimFacts() {}

  /** K8S031 on the claim spec under {@code path} ({@code spec}, or a claim template's spec). */
  public static List<Finding> spec(String path, @Nullable PersistentVolumeClaimSpec spec) {
    List<Finding> findings = new ArrayList<>();
    PersistentVolumeClaimSpec claim = spec == null ? new PersistentVolumeClaimSpec() : spec;
    List<String> modes = NullFree.list(claim.getAccessModes());
    if (modes.isEmpty()) {
      findings.add(
          Finding.rejection(
              path + ".accessModes",
              "Required value: a claim needs at least one access mode",
              "set accessModes: [ReadWriteOnce] (one node), [ReadWriteMany] (shared) or"
                  + " [ReadWriteOncePod]"));
    }
    for (int i = 0; i < modes.size(); i++) {
      String mode = modes.get(i);
      if (mode != null && !ACCESS_MODES.contains(mode)) {
        findings.add(
            Finding.rejection(
                path + ".accessModes[" + i + "]",
                "access mode \""
                    + mode
                    + "\" is not ReadWriteOnce, ReadOnlyMany, ReadWriteMany or"
                    + " ReadWriteOncePod",
                "use one of the four access modes"));
      }
    }
    if (modes.contains("ReadWriteOncePod") && modes.size() > 1) {
      findings.add(
          Finding.rejection(
              path + ".accessModes",
              "ReadWriteOncePod may not be used with other access modes",
              "keep only ReadWriteOncePod, or drop it"));
    }
    findings.addAll(ControllerFacts.selectorExpressions(path + ".selector", claim.getSelector()));
    className(findings, path + ".storageClassName", claim.getStorageClassName(), true);
    className(
        findings, path + ".volumeAttributesClassName", claim.getVolumeAttributesClassName(), false);
    String volumeMode = claim.getVolumeMode();
    if (volumeMode != null && !VOLUME_MODES.contains(volumeMode)) {
      findings.add(
          Finding.rejection(
              path + ".volumeMode",
              "volumeMode \"" + volumeMode + "\" is not Filesystem or Block",
              "set volumeMode: Filesystem (the default) or Block"));
    }
    TypedLocalObjectReference source = claim.getDataSource();
    TypedObjectReference ref = claim.getDataSourceRef();
    if (source != null) {
      dataSource(
          findings, path + ".dataSource", source.getApiGroup(), source.getKind(), source.getName());
    }
    if (ref != null) {
      dataSource(
          findings, path + ".dataSourceRef", ref.getApiGroup(), ref.getKind(), ref.getName());
    }
    if (source != null
        && ref != null
        && (ref.getNamespace() == null || ref.getNamespace().isEmpty())
        && !(Objects.equals(emptyIfNull(source.getApiGroup()), emptyIfNull(ref.getApiGroup()))
            && Objects.equals(source.getKind(), ref.getKind())
            && Objects.equals(source.getName(), ref.getName()))) {
      findings.add(
          Finding.rejection(
              path + ".dataSource",
              "dataSource and dataSourceRef name different sources",
              "keep only dataSourceRef (the API server copies it to dataSource)"));
    }
    return findings;
  }

  /**
   * K8S031 on a claim template's storage request (rows PVC2 of a StatefulSet's {@code
   * volumeClaimTemplates}): present and above zero.
   */
  public static List<Finding> requestsStorage(
      String path, @Nullable PersistentVolumeClaimSpec spec) {
    Map<String, Quantity> requests =
        spec == null || spec.getResources() == null || spec.getResources().getRequests() == null
            ? Map.of()
            : spec.getResources().getRequests();
    Quantity storage = requests.get("storage");
    String at = path + ".resources.requests[storage]";
    String fix = "request the size of each replica's volume, e.g. storage: 500Gi";
    if (storage == null) {
      return List.of(
          Finding.rejection(at, "Required value: the claim template requests no storage", fix));
    }
    Optional<BigDecimal> amount = GpuResources.amount(storage);
    if (amount.isPresent() && amount.get().signum() <= 0) {
      return List.of(
          Finding.rejection(at, "the claim template requests " + storage + " storage", fix));
    }
    return List.of();
  }

  /**
   * A storage or volume-attributes class name: a DNS subdomain; empty only where {@code
   * emptyAllowed} (a claim's {@code storageClassName: ""} asks for a volume without a class).
   */
  static void className(
      List<Finding> findings, String path, @Nullable String name, boolean emptyAllowed) {
    if (name == null || (emptyAllowed && name.isEmpty())) {
      return; // storageClassName "" asks for a volume without a class
    }
    if (!Names.isDns1123Subdomain(name)) {
      findings.add(
          Finding.rejection(
              path,
              name.isEmpty()
                  ? "an empty volumeAttributesClassName is not allowed"
                  : "\"" + name + "\" is not a DNS subdomain (lower-case, digits, '-' and '.')",
              name.isEmpty() ? "drop the field, or name a class" : "use the class's object name"));
    }
  }

  private static void dataSource(
      List<Finding> findings,
      String path,
      @Nullable String apiGroup,
      @Nullable String kind,
      @Nullable String name) {
    if (name == null || name.isEmpty()) {
      findings.add(
          Finding.rejection(
              path + ".name",
              "Required value: a data source needs a name",
              "name the claim or snapshot to copy"));
    }
    if (kind == null || kind.isEmpty()) {
      findings.add(
          Finding.rejection(
              path + ".kind",
              "Required value: a data source needs a kind",
              "set kind: PersistentVolumeClaim, or VolumeSnapshot with apiGroup"
                  + " snapshot.storage.k8s.io"));
    }
    String group = emptyIfNull(apiGroup);
    if (group.isEmpty()
        && kind != null
        && !kind.isEmpty()
        && !kind.equals("PersistentVolumeClaim")) {
      findings.add(
          Finding.rejection(
              path,
              "kind \""
                  + kind
                  + "\" without an apiGroup; only PersistentVolumeClaim is in the core group",
              "set apiGroup (e.g. snapshot.storage.k8s.io for VolumeSnapshot)"));
    }
    if (!group.isEmpty() && !Names.isDns1123Subdomain(group)) {
      findings.add(
          Finding.rejection(
              path + ".apiGroup",
              "\"" + group + "\" is not a DNS subdomain",
              "use the API group of the source's kind, e.g. snapshot.storage.k8s.io"));
    }
  }

  private static String emptyIfNull(@Nullable String value) {
    return value == null ? "" : value;
  }
}
