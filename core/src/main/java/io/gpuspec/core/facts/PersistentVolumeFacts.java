package io.gpuspec.core.facts;

import io.fabric8.kubernetes.api.model.PersistentVolume;
import io.fabric8.kubernetes.api.model.PersistentVolumeSpec;
import io.fabric8.kubernetes.api.model.Quantity;
import io.gpuspec.core.k8s.Names;
import io.gpuspec.core.k8s.NullFree;
import io.gpuspec.core.k8s.Quantities;
import io.gpuspec.core.report.Finding;
import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import org.jspecify.annotations.Nullable;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/**
 * A PersistentVolume as core {@code ValidatePersistentVolumeSpec} admits it on create (<a
 * href="https://kubernetes.io/docs/concepts/storage/persistent-volumes/">Persistent Volumes</a>):
 * at least one known access mode, {@code ReadWriteOncePod} alone; a capacity of storage only, above
 * zero; exactly one volume source, with the fields its validator requires (a {@code local} or
 * {@code hostPath} path without {@code ..}, an NFS path that is absolute, a CSI driver that is a
 * DNS subdomain of at most 63 characters and a volume handle, ...); a known reclaim policy, not
 * Recycle for a hostPath of {@code /}; a storage class and volume attributes class that are DNS
 * subdomains, a known volume mode. (A {@code local} volume's node affinity and the affinity's terms
 * are checked by the rule with K8S009's term checks.) Every finding is a rejection; reported by
 * rule {@value #RULE}.
 */
public final class PersistentVolumeFacts {

  /** The id of the rule that reports these facts. */
  public static final String RULE = "K8S020";

  private static final Set<String> ACCESS_MODES =
      Set.of("ReadWriteOnce", "ReadOnlyMany", "ReadWriteMany", "ReadWriteOncePod");
  private static final Set<String> RECLAIM = Set.of("Retain", "Delete", "Recycle");
  private static final Set<String> VOLUME_MODES = Set.of("Filesystem", "Block");
  private static final JsonMapper JSON = JsonMapper.builder().build();

  /** Each volume source and the fields its upstream validator requires to be non-empty. */
  private static final Map<String, List<String>> REQUIRED =
      Map.ofEntries(
          Map.entry("hostPath", List.of("path")),
          Map.entry("gcePersistentDisk", List.of("pdName")),
          Map.entry("awsElasticBlockStore", List.of("volumeID")),
          Map.entry("glusterfs", List.of("endpoints", "path")),
          Map.entry("nfs", List.of("server", "path")),
          Map.entry("rbd", List.of("monitors", "image")),
          Map.entry("quobyte", List.of("registry", "volume")),
          Map.entry("cephfs", List.of("monitors")),
          Map.entry("iscsi", List.of("targetPortal", "iqn")),
          Map.entry("cinder", List.of("volumeID")),
          Map.entry("flexVolume", List.of("driver")),
          Map.entry("azureFile", List.of("secretName", "shareName")),
          Map.entry("vsphereVolume", List.of("volumePath")),
          Map.entry("photonPersistentDisk", List.of("pdID")),
          Map.entry("portworxVolume", List.of("volumeID")),
          Map.entry("azureDisk", List.of("diskName", "diskURI")),
          Map.entry("scaleIO", List.of("gateway", "system", "volumeName")),
          Map.entry("local", List.of("path")),
          Map.entry("storageos", List.of("volumeName")),
          Map.entry("csi", List.of("driver", "volumeHandle")));

  private PersistentVolumeFacts() {}

  /** The sources a spec gives, in the order upstream validates them. */
  private static Map<String, Object> sources(PersistentVolumeSpec spec) {
    Map<String, Object> sources = new LinkedHashMap<>();
    sources.put("hostPath", spec.getHostPath());
    sources.put("gcePersistentDisk", spec.getGcePersistentDisk());
    sources.put("awsElasticBlockStore", spec.getAwsElasticBlockStore());
    sources.put("glusterfs", spec.getGlusterfs());
    sources.put("flocker", spec.getFlocker());
    sources.put("nfs", spec.getNfs());
    sources.put("rbd", spec.getRbd());
    sources.put("quobyte", spec.getQuobyte());
    sources.put("cephfs", spec.getCephfs());
    sources.put("iscsi", spec.getIscsi());
    sources.put("cinder", spec.getCinder());
    sources.put("fc", spec.getFc());
    sources.put("flexVolume", spec.getFlexVolume());
    sources.put("azureFile", spec.getAzureFile());
    sources.put("vsphereVolume", spec.getVsphereVolume());
    sources.put("photonPersistentDisk", spec.getPhotonPersistentDisk());
    sources.put("portworxVolume", spec.getPortworxVolume());
    sources.put("azureDisk", spec.getAzureDisk());
    sources.put("scaleIO", spec.getScaleIO());
    sources.put("local", spec.getLocal());
    sources.put("storageos", spec.getStorageos());
    sources.put("csi", spec.getCsi());
    sources.values().removeIf(java.util.Objects::isNull);
    return sources;
  }

