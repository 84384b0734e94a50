package io.gpuspec.core.facts;

import io.fabric8.kubernetes.api.model.batch.v1.JobSpec;
import io.fabric8.kubernetes.api.model.batch.v1.SuccessPolicy;
import io.fabric8.kubernetes.api.model.batch.v1.SuccessPolicyRule;
import io.gpuspec.core.k8s.Names;
import io.gpuspec.core.k8s.NullFree;
import io.gpuspec.core.report.Finding;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.regex.Pattern;
import org.jspecify.annotations.Nullable;

/**
 * A Job's completion fields as batch {@code validateJobSpec} admits them (<a
 * href="https://kubernetes.io/docs/concepts/workloads/controllers/job/#completion-mode">Completion
 * mode</a>), judged after the API server's defaulting (a Job with neither {@code completions} nor
 * {@code parallelism} gets both 1): {@code parallelism} and {@code completions} not negative;
 * {@code completionMode} NonIndexed or Indexed; an Indexed Job with {@code completions}, at most
 * 100,000 {@code parallelism}, and a name whose last pod host name {@code <name>-<completions-1>}
 * is a DNS label; {@code backoffLimitPerIndex}, {@code maxFailedIndexes} and {@code successPolicy}
 * only on Indexed Jobs and within their bounds; a known {@code podReplacementPolicy} (only {@code
 * Failed} with a podFailurePolicy); a {@code managedBy} that is a domain-prefixed path of at most
 * 63 characters. Every finding is a rejection; reported by rule {@value #RULE}, also inside a
 * CronJob's {@code jobTemplate}.
 */
public final class JobFacts {

  /** The id of the rule that reports these facts. */
  public static final String RULE = "K8S028";

  /** The most pods an Indexed Job may run at once, and the most indexes it may let fail. */
  public static final int MAX_INDEXED = 100_000;

  private static final int HIGH_COMPLETIONS_LIMIT = 10_000;
  private static final int MAX_SUCCESS_RULES = 20;
  private static final int MAX_SUCCEEDED_INDEXES_LENGTH = 64 * 1024;
  private static final int MAX_MANAGED_BY = 63;
  private static final Set<String> REPLACEMENT_POLICIES = Set.of("TerminatingOrFailed", "Failed");
  private static final Pattern PATH_SEGMENT = Pattern.compile("[A-Za-z0-9/\\-._~%!$&'()*+,;=:]+");

  private JobFacts() {}

  /** K8S028 on the spec under {@code path} ({@code spec}, or a CronJob's job template's spec). */
  public static List<Finding> spec(String path, @Nullable JobSpec spec) {
    List<Finding> findings = new ArrayList<>();
    if (spec == null) {
      return findings;
    }
    Integer parallelism = spec.getParallelism();
    Integer completions = spec.getCompletions();
    nonNegative(findings, path + ".parallelism", parallelism);
    nonNegative(findings, path + ".completions", completions);
    if (completions == null && parallelism == null) {
      completions = 1; // the API server defaults both to 1
    }
    Integer perIndex = spec.getBackoffLimitPerIndex();
    Integer maxFailed = spec.getMaxFailedIndexes();
    nonNegative(findings, path + ".backoffLimitPerIndex", perIndex);
    nonNegative(findings, path + ".maxFailedIndexes", maxFailed);
    if (maxFailed != null && perIndex == null) {
      findings.add(
          Finding.rejection(
              path + ".backoffLimitPerIndex",
              "Required value: maxFailedIndexes needs backoffLimitPerIndex",
              "set backoffLimitPerIndex (retries per index), or drop maxFailedIndexes"));
    }
    managedBy(findings, path + ".managedBy", spec.getManagedBy());
    String mode = spec.getCompletionMode();
    boolean indexed = "Indexed".equals(mode);
    if (mode != null && !indexed && !mode.equals("NonIndexed")) {
      findings.add(
          Finding.rejection(
              path + ".completionMode",
              "completionMode \"" + mode + "\" is not NonIndexed or Indexed",
              "set completionMode: Indexed (one pod per index, ranked workers) or NonIndexed"));
    }
    if (indexed) {
      indexed(findings, path, completions, parallelism, perIndex, maxFailed);
    } else {
      needsIndexed(findings, path, "backoffLimitPerIndex", perIndex);
      needsIndexed(findings, path, "maxFailedIndexes", maxFailed);
    }
    if (spec.getSuccessPolicy() != null) {
      if (!indexed) {
        findings.add(
            Finding.rejection(
                path + ".successPolicy",
                "a successPolicy requires completionMode: Indexed",
                "set completionMode: Indexed with completions, or drop successPolicy"));
      } else if (completions != null) {
        successPolicy(findings, path + ".successPolicy", spec.getSuccessPolicy(), completions);
      }
    }
    replacement(findings, path + ".podReplacementPolicy", spec);
    return findings;
  }

