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
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import org.jspecify.annotations.Nullable;

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

  private PersistentVolumeFacts() {}

  /**
   * The sources a spec gives, in the order upstream validates them, each with the fields its
   * validator requires to be non-empty.
   */
  private static Map<String, Map<String, @Nullable Object>> sources(PersistentVolumeSpec spec) {
    Map<String, Map<String, @Nullable Object>> sources = new LinkedHashMap<>();
    var hostPath = spec.getHostPath();
    if (hostPath != null) {
      sources.put("hostPath", fields("path", hostPath.getPath()));
    }
    var gce = spec.getGcePersistentDisk();
    if (gce != null) {
      sources.put("gcePersistentDisk", fields("pdName", gce.getPdName()));
    }
    var aws = spec.getAwsElasticBlockStore();
    if (aws != null) {
      sources.put("awsElasticBlockStore", fields("volumeID", aws.getVolumeID()));
    }
    var gluster = spec.getGlusterfs();
    if (gluster != null) {
      sources.put(
          "glusterfs", fields("endpoints", gluster.getEndpoints(), "path", gluster.getPath()));
    }
    if (spec.getFlocker() != null) {
      sources.put("flocker", fields());
    }
    var nfs = spec.getNfs();
    if (nfs != null) {
      sources.put("nfs", fields("server", nfs.getServer(), "path", nfs.getPath()));
    }
    var rbd = spec.getRbd();
    if (rbd != null) {
      sources.put("rbd", fields("monitors", rbd.getMonitors(), "image", rbd.getImage()));
    }
    var quobyte = spec.getQuobyte();
    if (quobyte != null) {
      sources.put(
          "quobyte", fields("registry", quobyte.getRegistry(), "volume", quobyte.getVolume()));
    }
    var cephfs = spec.getCephfs();
    if (cephfs != null) {
      sources.put("cephfs", fields("monitors", cephfs.getMonitors()));
    }
    var iscsi = spec.getIscsi();
    if (iscsi != null) {
      sources.put("iscsi", fields("targetPortal", iscsi.getTargetPortal(), "iqn", iscsi.getIqn()));
    }
    var cinder = spec.getCinder();
    if (cinder != null) {
      sources.put("cinder", fields("volumeID", cinder.getVolumeID()));
    }
    if (spec.getFc() != null) {
      sources.put("fc", fields());
    }
    var flex = spec.getFlexVolume();
    if (flex != null) {
      sources.put("flexVolume", fields("driver", flex.getDriver()));
    }
    var azureFile = spec.getAzureFile();
    if (azureFile != null) {
      sources.put(
          "azureFile",
          fields("secretName", azureFile.getSecretName(), "shareName", azureFile.getShareName()));
    }
    var vsphere = spec.getVsphereVolume();
    if (vsphere != null) {
      sources.put("vsphereVolume", fields("volumePath", vsphere.getVolumePath()));
    }
    var photon = spec.getPhotonPersistentDisk();
    if (photon != null) {
      sources.put("photonPersistentDisk", fields("pdID", photon.getPdID()));
    }
    var portworx = spec.getPortworxVolume();
    if (portworx != null) {
      sources.put("portworxVolume", fields("volumeID", portworx.getVolumeID()));
    }
    var azureDisk = spec.getAzureDisk();
    if (azureDisk != null) {
      sources.put(
          "azureDisk",
          fields("diskName", azureDisk.getDiskName(), "diskURI", azureDisk.getDiskURI()));
    }
    var scaleIo = spec.getScaleIO();
    if (scaleIo != null) {
      sources.put(
          "scaleIO",
          fields(
              "gateway",
              scaleIo.getGateway(),
              "system",
              scaleIo.getSystem(),
              "volumeName",
              scaleIo.getVolumeName()));
    }
    var local = spec.getLocal();
    if (local != null) {
      sources.put("local", fields("path", local.getPath()));
    }
    var storageos = spec.getStorageos();
    if (storageos != null) {
      sources.put("storageos", fields("volumeName", storageos.getVolumeName()));
    }
    var csi = spec.getCsi();
    if (csi != null) {
      sources.put("csi", fields("driver", csi.getDriver(), "volumeHandle", csi.getVolumeHandle()));
    }
    return sources;
  }

  private static Map<String, @Nullable Object> fields(@Nullable Object... namesAndValues) {
    Map<String, @Nullable Object> fields = new LinkedHashMap<>();
    for (int i = 0; i + 1 < namesAndValues.length; i += 2) {
      fields.put(String.valueOf(namesAndValues[i]), namesAndValues[i + 1]);
    }
    return fields;
  }

  /** K8S020 on one PersistentVolume's spec (its node affinity aside). */
  public static List<Finding> spec(PersistentVolume volume) {
    List<Finding> findings = new ArrayList<>();
    PersistentVolumeSpec spec =
        volume.getSpec() == null ? new PersistentVolumeSpec() : volume.getSpec();
    accessModes(
        findings,
        NullFree.list(spec.getAccessModes()).stream().map(m -> m == null ? "" : m).toList());
    capacity(findings, spec.getCapacity() == null ? Map.of() : spec.getCapacity());
    String source = source(findings, spec);
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
    VolumeClaimFacts.className(findings, "spec.storageClassName", spec.getStorageClassName(), true);
    VolumeClaimFacts.className(
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
  private static @Nullable String source(List<Finding> findings, PersistentVolumeSpec spec) {
    String first = null;
    for (Map.Entry<String, Map<String, @Nullable Object>> source : sources(spec).entrySet()) {
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
      for (Map.Entry<String, @Nullable Object> field : source.getValue().entrySet()) {
        Object value = field.getValue();
        boolean blank =
            value == null
                || (value instanceof String text && text.isEmpty())
                || (value instanceof List<?> list && list.isEmpty());
        if (blank) {
          findings.add(
              Finding.rejection(
                  at + "." + field.getKey(),
                  "Required value: the " + name + " source needs " + field.getKey(),
                  "give " + field.getKey() + " of the volume"));
        }
      }
      sourceDetails(findings, name, spec, at);
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

  private static void sourceDetails(
      List<Finding> findings, String source, PersistentVolumeSpec spec, String at) {
    switch (source) {
      case "local" -> noBackstep(findings, spec.getLocal().getPath(), at);
      case "hostPath" -> noBackstep(findings, spec.getHostPath().getPath(), at);
      case "nfs" -> {
        String path = spec.getNfs().getPath();
        if (path != null && !path.isEmpty() && !path.startsWith("/")) {
          findings.add(
              Finding.rejection(
                  at + ".path",
                  "the NFS path \"" + path + "\" is not absolute",
                  "give the exported path, starting with '/'"));
        }
      }
      case "csi" -> {
        String driver = spec.getCsi().getDriver() == null ? "" : spec.getCsi().getDriver();
        if (!driver.isEmpty()
            && (driver.length() > 63
                || !Names.isDns1123Subdomain(driver.toLowerCase(Locale.ROOT)))) {
          findings.add(
              Finding.rejection(
                  at + ".driver",
                  "CSI driver \"" + driver + "\" is not a DNS subdomain of at most 63 characters",
                  "give the driver's registered name, e.g. nfs.csi.k8s.io"));
        }
      }
      case "iscsi" -> {
        Integer lun = spec.getIscsi().getLun();
        if (lun != null && (lun < 0 || lun > 255)) {
          findings.add(
              Finding.rejection(at + ".lun", "lun " + lun + " is not 0 to 255", "give the LUN"));
        }
      }
      case "fc" -> {
        boolean wwns = !NullFree.list(spec.getFc().getTargetWWNs()).isEmpty();
        boolean wwids = !NullFree.list(spec.getFc().getWwids()).isEmpty();
        if (wwns == wwids) {
          findings.add(
              Finding.rejection(
                  at,
                  "a Fibre Channel source gives targetWWNs with lun, or wwids, exactly one of them",
                  "give targetWWNs and lun, or wwids"));
        }
      }
      case "flocker" -> {
        boolean named = !isEmpty(spec.getFlocker().getDatasetName());
        boolean uuid = !isEmpty(spec.getFlocker().getDatasetUUID());
        if (named == uuid) {
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

  private static void noBackstep(List<Finding> findings, @Nullable String path, String at) {
    if (path != null && VolumePaths.hasBackstep(path)) {
      findings.add(Finding.rejection(at + ".path", "the path holds '..'", "give it without '..'"));
    }
  }

  private static boolean isEmpty(@Nullable String value) {
    return value == null || value.isEmpty();
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
}