  /** K8S020 on one PersistentVolume's spec (its node affinity aside). */
  public static List<Finding> spec(PersistentVolume volume) {
    List<Finding> findings = new ArrayList<>();
    PersistentVolumeSpec spec =
        volume.getSpec() == null ? new PersistentVolumeSpec() : volume.getSpec();
    accessModes(findings, NullFree.list(spec.getAccessModes()));
    capacity(findings, spec.getCapacity() == null ? Map.of() : spec.getCapacity());
    String source = source(findings, sources(spec));
    String policy = spec.getPersistentVolumeReclaimPolicy();
    if (policy != null && !policy.isEmpty() && !RECLAIM.contains(policy)) {
      findings.add(
          Finding.rejection(
              "spec.persistentVolumeReclaimPolicy",
              "reclaim policy \"" + policy + "\" is not Retain, Delete or Recycle",
              "set persistentVolumeReclaimPolicy: Retain (keep the data) or Delete"));
    }
    if ("Recycle".equals(policy) && "hostPath".equals(source) && isRoot(spec)) {
      findings.add(
          Finding.rejection(
              "spec.persistentVolumeReclaimPolicy",
              "a hostPath volume of '/' may not be recycled",
              "set persistentVolumeReclaimPolicy: Retain"));
    }
    className(findings, "spec.storageClassName", spec.getStorageClassName(), true);
    className(
        findings, "spec.volumeAttributesClassName", spec.getVolumeAttributesClassName(), false);
    if (spec.getVolumeAttributesClassName() != null && spec.getCsi() == null) {
      findings.add(
          Finding.rejection(
              "spec.csi",
              "Required value: a volume with volumeAttributesClassName must be a CSI volume",
              "drop volumeAttributesClassName, or provision the volume through a CSI driver"));
    }
    String mode = spec.getVolumeMode();
    if (mode != null && !VOLUME_MODES.contains(mode)) {
      findings.add(
          Finding.rejection(
              "spec.volumeMode",
              "volumeMode \"" + mode + "\" is not Filesystem or Block",
              "set volumeMode: Filesystem (the default) or Block"));
    }
    return findings;
  }

  /** Whether the volume is a {@code local} one, which needs required node affinity. */
  public static boolean isLocal(PersistentVolume volume) {
    return volume.getSpec() != null && volume.getSpec().getLocal() != null;
  }

  private static void accessModes(List<Finding> findings, List<String> modes) {
    if (modes.isEmpty()) {
      findings.add(
          Finding.rejection(
              "spec.accessModes",
              "Required value: a volume needs at least one access mode",
              "set accessModes: [ReadWriteOnce], [ReadOnlyMany], [ReadWriteMany] or"
                  + " [ReadWriteOncePod]"));
    }
    for (int i = 0; i < modes.size(); i++) {
      if (!ACCESS_MODES.contains(modes.get(i))) {
        findings.add(
            Finding.rejection(
                "spec.accessModes[" + i + "]",
                "access mode \""
                    + modes.get(i)
                    + "\" is not ReadWriteOnce, ReadOnlyMany, ReadWriteMany or ReadWriteOncePod",
                "use one of the four access modes"));
      }
    }
    if (modes.contains("ReadWriteOncePod")
        && modes.stream()
            .anyMatch(m -> !m.equals("ReadWriteOncePod") && ACCESS_MODES.contains(m))) {
      findings.add(
          Finding.rejection(
              "spec.accessModes",
              "ReadWriteOncePod may not be used with other access modes",
              "keep only ReadWriteOncePod, or drop it"));
    }
  }

  private static void capacity(List<Finding> findings, Map<String, Quantity> capacity) {
    if (!capacity.containsKey("storage") || capacity.size() > 1) {
      findings.add(
          Finding.rejection(
              "spec.capacity",
              capacity.isEmpty()
                  ? "Required value: a volume needs a capacity"
                  : "a volume's capacity names storage and nothing else, not " + capacity.keySet(),
              "write capacity: {storage: 500Gi}"));
    }
    for (Map.Entry<String, Quantity> entry : capacity.entrySet()) {
      Optional<BigDecimal> amount =
          entry.getValue() == null ? Optional.empty() : Quantities.amount(entry.getValue());
      if (amount.isEmpty() || amount.get().signum() <= 0) {
        findings.add(
            Finding.rejection(
                "spec.capacity[" + entry.getKey() + "]",
                "capacity " + entry.getValue() + " is not a positive quantity",
                "give the volume's size, e.g. 500Gi"));
      }
    }
  }

