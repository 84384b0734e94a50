package io.gpuspec.core.internal.rules;

import io.fabric8.kubernetes.api.model.Container;
import io.fabric8.kubernetes.api.model.HasMetadata;
import io.fabric8.kubernetes.api.model.PodSpec;
import io.fabric8.kubernetes.api.model.batch.v1.CronJob;
import io.fabric8.kubernetes.api.model.batch.v1.Job;
import io.fabric8.kubernetes.api.model.batch.v1.JobSpec;
import io.fabric8.kubernetes.api.model.batch.v1.PodFailurePolicy;
import io.fabric8.kubernetes.api.model.batch.v1.PodFailurePolicyOnExitCodesRequirement;
import io.fabric8.kubernetes.api.model.batch.v1.PodFailurePolicyOnPodConditionsPattern;
import io.fabric8.kubernetes.api.model.batch.v1.PodFailurePolicyRule;
import io.gpuspec.core.Labels;
import io.gpuspec.core.facts.BatchFacts;
import io.gpuspec.core.k8s.NullFree;
import io.gpuspec.core.kubeflow.RunPolicy;
import io.gpuspec.core.kubeflow.RunPolicyJob;
import io.gpuspec.core.manifest.ManifestSet;
import io.gpuspec.core.report.Severity;
import io.gpuspec.core.spi.BaseRule;
import io.gpuspec.core.spi.CheckContext;
import io.gpuspec.core.spi.RuleInfo;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.stream.Stream;
import org.jspecify.annotations.Nullable;

/**
 * K8S011: the API server validates a Job's {@code podFailurePolicy} (<a
 * href="https://kubernetes.io/docs/concepts/workloads/controllers/job/#pod-failure-policy">Pod
 * failure policy</a>), also inside a CronJob's {@code jobTemplate}: the pod template's {@code
 * restartPolicy} must be {@code Never}; each rule has an action ({@code FailJob}, {@code Ignore},
 * {@code Count}, or {@code FailIndex} with {@code backoffLimitPerIndex}) and exactly one of {@code
 * onExitCodes} and {@code onPodConditions}; exit codes use {@code In}/{@code NotIn} with a
 * non-empty list of unique values in increasing order, {@code In} never with 0, and a {@code
 * containerName} of the template; pod conditions have a type, and a status (default {@code True})
 * of {@code True}, {@code False} or {@code Unknown}; at most 20 rules, 255 exit codes per rule and
 * 20 pod-condition patterns per rule.
 */
public final class PodFailurePolicyValid extends BaseRule {
  public PodFailurePolicyValid() {
    super(
        RuleInfo.builder()
            .apiServerRejects(true)
            .id(BatchFacts.RULE)
            .severity(Severity.ERROR)
            .title("A Job's podFailurePolicy is well formed and its pods restart Never")
            .why(
                "The API server rejects a podFailurePolicy whose Job template does not use restartPolicy Never, and rules with an unknown action, both or neither of onExitCodes and onPodConditions, bad exit-code lists, or bad pod-condition patterns.")
            .fix(
                "Set the template's restartPolicy to Never; give each rule an action (FailJob, Ignore, Count, FailIndex with backoffLimitPerIndex) and either onExitCodes {operator: In|NotIn, values: [sorted, unique, no 0 with In]} or onPodConditions [{type, status}].")
            .addKinds("Job", "CronJob", "*")
            .documentation(
                "https://kubernetes.io/docs/concepts/workloads/controllers/job/#pod-failure-policy")
            .build());
  }

  private static final Set<String> ACTIONS = Set.of("FailJob", "Ignore", "Count", "FailIndex");
  private static final int MAX_RULES = 20;
  private static final int MAX_EXIT_CODES = 255;
  private static final int MAX_PATTERNS = 20;
  private static final Set<String> STATUSES = Set.of("True", "False", "Unknown");

