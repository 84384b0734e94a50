package io.gpuspec.core.facts;

import io.fabric8.kubernetes.api.model.Volume;
import io.fabric8.kubernetes.api.model.VolumeDevice;
import io.fabric8.kubernetes.api.model.VolumeMount;
import io.gpuspec.core.report.Finding;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.jspecify.annotations.Nullable;

/**
 * K8S019's checks of a container's volume mounts and devices ({@code ValidateVolumeMounts}, {@code
 * ValidateVolumeDevices}) beyond what K8S007 checks (that a mounted volume exists and paths are
 * unique).
 */
final class MountChecks {

  private MountChecks() {}

  static void mount(
      VolumeMount mount,
      String at,
      boolean privileged,
      @Nullable Volume volume,
      Set<String> deviceNames,
      Set<String> devicePaths,
      List<Finding> findings) {
    String name = VolumePaths.orEmpty(mount.getName());
    String mountPath = VolumePaths.orEmpty(mount.getMountPath());
    if (mountPath.isEmpty()) {
      findings.add(
          Finding.rejection(at + ".mountPath", "the mount has no mountPath", "give the path"));
    }
    if (!name.isEmpty() && deviceNames.contains(name)) {
      findings.add(
          Finding.rejection(
              at + ".name",
              "volume \"" + name + "\" is also a volumeDevice of the container",
              "mount a volume or attach it as a block device, not both"));
    }
    if (!mountPath.isEmpty() && devicePaths.contains(mountPath)) {
      findings.add(
          Finding.rejection(
              at + ".mountPath",
              "path " + mountPath + " is also a volumeDevice path",
              "give the mount its own path"));
    }
    String subPath = VolumePaths.orEmpty(mount.getSubPath());
    String expr = VolumePaths.orEmpty(mount.getSubPathExpr());
    if (volume != null && volume.getImage() != null && !(subPath + expr).isEmpty()) {
      findings.add(
          Finding.rejection(
              at + (subPath.isEmpty() ? ".subPathExpr" : ".subPath"),
              "an image volume takes no subPath or subPathExpr",
              "mount the whole image volume"));
    }
    descending(subPath, at + ".subPath", findings);
    descending(expr, at + ".subPathExpr", findings);
    if (!subPath.isEmpty() && !expr.isEmpty()) {
      findings.add(
          Finding.rejection(
              at + ".subPathExpr",
              "subPath and subPathExpr cannot both be set",
              "keep one of them"));
    }
    String propagation = mount.getMountPropagation();
    if (propagation != null && !VolumePaths.isPropagation(propagation)) {
      findings.add(
          Finding.rejection(
              at + ".mountPropagation",
              "\"" + propagation + "\" is not None, HostToContainer or Bidirectional",
              "write one of those, or leave it out"));
    } else if ("Bidirectional".equals(propagation) && !privileged) {
      findings.add(
          Finding.rejection(
              at + ".mountPropagation",
              "Bidirectional propagation is only for privileged containers",
              "use HostToContainer, or make the container privileged"));
    }
    String recursive = mount.getRecursiveReadOnly();
    if (recursive != null) {
      if (!VolumePaths.isRecursiveReadOnly(recursive)) {
        findings.add(
            Finding.rejection(
                at + ".recursiveReadOnly",
                "\"" + recursive + "\" is not Disabled, IfPossible or Enabled",
                "write one of those, or leave it out"));
      } else if (!recursive.equals("Disabled")) {
        if (!Boolean.TRUE.equals(mount.getReadOnly())) {
          findings.add(
              Finding.rejection(
                  at + ".recursiveReadOnly",
                  "recursiveReadOnly " + recursive + " needs readOnly: true",
                  "set readOnly: true, or drop recursiveReadOnly"));
        }
        if (recursive.equals("Enabled") && propagation != null && !propagation.equals("None")) {
          findings.add(
              Finding.rejection(
                  at + ".recursiveReadOnly",
                  "recursiveReadOnly Enabled needs mountPropagation None",
                  "use IfPossible, or drop mountPropagation"));
        }
      }
    }
  }

  static void devices(
      List<VolumeDevice> devices,
      String at,
      Map<String, Volume> volumes,
      Set<String> mountNames,
      Set<String> mountPaths,
      List<Finding> findings) {
    Set<String> names = new HashSet<>();
    Set<String> paths = new HashSet<>();
    for (int i = 0; i < devices.size(); i++) {
      VolumeDevice device = devices.get(i) == null ? new VolumeDevice() : devices.get(i);
      String path = at + "[" + i + "]";
      String name = VolumePaths.orEmpty(device.getName());
      String devicePath = VolumePaths.orEmpty(device.getDevicePath());
      Volume volume = volumes.get(name);
      if (name.isEmpty()) {
        findings.add(Finding.rejection(path + ".name", "the device names no volume", "name it"));
      } else if (!names.add(name)) {
        findings.add(
            Finding.rejection(
                path + ".name", "volume \"" + name + "\" is attached twice", "attach it once"));
      } else if (volume == null) {
        findings.add(
            Finding.rejection(
                path + ".name",
                "no volume of the pod is named \"" + name + "\"",
                "add the volume, or name one the pod has"));
      } else if (volume.getPersistentVolumeClaim() == null && volume.getEphemeral() == null) {
        findings.add(
            Finding.rejection(
                path + ".name",
                "a block device must come from a PersistentVolumeClaim or ephemeral volume",
                "use a PVC with volumeMode: Block, or mount the volume instead"));
      }
      if (mountNames.contains(name) && !name.isEmpty()) {
        findings.add(
            Finding.rejection(
                path + ".name",
                "volume \"" + name + "\" is also mounted by the container",
                "attach it as a device or mount it, not both"));
      }
      if (devicePath.isEmpty()) {
        findings.add(
            Finding.rejection(
                path + ".devicePath", "the device has no devicePath", "give the device path"));
      } else if (VolumePaths.hasBackstep(devicePath)) {
        findings.add(
            Finding.rejection(
                path + ".devicePath", "the path holds '..'", "give the path without '..'"));
      } else if (!paths.add(devicePath)) {
        findings.add(
            Finding.rejection(
                path + ".devicePath",
                "path " + devicePath + " is taken by another device",
                "give each device its own path"));
      }
      if (!devicePath.isEmpty() && mountPaths.contains(devicePath)) {
        findings.add(
            Finding.rejection(
                path + ".devicePath",
                "path " + devicePath + " is also a mount path",
                "give the device its own path"));
      }
    }
  }

  /** A relative path without '..' (validateLocalDescendingPath), when given. */
  private static void descending(String path, String at, List<Finding> findings) {
    if (!path.isEmpty() && (path.startsWith("/") || VolumePaths.hasBackstep(path))) {
      findings.add(
          Finding.rejection(
              at,
              "\"" + path + "\" is not a relative path without '..'",
              "give a path inside the volume, e.g. checkpoints/run-1"));
    }
  }
}