  /** Checks the sources and returns the one given (or null). */
  private static @Nullable String source(List<Finding> findings, Map<String, Object> sources) {
    String first = null;
    for (Map.Entry<String, Object> source : sources.entrySet()) {
      String name = source.getKey();
      String at = "spec." + name;
      if (first != null && !name.equals("flexVolume")) {
        findings.add(
            Finding.rejection(
                at,
                "a volume has one source, but " + first + " is given too",
                "keep one of " + first + " and " + name));
        continue;
      }
      first = first == null ? name : first;
      JsonNode node = JSON.valueToTree(source.getValue());
      for (String field : REQUIRED.getOrDefault(name, List.of())) {
        if (blank(node.get(field))) {
          findings.add(
              Finding.rejection(
                  at + "." + field,
                  "Required value: the " + name + " source needs " + field,
                  "give " + field + " of the volume"));
        }
      }
      sourceDetails(findings, name, node, at);
    }
    if (first == null) {
      findings.add(
          Finding.rejection(
              "spec",
              "Required value: the volume names no source",
              "give one source, e.g. csi: {driver: <driver>, volumeHandle: <id>} or nfs: {server:"
                  + " <host>, path: /export}"));
    }
    return first;
  }

  private static boolean blank(@Nullable JsonNode value) {
    if (value == null || value.isNull() || value.isMissingNode()) {
      return true;
    }
    if (value.isContainer()) {
      return value.isEmpty();
    }
    return value.isString() && value.asString().isEmpty();
  }

  private static void sourceDetails(
      List<Finding> findings, String source, JsonNode node, String at) {
    String path = node.path("path").asString("");
    switch (source) {
      case "local", "hostPath" -> {
        if (VolumePaths.hasBackstep(path)) {
          findings.add(
              Finding.rejection(at + ".path", "the path holds '..'", "give it without '..'"));
        }
      }
      case "nfs" -> {
        if (!path.isEmpty() && !path.startsWith("/")) {
          findings.add(
              Finding.rejection(
                  at + ".path",
                  "the NFS path \"" + path + "\" is not absolute",
                  "give the exported path, starting with '/'"));
        }
      }
      case "csi" -> {
        String driver = node.path("driver").asString("");
        if (!driver.isEmpty()
            && (driver.length() > 63 || !Names.isDns1123Subdomain(driver.toLowerCase()))) {
          findings.add(
              Finding.rejection(
                  at + ".driver",
                  "CSI driver \"" + driver + "\" is not a DNS subdomain of at most 63 characters",
                  "give the driver's registered name, e.g. nfs.csi.k8s.io"));
        }
      }
      case "iscsi" -> {
        int lun = node.path("lun").asInt(0);
        if (lun < 0 || lun > 255) {
          findings.add(
              Finding.rejection(at + ".lun", "lun " + lun + " is not 0 to 255", "give the LUN"));
        }
      }
      case "fc" -> {
        boolean wwns = !node.path("targetWWNs").isEmpty();
        boolean wwids = !node.path("wwids").isEmpty();
        if (wwns == wwids) {
          findings.add(
              Finding.rejection(
                  at,
                  "a Fibre Channel source gives targetWWNs with lun, or wwids, exactly one of them",
                  "give targetWWNs and lun, or wwids"));
        }
      }
      case "flocker" -> {
        boolean name = !node.path("datasetName").asString("").isEmpty();
        boolean uuid = !node.path("datasetUUID").asString("").isEmpty();
        if (name == uuid) {
          findings.add(
              Finding.rejection(
                  at,
                  "a Flocker source gives exactly one of datasetName and datasetUUID",
                  "keep one of them"));
        }
      }
      default -> {
        // the required fields are all this source's validator checks here
      }
    }
  }

  /** Whether the hostPath is {@code /} once cleaned as Go's {@code path.Clean} does. */
  private static boolean isRoot(PersistentVolumeSpec spec) {
    String path = spec.getHostPath().getPath() == null ? "" : spec.getHostPath().getPath();
    if (!path.startsWith("/")) {
      return false;
    }
    for (String part : path.split("/")) {
      if (!part.isEmpty() && !part.equals(".") && !part.equals("..")) {
        return false;
      }
    }
    return true;
  }

  private static void className(
      List<Finding> findings, String path, @Nullable String name, boolean emptyAllowed) {
    if (name == null || (emptyAllowed && name.isEmpty())) {
      return;
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
}