  @Override
  public void check(ManifestSet manifests, CheckContext context) {
    for (Job job : manifests.ofType(Job.class)) {
      limits(job, job.getSpec(), "spec", context);
      check(job, job.getSpec(), "spec", context);
    }
    for (CronJob cron : manifests.ofType(CronJob.class)) {
      if (cron.getSpec() != null && cron.getSpec().getJobTemplate() != null) {
        limits(cron, cron.getSpec().getJobTemplate().getSpec(), "spec.jobTemplate.spec", context);
        check(cron, cron.getSpec().getJobTemplate().getSpec(), "spec.jobTemplate.spec", context);
      }
    }
    for (HasMetadata object : manifests) {
      if (object instanceof RunPolicyJob job && job.runPolicy().isPresent()) {
        RunPolicy policy = job.runPolicy().get();
        BatchFacts.limits(
                "spec.runPolicy",
                policy.getBackoffLimit(),
                policy.getActiveDeadlineSeconds(),
                policy.getTtlSecondsAfterFinished())
            .forEach(finding -> context.report(object, finding));
      }
    }
  }

  private static void limits(
      HasMetadata object, @Nullable JobSpec spec, String path, CheckContext context) {
    if (spec != null) {
      BatchFacts.limits(
              path,
              spec.getBackoffLimit(),
              spec.getActiveDeadlineSeconds(),
              spec.getTtlSecondsAfterFinished())
          .forEach(finding -> context.report(object, finding));
    }
  }

  /** The object and where findings go. */
  private record Where(HasMetadata object, CheckContext context) {
    void report(String path, String problem, String fix) {
      context.report(object, path, problem, fix);
    }
  }

  private static void check(HasMetadata object, JobSpec spec, String path, CheckContext context) {
    if (spec == null || spec.getPodFailurePolicy() == null) {
      return;
    }
    Where where = new Where(object, context);
    PodSpec pod =
        NullFree.podSpec(spec.getTemplate() == null ? null : spec.getTemplate().getSpec());
    String restartPolicy = pod.getRestartPolicy();
    if ("OnFailure".equals(restartPolicy)) { // a missing or Always policy is K8S001's
      where.report(
          path + ".template.spec.restartPolicy",
          "restartPolicy OnFailure is rejected with a podFailurePolicy, which needs Never",
          "set restartPolicy: Never (the Job then replaces failed pods and applies the policy)");
    }
    PodFailurePolicy policy = spec.getPodFailurePolicy();
    List<PodFailurePolicyRule> rules = NullFree.list(policy.getRules());
    tooMany(where, path + ".podFailurePolicy.rules", rules.size(), MAX_RULES, "rules");
    Set<String> containers = new HashSet<>();
    Stream.concat(pod.getContainers().stream(), pod.getInitContainers().stream())
        .map(Container::getName)
        .forEach(containers::add);
    for (int i = 0; i < rules.size(); i++) {
      String at = path + ".podFailurePolicy.rules[" + i + "]";
      // a null item decodes as an empty rule, which then lacks its action and match
      PodFailurePolicyRule rule = rules.get(i) == null ? new PodFailurePolicyRule() : rules.get(i);
      checkRule(where, rule, at, spec.getBackoffLimitPerIndex() != null, containers);
    }
  }

  private static void checkRule(
      Where where, PodFailurePolicyRule rule, String at, boolean perIndex, Set<String> containers) {
    String action = rule.getAction() == null ? "" : rule.getAction();
    if (action.isEmpty()) {
      where.report(
          at + ".action",
          "Required value: a rule needs an action",
          "set action to FailJob, Ignore, Count or FailIndex");
    } else if (!ACTIONS.contains(action)) {
      where.report(
          at + ".action",
          "action \"" + action + "\" is not FailJob, Ignore, Count or FailIndex",
          "set action to FailJob, Ignore, Count or FailIndex");
    } else if (action.equals("FailIndex") && !perIndex) {
      where.report(
          at + ".action",
          "action FailIndex needs spec.backoffLimitPerIndex",
          "set spec.backoffLimitPerIndex (with completionMode: Indexed), or use action FailJob");
    }
    PodFailurePolicyOnExitCodesRequirement exitCodes = rule.getOnExitCodes();
    List<PodFailurePolicyOnPodConditionsPattern> conditions = rule.getOnPodConditions();
    boolean hasConditions = conditions != null && !conditions.isEmpty();
    if (exitCodes != null && hasConditions) {
      where.report(
          at,
          "a rule sets both onExitCodes and onPodConditions",
          "split it into two rules, one per match");
    } else if (exitCodes == null && !hasConditions) {
      where.report(
          at,
          "Required value: a rule needs onExitCodes or onPodConditions",
          "add onExitCodes {operator: In, values: [<code>]} or onPodConditions [{type:"
              + " DisruptionTarget, status: \"True\"}]");
    }
    if (exitCodes != null) {
      checkExitCodes(where, exitCodes, at + ".onExitCodes", containers);
    }
    List<PodFailurePolicyOnPodConditionsPattern> patterns = NullFree.list(conditions);
    tooMany(where, at + ".onPodConditions", patterns.size(), MAX_PATTERNS, "patterns");
    for (int j = 0; j < patterns.size(); j++) {
      PodFailurePolicyOnPodConditionsPattern pattern =
          patterns.get(j) == null ? new PodFailurePolicyOnPodConditionsPattern() : patterns.get(j);
      checkCondition(where, pattern, at + ".onPodConditions[" + j + "]");
    }
  }

