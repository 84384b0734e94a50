package io.gpuspec.core.facts;

import io.fabric8.kubernetes.api.model.AppArmorProfile;
import io.fabric8.kubernetes.api.model.Container;
import io.fabric8.kubernetes.api.model.PodSecurityContext;
import io.fabric8.kubernetes.api.model.PodSpec;
import io.fabric8.kubernetes.api.model.SeccompProfile;
import io.fabric8.kubernetes.api.model.SecurityContext;
import io.fabric8.kubernetes.api.model.Sysctl;
import io.gpuspec.core.k8s.NullFree;
import io.gpuspec.core.report.Finding;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.regex.Pattern;
import org.jspecify.annotations.Nullable;

/**
 * K8S018: the security contexts of a pod spec as the API server's {@code ValidateSecurityContext},
 * {@code validatePodSpecSecurityContext}, {@code validateSysctls} and {@code validateHostUsers}
 * check them: {@code allowPrivilegeEscalation: false} never with {@code privileged: true} or an
 * added {@code CAP_SYS_ADMIN}; procMount Default or Unmasked (Unmasked only without host users);
 * seccomp and AppArmor profiles of a known type, with a relative local profile exactly for
 * Localhost; pod group ids 0–2147483647; known fsGroupChangePolicy, supplementalGroupsPolicy and
 * seLinuxChangePolicy; shareProcessNamespace never with hostPID; sysctls named once in sysctl form,
 * no {@code net.*} with hostNetwork and no IPC sysctl with hostIPC; {@code hostUsers: false} never
 * with hostNetwork, hostPID or hostIPC. All are rejections. (User ids are SEC001's.)
 */
public final class SecurityContextFacts {

  /** The rule that reports these facts. */
  public static final String RULE = "K8S018";

  private static final long MAX_ID = Integer.MAX_VALUE;
  private static final Set<String> PROFILE_TYPES =
      Set.of("Localhost", "RuntimeDefault", "Unconfined");
  private static final Set<String> FS_GROUP_POLICIES = Set.of("OnRootMismatch", "Always");
  private static final Set<String> GROUP_POLICIES = Set.of("Merge", "Strict");
  private static final Set<String> SELINUX_POLICIES = Set.of("Recursive", "MountOption");
  private static final Pattern SYSCTL =
      Pattern.compile("([a-z0-9]([-_a-z0-9]*[a-z0-9])?[./])*[a-z0-9]([-_a-z0-9]*[a-z0-9])?");
  private static final Set<String> IPC_SYSCTLS =
      Set.of(
          "kernel.sem",
          "kernel.shmall",
          "kernel.shmmax",
          "kernel.shmmni",
          "kernel.shm_rmid_forced",
          "kernel.msgmax",
          "kernel.msgmnb",
          "kernel.msgmni");

  private SecurityContextFacts() {}

  /** The findings on a pod spec at {@code specPath}. */
  public static List<Finding> of(PodSpec spec, String specPath) {
    PodSpec given = NullFree.podSpec(spec);
    List<Finding> findings = new ArrayList<>();
    boolean hostUsers = !Boolean.FALSE.equals(given.getHostUsers());
    pod(given, specPath, hostUsers, findings);
    List<Container> containers = given.getContainers();
    for (int i = 0; i < containers.size(); i++) {
      container(containers.get(i), specPath + ".containers[" + i + "]", hostUsers, findings);
    }
    List<Container> init = given.getInitContainers();
    for (int i = 0; i < init.size(); i++) {
      container(init.get(i), specPath + ".initContainers[" + i + "]", hostUsers, findings);
    }
    return findings;
  }

