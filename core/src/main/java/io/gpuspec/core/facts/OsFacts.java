package io.gpuspec.core.facts;

import io.fabric8.kubernetes.api.model.Container;
import io.fabric8.kubernetes.api.model.PodSecurityContext;
import io.fabric8.kubernetes.api.model.PodSpec;
import io.fabric8.kubernetes.api.model.SecurityContext;
import io.gpuspec.core.report.Finding;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * K8S017's checks of {@code spec.os} ({@code validateOS}, {@code validateLinux}, {@code
 * validateWindows}): a name that is linux or windows, no Windows options in a linux pod, and none
 * of the Linux-only security fields in a windows pod. All are rejections.
 */
final class OsFacts {

  private OsFacts() {}

  static void check(PodSpec spec, String specPath, List<Finding> findings) {
    if (spec.getOs() == null) {
      return;
    }
    String name = spec.getOs().getName() == null ? "" : spec.getOs().getName();
    if (!name.equals("linux") && !name.equals("windows")) {
      findings.add(
          Finding.rejection(
              specPath + ".os" + (name.isEmpty() ? ".name" : ""),
              name.isEmpty() ? "os has no name" : "os \"" + name + "\" is not linux or windows",
              "write linux (GPU pods run on Linux nodes) or windows"));
      return;
    }
    List<String> forbidden = new ArrayList<>();
    boolean linux = name.equals("linux");
    PodSecurityContext pod = spec.getSecurityContext();
    if (linux) {
      if (pod != null && pod.getWindowsOptions() != null) {
        forbidden.add(specPath + ".securityContext.windowsOptions");
      }
    } else {
      windowsPod(spec, specPath, forbidden);
    }
    List<Container> all = new ArrayList<>(spec.getContainers());
    Map<Integer, String> paths = new LinkedHashMap<>();
    for (int i = 0; i < spec.getContainers().size(); i++) {
      paths.put(i, specPath + ".containers[" + i + "]");
    }
    all.addAll(spec.getInitContainers());
    for (int i = 0; i < spec.getInitContainers().size(); i++) {
      paths.put(spec.getContainers().size() + i, specPath + ".initContainers[" + i + "]");
    }
    for (int i = 0; i < all.size(); i++) {
      SecurityContext sc = all.get(i) == null ? null : all.get(i).getSecurityContext();
      if (sc != null) {
        container(sc, paths.get(i) + ".securityContext", linux, forbidden);
      }
    }
    for (String path : forbidden) {
      findings.add(
          Finding.rejection(
              path,
              "cannot be set in a " + name + " pod",
              linux
                  ? "remove the Windows options, or set os.name: windows"
                  : "remove the Linux-only field, or set os.name: linux"));
    }
  }

  private static void windowsPod(PodSpec spec, String specPath, List<String> forbidden) {
    PodSecurityContext pod = spec.getSecurityContext();
    String sc = specPath + ".securityContext";
    if (pod != null) {
      Map<String, Object> fields = new LinkedHashMap<>();
      fields.put(sc + ".appArmorProfile", pod.getAppArmorProfile());
      fields.put(sc + ".seLinuxOptions", pod.getSeLinuxOptions());
      fields.put(sc + ".seccompProfile", pod.getSeccompProfile());
      fields.put(sc + ".fsGroup", pod.getFsGroup());
      fields.put(sc + ".fsGroupChangePolicy", pod.getFsGroupChangePolicy());
      fields.put(
          sc + ".sysctls", pod.getSysctls() == null || pod.getSysctls().isEmpty() ? null : "");
      fields.put(sc + ".runAsUser", pod.getRunAsUser());
      fields.put(sc + ".runAsGroup", pod.getRunAsGroup());
      fields.put(sc + ".supplementalGroups", pod.getSupplementalGroups());
      fields.put(sc + ".supplementalGroupsPolicy", pod.getSupplementalGroupsPolicy());
      fields.put(sc + ".seLinuxChangePolicy", pod.getSeLinuxChangePolicy());
      fields.forEach(
          (path, value) -> {
            if (value != null && !(value instanceof List<?> list && list.isEmpty())) {
              forbidden.add(path);
            }
          });
    }
    if (spec.getHostUsers() != null) {
      forbidden.add(specPath + ".hostUsers");
    }
    if (Boolean.TRUE.equals(spec.getHostPID())) {
      forbidden.add(specPath + ".hostPID");
    }
    if (Boolean.TRUE.equals(spec.getHostIPC())) {
      forbidden.add(specPath + ".hostIPC");
    }
    if (spec.getShareProcessNamespace() != null) {
      forbidden.add(specPath + ".shareProcessNamespace");
    }
  }

  private static void container(
      SecurityContext sc, String at, boolean linux, List<String> forbidden) {
    if (linux) {
      if (sc.getWindowsOptions() != null) {
        forbidden.add(at + ".windowsOptions");
      }
      return;
    }
    Map<String, Object> fields = new LinkedHashMap<>();
    fields.put("appArmorProfile", sc.getAppArmorProfile());
    fields.put("seLinuxOptions", sc.getSeLinuxOptions());
    fields.put("seccompProfile", sc.getSeccompProfile());
    fields.put("capabilities", sc.getCapabilities());
    fields.put("readOnlyRootFilesystem", sc.getReadOnlyRootFilesystem());
    fields.put("privileged", sc.getPrivileged());
    fields.put("allowPrivilegeEscalation", sc.getAllowPrivilegeEscalation());
    fields.put("procMount", sc.getProcMount());
    fields.put("runAsUser", sc.getRunAsUser());
    fields.put("runAsGroup", sc.getRunAsGroup());
    fields.forEach(
        (field, value) -> {
          if (value != null) {
            forbidden.add(at + "." + field);
          }
        });
  }
}