  private static void checkExitCodes(
      Where where,
      PodFailurePolicyOnExitCodesRequirement codes,
      String at,
      Set<String> containers) {
    String operator = codes.getOperator() == null ? "" : codes.getOperator();
    if (!operator.equals("In") && !operator.equals("NotIn")) {
      where.report(
          at + ".operator",
          "operator \"" + operator + "\" is not In or NotIn",
          "set operator: In (the exit codes that match) or NotIn");
    }
    String container = codes.getContainerName();
    if (container != null && !containers.contains(container)) {
      where.report(
          at + ".containerName",
          "\"" + container + "\" is not the name of a container or init container of the template",
          "use the name of one of the template's containers, or drop containerName");
    }
    List<Integer> values = NullFree.list(codes.getValues());
    if (values.isEmpty()) {
      where.report(
          at + ".values",
          "Required value: onExitCodes needs at least one exit code",
          "list the exit codes, e.g. values: [42]");
      return;
    }
    tooMany(where, at + ".values", values.size(), MAX_EXIT_CODES, "exit codes");
    Set<Integer> seen = new HashSet<>();
    Integer previous = null;
    for (int k = 0; k < values.size(); k++) {
      Integer value = values.get(k);
      String valuePath = at + ".values[" + k + "]";
      if (value == null) {
        continue; // the reader reports a null in a list of integers
      }
      if (!seen.add(value)) {
        where.report(
            valuePath, "exit code " + value + " is listed twice", "list each exit code once");
      } else if (previous != null && value < previous) {
        where.report(
            valuePath,
            "exit codes must be in increasing order, but " + value + " follows " + previous,
            "sort the values in increasing order");
      }
      if (value == 0 && operator.equals("In")) {
        where.report(
            valuePath,
            "exit code 0 is not allowed with operator In (it means success)",
            "remove 0 from the values");
      }
      previous = value;
    }
  }

  private static void tooMany(Where where, String path, int count, int most, String what) {
    if (count > most) {
      where.report(
          path,
          "Too many: " + count + " " + what + ", at most " + most + " are allowed",
          "keep at most " + most + " " + what + " (merge or drop some)");
    }
  }

  private static void checkCondition(
      Where where, PodFailurePolicyOnPodConditionsPattern pattern, String at) {
    String type = pattern.getType() == null ? "" : pattern.getType();
    if (type.isEmpty()) {
      where.report(
          at + ".type",
          "Required value: a pod condition pattern needs a type",
          "set type, e.g. DisruptionTarget");
    } else if (!Labels.isQualifiedName(type)) {
      where.report(
          at + ".type",
          "\"" + type + "\" is not a valid condition type (a qualified name)",
          "use a condition type such as DisruptionTarget");
    }
    String status = pattern.getStatus();
    if (status != null && !STATUSES.contains(status)) { // a missing status defaults to True
      where.report(
          at + ".status",
          "status \"" + status + "\" is not \"True\", \"False\" or \"Unknown\"",
          "set status: \"True\" (quoted, it is a string)");
    }
  }
}
