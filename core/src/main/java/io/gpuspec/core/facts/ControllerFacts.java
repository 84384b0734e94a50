package io.gpuspec.core.facts;

import io.fabric8.kubernetes.api.model.IntOrString;
import io.fabric8.kubernetes.api.model.LabelSelector;
import io.fabric8.kubernetes.api.model.PodTemplateSpec;
import io.fabric8.kubernetes.api.model.apps.DaemonSetSpec;
import io.fabric8.kubernetes.api.model.apps.DaemonSetUpdateStrategy;
import io.fabric8.kubernetes.api.model.apps.DeploymentSpec;
import io.fabric8.kubernetes.api.model.apps.DeploymentStrategy;
import io.fabric8.kubernetes.api.model.apps.ReplicaSetSpec;
import io.fabric8.kubernetes.api.model.apps.RollingUpdateStatefulSetStrategy;
import io.fabric8.kubernetes.api.model.apps.StatefulSetPersistentVolumeClaimRetentionPolicy;
import io.fabric8.kubernetes.api.model.apps.StatefulSetSpec;
import io.fabric8.kubernetes.api.model.apps.StatefulSetUpdateStrategy;
import io.gpuspec.core.k8s.Names;
import io.gpuspec.core.report.Finding;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.regex.Pattern;
import org.jspecify.annotations.Nullable;

/**
 * The fields of the apps/v1 controllers as apps {@code ValidateDeploymentSpec}, {@code
 * ValidateReplicaSetSpec}, {@code ValidateDaemonSetSpec} and {@code ValidateStatefulSetSpec} admit
 * them after defaulting (<a
 * href="https://kubernetes.io/docs/concepts/workloads/controllers/deployment/#writing-a-deployment-spec">Deployment
 * spec</a>): counts not negative, no {@code activeDeadlineSeconds} in the pod template, known
 * update strategies whose rolling-update amounts are counts or percentages that let the rollout
 * progress, well-formed selector expressions, and a StatefulSet whose name and {@code serviceName}
 * are DNS labels (its pods' host names). Every finding is a rejection; reported by rule {@value
 * #RULE}.
 */
public final class ControllerFacts {

  /** The id of the rule that reports these facts. */
  public static final String RULE = "K8S030";

  private static final Pattern PERCENT = Pattern.compile("[0-9]+%");
  private static final Set<String> RETENTION = Set.of("Retain", "Delete");
  private static final IntOrString DEFAULT_DEPLOYMENT_AMOUNT = new IntOrString("25%");

  private ControllerFacts() {}

  /** K8S030 on a Deployment's spec. */
  public static List<Finding> deployment(@Nullable DeploymentSpec spec) {
    List<Finding> findings = new ArrayList<>();
    if (spec == null) {
      return findings;
    }
    nonNegative(findings, "spec.replicas", spec.getReplicas());
    nonNegative(findings, "spec.minReadySeconds", spec.getMinReadySeconds());
    nonNegative(findings, "spec.revisionHistoryLimit", spec.getRevisionHistoryLimit());
    nonNegative(findings, "spec.progressDeadlineSeconds", spec.getProgressDeadlineSeconds());
    int minReady = spec.getMinReadySeconds() == null ? 0 : spec.getMinReadySeconds();
    Integer written = spec.getProgressDeadlineSeconds();
    int deadline = written == null ? 600 : written; // apps/v1 defaults it to 600
    if (deadline <= minReady && deadline >= 0) {
      findings.add(
          Finding.rejection(
              written == null ? "spec.minReadySeconds" : "spec.progressDeadlineSeconds",
              "progressDeadlineSeconds "
                  + deadline
                  + (written == null ? " (the default)" : "")
                  + " is not above minReadySeconds "
                  + minReady,
              "set progressDeadlineSeconds above minReadySeconds, e.g. " + (minReady + 600)));
    }
    strategy(findings, spec.getStrategy());
    activeDeadline(findings, spec.getTemplate(), "Deployment");
    selector(findings, spec.getSelector());
    return findings;
  }