  /**
   * K8S028 on a Job's name: the pods of an Indexed Job get the host name {@code <name>-<index>},
   * which must be a DNS label for the highest index {@code completions - 1}.
   */
  public static List<Finding> indexedHostnames(@Nullable String name, @Nullable JobSpec spec) {
    if (name == null
        || spec == null
        || !"Indexed".equals(spec.getCompletionMode())
        || spec.getCompletions() == null
        || spec.getCompletions() <= 0
        || !Names.isDns1123Subdomain(name)) {
      return List.of();
    }
    String last = name + "-" + (spec.getCompletions() - 1);
    if (Names.isDns1123Label(last)) {
      return List.of();
    }
    return List.of(
        Finding.rejection(
            "metadata.name",
            "the last pod's host name \""
                + last
                + "\" is not a DNS label (at most 63 characters, no dots); the API server"
                + " rejects an Indexed Job whose pods could not be named",
            "shorten the name to at most "
                + Math.max(1, 62 - String.valueOf(spec.getCompletions() - 1).length())
                + " characters without dots"));
  }

  private static void indexed(
      List<Finding> findings,
      String path,
      @Nullable Integer completions,
      @Nullable Integer parallelism,
      @Nullable Integer perIndex,
      @Nullable Integer maxFailed) {
    if (completions == null) {
      findings.add(
          Finding.rejection(
              path + ".completions",
              "Required value: an Indexed Job needs completions (it has parallelism "
                  + parallelism
                  + ")",
              "set completions to the number of indexes, e.g. " + parallelism));
    }
    if (parallelism != null && parallelism > MAX_INDEXED) {
      findings.add(
          Finding.rejection(
              path + ".parallelism",
              "parallelism " + parallelism + " is above 100000, the most an Indexed Job may run",
              "set parallelism to at most 100000"));
    }
    if (maxFailed != null && completions != null && maxFailed > completions) {
      findings.add(
          Finding.rejection(
              path + ".maxFailedIndexes",
              "maxFailedIndexes " + maxFailed + " is above completions " + completions,
              "set maxFailedIndexes to at most " + completions));
    }
    if (maxFailed != null && maxFailed > MAX_INDEXED) {
      findings.add(
          Finding.rejection(
              path + ".maxFailedIndexes",
              "maxFailedIndexes " + maxFailed + " is above 100000",
              "set maxFailedIndexes to at most 100000"));
    }
    if (completions != null && completions > MAX_INDEXED && perIndex != null) {
      if (maxFailed == null) {
        findings.add(
            Finding.rejection(
                path + ".maxFailedIndexes",
                "Required value: with backoffLimitPerIndex and more than 100000 completions,"
                    + " maxFailedIndexes must be set",
                "set maxFailedIndexes to at most 10000"));
      } else if (maxFailed > HIGH_COMPLETIONS_LIMIT) {
        findings.add(
            Finding.rejection(
                path + ".maxFailedIndexes",
                "maxFailedIndexes "
                    + maxFailed
                    + " is above 10000, the most with backoffLimitPerIndex and more than 100000"
                    + " completions",
                "set maxFailedIndexes to at most 10000"));
      }
      if (parallelism != null && parallelism > HIGH_COMPLETIONS_LIMIT) {
        findings.add(
            Finding.rejection(
                path + ".parallelism",
                "parallelism "
                    + parallelism
                    + " is above 10000, the most with backoffLimitPerIndex and more than 100000"
                    + " completions",
                "set parallelism to at most 10000"));
      }
    }
  }

