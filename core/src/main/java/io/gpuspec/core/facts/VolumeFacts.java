package io.gpuspec.core.facts;

import io.fabric8.kubernetes.api.model.ConfigMapVolumeSource;
import io.fabric8.kubernetes.api.model.Container;
import io.fabric8.kubernetes.api.model.PodSpec;
import io.fabric8.kubernetes.api.model.SecretVolumeSource;
import io.fabric8.kubernetes.api.model.Volume;
import io.fabric8.kubernetes.api.model.VolumeDevice;
import io.fabric8.kubernetes.api.model.VolumeMount;
import io.gpuspec.core.k8s.NullFree;
import io.gpuspec.core.report.Finding;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Stream;
import org.jspecify.annotations.Nullable;

/**
 * K8S019: volume sources, volume mounts' fields and volume devices as the API server's {@code
 * validateVolumeSource} (and the per-source functions), {@code ValidateVolumeMounts} and {@code
 * ValidateVolumeDevices} check them, after defaulting (a volume without a source becomes an
 * emptyDir): at most one source per volume; a claim name for a PVC volume; names, relative paths
 * without '..' and modes 0–0777 for configMap, secret and projected items; a hostPath path without
 * '..' and a known type; a CSI driver and NFS server and absolute path; a mount path, a relative
 * {@code subPath} or {@code subPathExpr} (not both), a known propagation (Bidirectional only when
 * privileged), {@code recursiveReadOnly} only on read-only mounts; devices on PVC volumes, each
 * name and path once and not also mounted; the rarer sources as {@code VolumeSourceFacts} checks
 * them. All are rejections. (Mounted volumes exist and mount paths are unique: K8S007.)
 */
public final class VolumeFacts {

  /** The rule that reports these facts. */
  public static final String RULE = "K8S019";

  private static final Set<String> HOST_PATH_TYPES =
      Set.of(
          "",
          "DirectoryOrCreate",
          "Directory",
          "FileOrCreate",
          "File",
          "Socket",
          "CharDevice",
          "BlockDevice");

  private VolumeFacts() {}

  /** The findings on a pod template's spec at {@code specPath}. */
  public static List<Finding> of(PodSpec spec, String specPath) {
    return of(spec, specPath, null);
  }

  /**
   * The findings on a pod spec at {@code specPath}; {@code podName} is the Pod's name when the spec
   * is a Pod's own (some checks apply to Pods only), null for a template.
   */
  public static List<Finding> of(PodSpec spec, String specPath, @Nullable String podName) {
    PodSpec given = NullFree.podSpec(spec);
    List<Finding> findings = new ArrayList<>();
    Map<String, Volume> volumes = new HashMap<>();
    List<Volume> list = given.getVolumes();
    for (int i = 0; i < list.size(); i++) {
      Volume volume = list.get(i) == null ? new Volume() : list.get(i);
      if (volume.getName() != null) {
        volumes.putIfAbsent(volume.getName(), volume);
      }
      source(volume, specPath + ".volumes[" + i + "]", findings);
      VolumeSourceFacts.check(volume, specPath + ".volumes[" + i + "]", podName, findings);
    }
    List<Container> containers = given.getContainers();
    for (int i = 0; i < containers.size(); i++) {
      container(containers.get(i), specPath + ".containers[" + i + "]", volumes, findings);
    }
    List<Container> init = given.getInitContainers();
    for (int i = 0; i < init.size(); i++) {
      container(init.get(i), specPath + ".initContainers[" + i + "]", volumes, findings);
    }
    return findings;
  }