  private static void container(
      @Nullable Container container, String path, boolean hostUsers, List<Finding> findings) {
    SecurityContext sc = container == null ? null : container.getSecurityContext();
    if (sc == null) {
      return;
    }
    String at = path + ".securityContext";
    if (Boolean.FALSE.equals(sc.getAllowPrivilegeEscalation())) {
      if (Boolean.TRUE.equals(sc.getPrivileged())) {
        findings.add(
            Finding.rejection(
                at + ".allowPrivilegeEscalation",
                "allowPrivilegeEscalation: false cannot go with privileged: true",
                "remove allowPrivilegeEscalation (a privileged container escalates anyway), or"
                    + " drop privileged"));
      }
      List<String> added =
          sc.getCapabilities() == null || sc.getCapabilities().getAdd() == null
              ? List.of()
              : sc.getCapabilities().getAdd();
      if (added.contains("CAP_SYS_ADMIN")) {
        findings.add(
            Finding.rejection(
                at + ".allowPrivilegeEscalation",
                "allowPrivilegeEscalation: false cannot go with capability CAP_SYS_ADMIN added",
                "remove allowPrivilegeEscalation, or do not add CAP_SYS_ADMIN"));
      }
    }
    String procMount = sc.getProcMount();
    if (procMount != null && !procMount.equals("Default") && !procMount.equals("Unmasked")) {
      findings.add(
          Finding.rejection(
              at + ".procMount",
              "procMount \"" + procMount + "\" is not Default or Unmasked",
              "write Default, or leave procMount out"));
    } else if ("Unmasked".equals(procMount) && hostUsers) {
      findings.add(
          Finding.rejection(
              at + ".procMount",
              "procMount Unmasked needs the pod's hostUsers: false",
              "set hostUsers: false on the pod, or use Default"));
    }
    seccomp(sc.getSeccompProfile(), at + ".seccompProfile", findings);
    appArmor(sc.getAppArmorProfile(), at + ".appArmorProfile", findings);
  }

  private static void pod(
      PodSpec spec, String specPath, boolean hostUsers, List<Finding> findings) {
    PodSecurityContext sc = spec.getSecurityContext();
    String at = specPath + ".securityContext";
    boolean hostNetwork = Boolean.TRUE.equals(spec.getHostNetwork());
    boolean hostPid = Boolean.TRUE.equals(spec.getHostPID());
    boolean hostIpc = Boolean.TRUE.equals(spec.getHostIPC());
    if (!hostUsers) {
      String[] fields = {"hostNetwork", "hostPID", "hostIPC"};
      boolean[] set = {hostNetwork, hostPid, hostIpc};
      for (int f = 0; f < fields.length; f++) {
        if (set[f]) {
          findings.add(
              Finding.rejection(
                  specPath + "." + fields[f],
                  fields[f] + " cannot go with hostUsers: false",
                  "drop " + fields[f] + ", or run the pod with host users"));
        }
      }
    }
    if (Boolean.TRUE.equals(spec.getShareProcessNamespace()) && hostPid) {
      findings.add(
          Finding.rejection(
              specPath + ".shareProcessNamespace",
              "shareProcessNamespace and hostPID cannot both be true",
              "keep one of them"));
    }
    if (sc == null) {
      return;
    }
    groupId(sc.getFsGroup(), at + ".fsGroup", findings);
    List<Long> groups = sc.getSupplementalGroups() == null ? List.of() : sc.getSupplementalGroups();
    for (int g = 0; g < groups.size(); g++) {
      groupId(groups.get(g), at + ".supplementalGroups[" + g + "]", findings);
    }
    oneOf(sc.getFsGroupChangePolicy(), FS_GROUP_POLICIES, at + ".fsGroupChangePolicy", findings);
    oneOf(
        sc.getSupplementalGroupsPolicy(),
        GROUP_POLICIES,
        at + ".supplementalGroupsPolicy",
        findings);
    oneOf(sc.getSeLinuxChangePolicy(), SELINUX_POLICIES, at + ".seLinuxChangePolicy", findings);
    seccomp(sc.getSeccompProfile(), at + ".seccompProfile", findings);
    appArmor(sc.getAppArmorProfile(), at + ".appArmorProfile", findings);
    sysctls(sc.getSysctls(), at + ".sysctls", hostNetwork, hostIpc, findings);
  }