  /** K8S030 on a ReplicaSet's spec. */
  public static List<Finding> replicaSet(@Nullable ReplicaSetSpec spec) {
    List<Finding> findings = new ArrayList<>();
    if (spec == null) {
      return findings;
    }
    nonNegative(findings, "spec.replicas", spec.getReplicas());
    nonNegative(findings, "spec.minReadySeconds", spec.getMinReadySeconds());
    activeDeadline(findings, spec.getTemplate(), "ReplicaSet");
    selector(findings, spec.getSelector());
    return findings;
  }

  /** K8S030 on a DaemonSet's spec. */
  public static List<Finding> daemonSet(@Nullable DaemonSetSpec spec) {
    List<Finding> findings = new ArrayList<>();
    if (spec == null) {
      return findings;
    }
    nonNegative(findings, "spec.minReadySeconds", spec.getMinReadySeconds());
    nonNegative(findings, "spec.revisionHistoryLimit", spec.getRevisionHistoryLimit());
    activeDeadline(findings, spec.getTemplate(), "DaemonSet");
    selector(findings, spec.getSelector());
    DaemonSetUpdateStrategy strategy = spec.getUpdateStrategy();
    String type = strategy == null || strategy.getType() == null ? "" : strategy.getType();
    String path = "spec.updateStrategy";
    if (type.equals("OnDelete") || strategy == null) {
      return findings;
    }
    if (!type.isEmpty() && !type.equals("RollingUpdate")) {
      findings.add(
          Finding.rejection(
              path + ".type",
              "updateStrategy type \"" + type + "\" is not RollingUpdate or OnDelete",
              "set type: RollingUpdate (replace pods node by node) or OnDelete"));
      return findings;
    }
    // defaulting: maxUnavailable 1 and maxSurge 0 when left out
    var rolling = strategy.getRollingUpdate();
    IntOrString unavailable =
        rolling == null || rolling.getMaxUnavailable() == null
            ? new IntOrString(1)
            : rolling.getMaxUnavailable();
    IntOrString surge =
        rolling == null || rolling.getMaxSurge() == null
            ? new IntOrString(0)
            : rolling.getMaxSurge();
    String at = path + ".rollingUpdate";
    amount(findings, at + ".maxUnavailable", unavailable, true);
    amount(findings, at + ".maxSurge", surge, true);
    boolean hasUnavailable = value(unavailable) != 0;
    boolean hasSurge = value(surge) != 0;
    if (hasUnavailable && hasSurge) {
      findings.add(
          Finding.rejection(
              at + ".maxSurge",
              "a DaemonSet may not set maxSurge while maxUnavailable is not 0 (it defaults to 1)",
              "set maxUnavailable: 0 together with maxSurge, or drop maxSurge"));
    } else if (!hasUnavailable && !hasSurge) {
      findings.add(
          Finding.rejection(
              at + ".maxUnavailable",
              "maxUnavailable and maxSurge are both 0, so the rollout could never progress",
              "set maxUnavailable: 1, or maxSurge: 1 with maxUnavailable: 0"));
    }
    return findings;
  }