  private static void source(Volume v, String at, List<Finding> findings) {
    long sources =
        Stream.of(
                v.getAwsElasticBlockStore(),
                v.getAzureDisk(),
                v.getAzureFile(),
                v.getCephfs(),
                v.getCinder(),
                v.getConfigMap(),
                v.getCsi(),
                v.getDownwardAPI(),
                v.getEmptyDir(),
                v.getEphemeral(),
                v.getFc(),
                v.getFlexVolume(),
                v.getFlocker(),
                v.getGcePersistentDisk(),
                v.getGitRepo(),
                v.getGlusterfs(),
                v.getHostPath(),
                v.getImage(),
                v.getIscsi(),
                v.getNfs(),
                v.getPersistentVolumeClaim(),
                v.getPhotonPersistentDisk(),
                v.getPortworxVolume(),
                v.getProjected(),
                v.getQuobyte(),
                v.getRbd(),
                v.getScaleIO(),
                v.getSecret(),
                v.getStorageos(),
                v.getVsphereVolume())
            .filter(s -> s != null)
            .count();
    if (sources > 1) {
      findings.add(
          Finding.rejection(
              at, "the volume has " + sources + " sources", "give each volume exactly one source"));
    }
    if (v.getPersistentVolumeClaim() != null
        && VolumePaths.blank(v.getPersistentVolumeClaim().getClaimName())) {
      findings.add(
          Finding.rejection(
              at + ".persistentVolumeClaim.claimName",
              "the PVC volume names no claim",
              "give the PersistentVolumeClaim's name"));
    }
    ConfigMapVolumeSource configMap = v.getConfigMap();
    if (configMap != null) {
      if (VolumePaths.blank(configMap.getName())) {
        findings.add(
            Finding.rejection(
                at + ".configMap.name", "the configMap volume names no ConfigMap", "name it"));
      }
      VolumePaths.mode(configMap.getDefaultMode(), at + ".configMap.defaultMode", findings);
      VolumePaths.items(configMap.getItems(), at + ".configMap.items", findings);
    }
    SecretVolumeSource secret = v.getSecret();
    if (secret != null) {
      if (VolumePaths.blank(secret.getSecretName())) {
        findings.add(
            Finding.rejection(
                at + ".secret.secretName", "the secret volume names no Secret", "name it"));
      }
      VolumePaths.mode(secret.getDefaultMode(), at + ".secret.defaultMode", findings);
      VolumePaths.items(secret.getItems(), at + ".secret.items", findings);
    }
    if (v.getHostPath() != null) {
      String path = v.getHostPath().getPath();
      if (path == null || path.isEmpty()) {
        findings.add(
            Finding.rejection(
                at + ".hostPath.path", "the hostPath volume has no path", "give the host path"));
      } else if (VolumePaths.hasBackstep(path)) {
        findings.add(
            Finding.rejection(
                at + ".hostPath.path", "the path holds '..'", "give the path without '..'"));
      }
      String type = v.getHostPath().getType();
      if (type != null && !HOST_PATH_TYPES.contains(type)) {
        findings.add(
            Finding.rejection(
                at + ".hostPath.type",
                "\"" + type + "\" is not a hostPath type",
                "write Directory, DirectoryOrCreate, File, FileOrCreate, Socket, CharDevice or"
                    + " BlockDevice, or leave it out"));
      }
    }
    if (v.getCsi() != null && VolumePaths.blank(v.getCsi().getDriver())) {
      findings.add(
          Finding.rejection(
              at + ".csi.driver", "the CSI volume names no driver", "give the CSI driver's name"));
    }
    if (v.getNfs() != null) {
      if (VolumePaths.blank(v.getNfs().getServer())) {
        findings.add(
            Finding.rejection(at + ".nfs.server", "the NFS volume has no server", "give it"));
      }
      String path = v.getNfs().getPath();
      if (path == null || !path.startsWith("/")) {
        findings.add(
            Finding.rejection(
                at + ".nfs.path",
                "the NFS path is missing or not absolute",
                "give the exported path, starting with '/'"));
      }
    }
    if (v.getDownwardAPI() != null) {
      VolumePaths.mode(
          v.getDownwardAPI().getDefaultMode(), at + ".downwardAPI.defaultMode", findings);
      ProjectedChecks.downwardItems(
          v.getDownwardAPI().getItems(), at + ".downwardAPI.items", null, findings);
    }
    if (v.getProjected() != null) {
      VolumePaths.mode(v.getProjected().getDefaultMode(), at + ".projected.defaultMode", findings);
      ProjectedChecks.check(v.getProjected(), at + ".projected", findings);
    }
  }

  private static void container(
      @Nullable Container container,
      String path,
      Map<String, Volume> volumes,
      List<Finding> findings) {
    if (container == null) {
      return;
    }
    boolean privileged =
        container.getSecurityContext() != null
            && Boolean.TRUE.equals(container.getSecurityContext().getPrivileged());
    List<VolumeDevice> devices =
        container.getVolumeDevices() == null ? List.of() : container.getVolumeDevices();
    Set<String> devicePaths = new HashSet<>();
    Set<String> deviceNames = new HashSet<>();
    for (VolumeDevice d : devices) {
      if (d != null) {
        devicePaths.add(VolumePaths.orEmpty(d.getDevicePath()));
        deviceNames.add(VolumePaths.orEmpty(d.getName()));
      }
    }
    List<VolumeMount> mounts =
        container.getVolumeMounts() == null ? List.of() : container.getVolumeMounts();
    Set<String> mountNames = new HashSet<>();
    Set<String> mountPaths = new HashSet<>();
    for (int i = 0; i < mounts.size(); i++) {
      VolumeMount mount = mounts.get(i) == null ? new VolumeMount() : mounts.get(i);
      mountNames.add(VolumePaths.orEmpty(mount.getName()));
      mountPaths.add(VolumePaths.orEmpty(mount.getMountPath()));
      MountChecks.mount(
          mount,
          path + ".volumeMounts[" + i + "]",
          privileged,
          volumes.get(mount.getName()),
          deviceNames,
          devicePaths,
          findings);
    }
    MountChecks.devices(
        devices, path + ".volumeDevices", volumes, mountNames, mountPaths, findings);
  }
}