  private static void sysctls(
      @Nullable List<Sysctl> sysctls,
      String at,
      boolean hostNetwork,
      boolean hostIpc,
      List<Finding> findings) {
    Set<String> seen = new HashSet<>();
    for (int i = 0; sysctls != null && i < sysctls.size(); i++) {
      String name = sysctls.get(i) == null ? "" : orEmpty(sysctls.get(i).getName());
      String path = at + "[" + i + "].name";
      if (name.isEmpty()) {
        findings.add(Finding.rejection(path, "the sysctl has no name", "name the sysctl"));
      } else if (name.length() > 253 || !SYSCTL.matcher(name).matches()) {
        findings.add(
            Finding.rejection(
                path,
                "\"" + name + "\" is not a sysctl name",
                "give a name such as net.core.somaxconn"));
      } else if (!seen.add(name)) {
        findings.add(
            Finding.rejection(path, "sysctl \"" + name + "\" is listed twice", "list it once"));
      }
      String normal = normalized(name);
      if (hostNetwork && normal.startsWith("net.")) {
        findings.add(
            Finding.rejection(
                path,
                "net sysctl \"" + name + "\" cannot be set with hostNetwork",
                "drop the sysctl, or hostNetwork"));
      } else if (hostIpc && (IPC_SYSCTLS.contains(normal) || normal.startsWith("fs.mqueue."))) {
        findings.add(
            Finding.rejection(
                path,
                "IPC sysctl \"" + name + "\" cannot be set with hostIPC",
                "drop the sysctl, or hostIPC"));
      }
    }
  }

  /** A sysctl written with '/' separators (net/ipv4/ip_forward) in its '.' form. */
  private static String normalized(String name) {
    int dot = name.indexOf('.');
    int slash = name.indexOf('/');
    if (slash < 0 || (dot >= 0 && dot < slash)) {
      return name;
    }
    StringBuilder out = new StringBuilder(name.length());
    for (char c : name.toCharArray()) {
      out.append(c == '/' ? '.' : c == '.' ? '/' : c);
    }
    return out.toString();
  }

  private static void seccomp(@Nullable SeccompProfile profile, String at, List<Finding> findings) {
    if (profile == null) {
      return;
    }
    profile(profile.getType(), profile.getLocalhostProfile(), "seccomp", at, findings);
  }

  private static void appArmor(
      @Nullable AppArmorProfile profile, String at, List<Finding> findings) {
    if (profile == null) {
      return;
    }
    profile(profile.getType(), profile.getLocalhostProfile(), "AppArmor", at, findings);
  }

  private static void profile(
      @Nullable String type,
      @Nullable String local,
      String what,
      String at,
      List<Finding> findings) {
    String given = orEmpty(type);
    if (!PROFILE_TYPES.contains(given)) {
      findings.add(
          Finding.rejection(
              at + ".type",
              given.isEmpty()
                  ? "the " + what + " profile has no type"
                  : "\"" + given + "\" is not a " + what + " profile type",
              "write RuntimeDefault, Localhost or Unconfined"));
      return;
    }
    if (given.equals("Localhost")) {
      if (local == null || local.isBlank()) {
        findings.add(
            Finding.rejection(
                at + ".localhostProfile",
                "type Localhost needs a localhostProfile",
                "give the profile's path relative to the kubelet's profile directory"));
      } else if (what.equals("seccomp")
          && (local.startsWith("/") || VolumePaths.hasBackstep(local))) {
        findings.add(
            Finding.rejection(
                at + ".localhostProfile",
                "\"" + local + "\" is not a relative path without '..'",
                "give the profile's path relative to the kubelet's seccomp directory"));
      } else if (what.equals("AppArmor") && !local.equals(local.strip())) {
        findings.add(
            Finding.rejection(
                at + ".localhostProfile",
                "the profile name is padded with whitespace",
                "remove the spaces"));
      }
    } else if (local != null) {
      findings.add(
          Finding.rejection(
              at + ".localhostProfile",
              "localhostProfile is only taken with type Localhost",
              "remove localhostProfile, or set type: Localhost"));
    }
  }

  private static void groupId(@Nullable Long id, String at, List<Finding> findings) {
    if (id != null && (id < 0 || id > MAX_ID)) {
      findings.add(
          Finding.rejection(
              at,
              id + " is outside 0 to 2147483647, the group ids Kubernetes takes",
              "use a group id such as 1000"));
    }
  }

  private static void oneOf(
      @Nullable String value, Set<String> allowed, String at, List<Finding> findings) {
    if (value != null && !allowed.contains(value)) {
      findings.add(
          Finding.rejection(
              at,
              "\""
                  + value
                  + "\" is not one of "
                  + String.join(", ", allowed.stream().sorted().toList()),
              "write one of the listed values, or leave the field out"));
    }
  }

  private static String orEmpty(@Nullable String value) {
    return value == null ? "" : value;
  }
}