  /** K8S030 on a StatefulSet's name and spec. */
  public static List<Finding> statefulSet(@Nullable String name, @Nullable StatefulSetSpec spec) {
    List<Finding> findings = new ArrayList<>();
    if (name != null && Names.isDns1123Subdomain(name) && !Names.isDns1123Label(name)) {
      findings.add(
          Finding.rejection(
              "metadata.name",
              "a StatefulSet name must be a DNS label (its pods' host names are <name>-<ordinal>),"
                  + " but \""
                  + name
                  + "\" has dots or is longer than 63",
              "rename it without dots, e.g. \"" + name.replace('.', '-') + "\""));
    }
    if (spec == null) {
      return findings;
    }
    nonNegative(findings, "spec.replicas", spec.getReplicas());
    nonNegative(findings, "spec.minReadySeconds", spec.getMinReadySeconds());
    nonNegative(findings, "spec.revisionHistoryLimit", spec.getRevisionHistoryLimit());
    if (spec.getOrdinals() != null) {
      nonNegative(findings, "spec.ordinals.start", spec.getOrdinals().getStart());
    }
    String serviceName = spec.getServiceName();
    if (serviceName != null && !serviceName.isEmpty() && !Names.isDns1123Label(serviceName)) {
      findings.add(
          Finding.rejection(
              "spec.serviceName",
              "serviceName \"" + serviceName + "\" is not a DNS label",
              "name the headless Service with lower-case letters, digits and '-'"));
    }
    String policy = spec.getPodManagementPolicy();
    if (policy != null
        && !policy.isEmpty()
        && !policy.equals("OrderedReady")
        && !policy.equals("Parallel")) {
      findings.add(
          Finding.rejection(
              "spec.podManagementPolicy",
              "podManagementPolicy \"" + policy + "\" is not OrderedReady or Parallel",
              "set podManagementPolicy: Parallel (start all workers at once) or OrderedReady"));
    }
    statefulStrategy(findings, spec.getUpdateStrategy());
    retention(findings, spec.getPersistentVolumeClaimRetentionPolicy());
    activeDeadline(findings, spec.getTemplate(), "StatefulSet");
    selector(findings, spec.getSelector());
    return findings;
  }

  /**
   * K8S030 on the form of a label selector's {@code matchExpressions} (apimachinery {@code
   * ValidateLabelSelector}): a known operator, values for In/NotIn and none for
   * Exists/DoesNotExist, a qualified key and label values. Reported also when the expression
   * happens to match.
   */
  public static List<Finding> selectorExpressions(String path, @Nullable LabelSelector selector) {
    List<Finding> findings = new ArrayList<>();
    LabelSelectorChecks.expressions(selector, path, findings);
    return findings;
  }

  private static void selector(List<Finding> findings, @Nullable LabelSelector selector) {
    findings.addAll(selectorExpressions("spec.selector", selector));
  }

  private static void strategy(List<Finding> findings, @Nullable DeploymentStrategy strategy) {
    if (strategy == null) {
      return;
    }
    String type = strategy.getType() == null ? "" : strategy.getType();
    var rolling = strategy.getRollingUpdate();
    String path = "spec.strategy";
    if (type.equals("Recreate")) {
      if (rolling != null) {
        findings.add(
            Finding.rejection(
                path + ".rollingUpdate",
                "rollingUpdate may not be set with strategy type Recreate",
                "remove rollingUpdate, or use type: RollingUpdate"));
      }
      return;
    }
    if (!type.isEmpty() && !type.equals("RollingUpdate")) {
      findings.add(
          Finding.rejection(
              path + ".type",
              "strategy type \"" + type + "\" is not Recreate or RollingUpdate",
              "set type: Recreate (stop old pods first, e.g. when GPUs are scarce) or"
                  + " RollingUpdate"));
      return;
    }
    // defaulting: both amounts 25% when left out
    IntOrString unavailable =
        rolling == null || rolling.getMaxUnavailable() == null
            ? DEFAULT_DEPLOYMENT_AMOUNT
            : rolling.getMaxUnavailable();
    IntOrString surge =
        rolling == null || rolling.getMaxSurge() == null
            ? DEFAULT_DEPLOYMENT_AMOUNT
            : rolling.getMaxSurge();
    String at = path + ".rollingUpdate";
    amount(findings, at + ".maxUnavailable", unavailable, true);
    amount(findings, at + ".maxSurge", surge, false);
    if (value(unavailable) == 0 && value(surge) == 0) {
      findings.add(
          Finding.rejection(
              at + ".maxUnavailable",
              "maxUnavailable and maxSurge are both 0, so the rollout could never progress",
              "set maxSurge: 1 (one extra pod while rolling), or maxUnavailable: 1 when no spare"
                  + " GPU is free"));
    }
  }