  private static void successPolicy(
      List<Finding> findings, String path, SuccessPolicy policy, int completions) {
    List<SuccessPolicyRule> rules = NullFree.list(policy.getRules());
    if (rules.isEmpty()) {
      findings.add(
          Finding.rejection(
              path + ".rules",
              "Required value: a successPolicy needs at least one rule",
              "add a rule, e.g. {succeededIndexes: \"0\"} (the leader succeeding ends the Job)"));
    } else if (rules.size() > MAX_SUCCESS_RULES) {
      findings.add(
          Finding.rejection(
              path + ".rules",
              rules.size() + " rules are more than the 20 allowed",
              "merge rules until at most 20 remain"));
    }
    for (int i = 0; i < rules.size(); i++) {
      SuccessPolicyRule rule = rules.get(i) == null ? new SuccessPolicyRule() : rules.get(i);
      String at = path + ".rules[" + i + "]";
      String indexes = rule.getSucceededIndexes();
      Integer count = rule.getSucceededCount();
      if (indexes == null && count == null) {
        findings.add(
            Finding.rejection(
                at,
                "Required value: a rule needs succeededIndexes or succeededCount",
                "set succeededIndexes (e.g. \"0-3\") or succeededCount"));
      }
      long total = 0;
      if (indexes != null) {
        if (indexes.length() > MAX_SUCCEEDED_INDEXES_LENGTH) {
          findings.add(
              Finding.rejection(
                  at + ".succeededIndexes",
                  "succeededIndexes is longer than 65536 characters",
                  "use ranges such as \"0-99\" instead of listing each index"));
        }
        IndexList parsed = IndexList.parse(indexes, completions);
        if (parsed.error() != null) {
          findings.add(
              Finding.rejection(
                  at + ".succeededIndexes",
                  "succeededIndexes \"" + indexes + "\" does not parse: " + parsed.error(),
                  "list increasing indexes below completions ("
                      + completions
                      + ") as \"0,2-5\", ranges with the smaller index first"));
        }
        total = parsed.total();
      }
      if (count != null) {
        String countPath = at + ".succeededCount";
        if (count < 0) {
          findings.add(
              Finding.rejection(countPath, count + " is negative", "use 0 or more succeeded pods"));
        }
        if (count > completions) {
          findings.add(
              Finding.rejection(
                  countPath,
                  "succeededCount " + count + " is above completions " + completions,
                  "set succeededCount to at most " + completions));
        }
        if (indexes != null && count > total) {
          findings.add(
              Finding.rejection(
                  countPath,
                  "succeededCount "
                      + count
                      + " is above the "
                      + total
                      + " indexes that succeededIndexes names",
                  "set succeededCount to at most " + total + ", or name more indexes"));
        }
      }
    }
  }

  private static void replacement(List<Finding> findings, String path, JobSpec spec) {
    String policy = spec.getPodReplacementPolicy();
    if (policy == null) {
      return; // defaulted to Failed with a podFailurePolicy, TerminatingOrFailed without
    }
    if (spec.getPodFailurePolicy() != null && !policy.equals("Failed")) {
      findings.add(
          Finding.rejection(
              path,
              "podReplacementPolicy \""
                  + policy
                  + "\" is not Failed, the only one a podFailurePolicy takes",
              "set podReplacementPolicy: Failed, or drop it (it then defaults to Failed)"));
    } else if (!REPLACEMENT_POLICIES.contains(policy)) {
      findings.add(
          Finding.rejection(
              path,
              "podReplacementPolicy \"" + policy + "\" is not TerminatingOrFailed or Failed",
              "set podReplacementPolicy: Failed (replace a pod once it has fully terminated) or"
                  + " TerminatingOrFailed"));
    }
  }

  /** apimachinery {@code IsDomainPrefixedPath}: a DNS subdomain, then a path of URL characters. */
  private static void managedBy(List<Finding> findings, String path, @Nullable String managedBy) {
    if (managedBy == null) {
      return;
    }
    int slash = managedBy.indexOf('/');
    boolean valid =
        slash > 0
            && Names.isDns1123Subdomain(managedBy.substring(0, slash))
            && PATH_SEGMENT.matcher(managedBy.substring(slash + 1)).matches();
    if (!valid) {
      findings.add(
          Finding.rejection(
              path,
              "managedBy \"" + managedBy + "\" is not a domain-prefixed path",
              "name the controller as <domain>/<path>, e.g. kueue.x-k8s.io/multikueue, or drop"
                  + " managedBy (the built-in Job controller is kubernetes.io/job-controller)"));
    }
    if (managedBy.length() > MAX_MANAGED_BY) {
      findings.add(
          Finding.rejection(
              path,
              "managedBy is " + managedBy.length() + " characters, more than 63",
              "use a controller name of at most 63 characters"));
    }
  }

  private static void needsIndexed(
      List<Finding> findings, String path, String field, @Nullable Integer value) {
    if (value != null) {
      findings.add(
          Finding.rejection(
              path + "." + field,
              field + " requires completionMode: Indexed",
              "set completionMode: Indexed with completions, or drop " + field));
    }
  }

  private static void nonNegative(List<Finding> findings, String path, @Nullable Integer value) {
    if (value != null && value < 0) {
      findings.add(Finding.rejection(path, value + " is negative", "use 0 or more"));
    }
  }
}
