package io.gpuspec.core.facts;

import io.fabric8.kubernetes.api.model.AppArmorProfile;
import io.fabric8.kubernetes.api.model.Container;
import io.fabric8.kubernetes.api.model.PodSpec;
import io.fabric8.kubernetes.api.model.SeccompProfile;
import io.gpuspec.core.k8s.NullFree;
import io.gpuspec.core.report.Finding;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import org.jspecify.annotations.Nullable;

/**
 * K8S017's check that a pod's deprecated seccomp and AppArmor annotations agree with the {@code
 * seccompProfile} and {@code appArmorProfile} fields when both are written (core {@code
 * validateSeccompAnnotationsAndFields}, {@code validateAppArmorAnnotationsAndFieldsMatchOnCreate},
 * for pods and pod templates): {@code unconfined} with type Unconfined, {@code runtime/default} (or
 * {@code docker/default} for seccomp) with RuntimeDefault, {@code localhost/<profile>} with
 * Localhost and the same profile. A container's AppArmor field falls back to the pod's. All are
 * rejections.
 */
public final class SecurityAnnotationFacts {

  private static final String SECCOMP_POD = "seccomp.security.alpha.kubernetes.io/pod";
  private static final String SECCOMP_CONTAINER = "container.seccomp.security.alpha.kubernetes.io/";
  private static final String APPARMOR = "container.apparmor.security.beta.kubernetes.io/";
  private static final String LOCALHOST = "localhost/";

  private SecurityAnnotationFacts() {}

  /** The findings on a pod spec at {@code specPath} whose annotations are {@code annotations}. */
  public static List<Finding> of(
      @Nullable Map<String, String> annotations, PodSpec spec, String specPath) {
    List<Finding> findings = new ArrayList<>();
    if (annotations == null || annotations.isEmpty()) {
      return findings;
    }
    PodSpec given = NullFree.podSpec(spec);
    SeccompProfile podSeccomp =
        given.getSecurityContext() == null ? null : given.getSecurityContext().getSeccompProfile();
    AppArmorProfile podAppArmor =
        given.getSecurityContext() == null ? null : given.getSecurityContext().getAppArmorProfile();
    if (podSeccomp != null && annotations.containsKey(SECCOMP_POD)) {
      seccomp(
          findings,
          annotations.get(SECCOMP_POD),
          podSeccomp,
          specPath + ".securityContext.seccompProfile");
    }
    visit(
        given.getInitContainers(),
        specPath + ".initContainers",
        annotations,
        podAppArmor,
        findings);
    visit(given.getContainers(), specPath + ".containers", annotations, podAppArmor, findings);
    return findings;
  }

  private static void visit(
      List<Container> containers,
      String path,
      Map<String, String> annotations,
      @Nullable AppArmorProfile podAppArmor,
      List<Finding> findings) {
    for (int i = 0; i < containers.size(); i++) {
      Container c = containers.get(i);
      if (c == null || c.getName() == null) {
        continue;
      }
      String at = path + "[" + i + "].securityContext";
      SeccompProfile seccomp =
          c.getSecurityContext() == null ? null : c.getSecurityContext().getSeccompProfile();
      String seccompKey = SECCOMP_CONTAINER + c.getName();
      if (seccomp != null && annotations.containsKey(seccompKey)) {
        seccomp(findings, annotations.get(seccompKey), seccomp, at + ".seccompProfile");
      }
      AppArmorProfile appArmor =
          c.getSecurityContext() != null && c.getSecurityContext().getAppArmorProfile() != null
              ? c.getSecurityContext().getAppArmorProfile()
              : podAppArmor;
      String appArmorKey = APPARMOR + c.getName();
      if (appArmor != null && annotations.containsKey(appArmorKey)) {
        String annotation = Objects.toString(annotations.get(appArmorKey), "");
        match(
            findings,
            annotation,
            appArmor.getType(),
            appArmor.getLocalhostProfile(),
            false,
            at + ".appArmorProfile",
            "apparmor");
      }
    }
  }

  private static void seccomp(
      List<Finding> findings, @Nullable String annotation, SeccompProfile field, String at) {
    match(
        findings,
        Objects.toString(annotation, ""),
        field.getType(),
        field.getLocalhostProfile(),
        true,
        at,
        "seccomp");
  }

  private static void match(
      List<Finding> findings,
      String annotation,
      @Nullable String type,
      @Nullable String localhostProfile,
      boolean dockerDefault,
      String at,
      String what) {
    String problem = null;
    if ("Unconfined".equals(type) && !annotation.equals("unconfined")) {
      problem = "type Unconfined";
    } else if ("RuntimeDefault".equals(type)
        && !annotation.equals("runtime/default")
        && !(dockerDefault && annotation.equals("docker/default"))) {
      problem = "type RuntimeDefault";
    } else if ("Localhost".equals(type)
        && (!annotation.startsWith(LOCALHOST)
            || !annotation.substring(LOCALHOST.length()).equals(localhostProfile))) {
      problem = "type Localhost with profile " + localhostProfile;
    }
    if (problem != null) {
      findings.add(
          Finding.rejection(
              at + ".type",
              "the "
                  + what
                  + " annotation says \""
                  + annotation
                  + "\" but the field says "
                  + problem
                  + "; annotation and field must match",
              "drop the deprecated annotation and keep the field"));
    }
  }
}