  private static void statefulStrategy(
      List<Finding> findings, @Nullable StatefulSetUpdateStrategy strategy) {
    if (strategy == null) {
      return;
    }
    String type = strategy.getType() == null ? "" : strategy.getType();
    RollingUpdateStatefulSetStrategy rolling = strategy.getRollingUpdate();
    String path = "spec.updateStrategy";
    if (type.equals("OnDelete")) {
      if (rolling != null) {
        findings.add(
            Finding.rejection(
                path + ".rollingUpdate",
                "rollingUpdate is only allowed with updateStrategy type RollingUpdate",
                "remove rollingUpdate, or use type: RollingUpdate"));
      }
    } else if (!type.isEmpty() && !type.equals("RollingUpdate")) {
      findings.add(
          Finding.rejection(
              path + ".type",
              "updateStrategy type \"" + type + "\" is not RollingUpdate or OnDelete",
              "set type: RollingUpdate or OnDelete"));
    } else if (rolling != null) {
      nonNegative(findings, path + ".rollingUpdate.partition", rolling.getPartition());
      IntOrString unavailable = rolling.getMaxUnavailable();
      if (unavailable != null) {
        String at = path + ".rollingUpdate.maxUnavailable";
        amount(findings, at, unavailable, true);
        if (value(unavailable) == 0) {
          findings.add(
              Finding.rejection(at, "maxUnavailable cannot be 0", "use 1 or more, or drop it"));
        }
      }
    }
  }

  private static void retention(
      List<Finding> findings, @Nullable StatefulSetPersistentVolumeClaimRetentionPolicy policy) {
    if (policy == null) {
      return;
    }
    String path = "spec.persistentVolumeClaimRetentionPolicy";
    retentionValue(findings, path + ".whenDeleted", policy.getWhenDeleted());
    retentionValue(findings, path + ".whenScaled", policy.getWhenScaled());
  }

  private static void retentionValue(List<Finding> findings, String path, @Nullable String value) {
    if (value != null && !value.isEmpty() && !RETENTION.contains(value)) {
      findings.add(
          Finding.rejection(
              path,
              "\"" + value + "\" is not Retain or Delete",
              "set Retain (keep the claims) or Delete"));
    }
  }

  private static void activeDeadline(
      List<Finding> findings, @Nullable PodTemplateSpec template, String kind) {
    if (template != null
        && template.getSpec() != null
        && template.getSpec().getActiveDeadlineSeconds() != null) {
      findings.add(
          Finding.rejection(
              "spec.template.spec.activeDeadlineSeconds",
              "activeDeadlineSeconds is not supported in a " + kind + "'s pod template",
              "remove it (a deadline belongs to a Job: spec.activeDeadlineSeconds)"));
    }
  }

  /** apps {@code ValidatePositiveIntOrPercent} and, when asked, {@code IsNotMoreThan100Percent}. */
  private static void amount(
      List<Finding> findings, String path, IntOrString amount, boolean atMostHundred) {
    if (amount.getStrVal() != null) {
      String text = amount.getStrVal();
      if (!PERCENT.matcher(text).matches()) {
        findings.add(
            Finding.rejection(
                path,
                "\"" + text + "\" is not a count or a percentage",
                "write a count (1) or a percentage (\"25%\")"));
      } else if (atMostHundred && percent(text) > 100) {
        findings.add(Finding.rejection(path, text + " is more than 100%", "use at most \"100%\""));
      }
    } else if (amount.getIntVal() != null && amount.getIntVal() < 0) {
      findings.add(Finding.rejection(path, amount.getIntVal() + " is negative", "use 0 or more"));
    }
  }

  /** apps {@code getIntOrPercentValue}: a percentage's number, or the count (0 if neither). */
  private static long value(IntOrString amount) {
    if (amount.getStrVal() != null) {
      String text = amount.getStrVal();
      if (PERCENT.matcher(text).matches()) {
        return percent(text);
      }
      return text.matches("[+-]?[0-9]{1,9}") ? Long.parseLong(text) : 0;
    }
    return amount.getIntVal() == null ? 0 : amount.getIntVal();
  }

  private static long percent(String text) {
    String digits = text.substring(0, text.length() - 1);
    return digits.length() > 12 ? Long.MAX_VALUE : Long.parseLong(digits);
  }

  private static void nonNegative(List<Finding> findings, String path, @Nullable Integer value) {
    if (value != null && value < 0) {
      findings.add(Finding.rejection(path, value + " is negative", "use 0 or more"));
    }
  }
}
