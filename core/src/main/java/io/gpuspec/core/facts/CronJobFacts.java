package io.gpuspec.core.facts;

import io.fabric8.kubernetes.api.model.batch.v1.CronJobSpec;
import io.fabric8.kubernetes.api.model.batch.v1.JobSpec;
import io.gpuspec.core.report.Finding;
import java.time.ZoneId;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.Set;
import java.util.regex.Pattern;
import org.jspecify.annotations.Nullable;

/**
 * A CronJob's own fields as batch {@code validateCronJobSpec} admits them on create (<a
 * href="https://kubernetes.io/docs/concepts/workloads/controllers/cron-jobs/">CronJob</a>): a
 * {@code schedule} in the standard cron grammar without {@code TZ=}/{@code CRON_TZ=}; a {@code
 * timeZone} that is an explicit IANA zone (not empty, not {@code Local}); a {@code
 * concurrencyPolicy} of Allow, Forbid or Replace (a missing one defaults to Allow); {@code
 * startingDeadlineSeconds} and the history limits not negative; no {@code selector} and no {@code
 * manualSelector: true} in the job template (the Job's selector is generated). Every finding is a
 * rejection; reported by rule {@value #RULE}.
 */
public final class CronJobFacts {

  /** The id of the rule that reports these facts. */
  public static final String RULE = "K8S029";

  private static final Set<String> POLICIES = Set.of("Allow", "Forbid", "Replace");
  private static final Pattern ZONE_PART = Pattern.compile("[A-Za-z.\\-_0-9+]{1,14}");

  private CronJobFacts() {}

  /** K8S029 on a CronJob's {@code spec}. */
  public static List<Finding> spec(@Nullable CronJobSpec spec) {
    List<Finding> findings = new ArrayList<>();
    if (spec == null) {
      findings.add(
          Finding.rejection(
              "spec.schedule",
              "Required value: a CronJob needs a schedule",
              "set spec.schedule, e.g. \"0 2 * * *\" (daily at 02:00)"));
      return findings;
    }
    schedule(findings, spec.getSchedule());
    timeZone(findings, spec.getTimeZone());
    String policy = spec.getConcurrencyPolicy();
    if (policy != null && !policy.isEmpty() && !POLICIES.contains(policy)) {
      findings.add(
          Finding.rejection(
              "spec.concurrencyPolicy",
              "concurrencyPolicy \"" + policy + "\" is not Allow, Forbid or Replace",
              "set concurrencyPolicy: Forbid (skip a run while the last one is still going), Allow"
                  + " or Replace"));
    }
    nonNegative(findings, "spec.startingDeadlineSeconds", spec.getStartingDeadlineSeconds());
    nonNegative(findings, "spec.successfulJobsHistoryLimit", spec.getSuccessfulJobsHistoryLimit());
    nonNegative(findings, "spec.failedJobsHistoryLimit", spec.getFailedJobsHistoryLimit());
    JobSpec job = spec.getJobTemplate() == null ? null : spec.getJobTemplate().getSpec();
    if (job != null && job.getSelector() != null) {
      findings.add(
          Finding.rejection(
              "spec.jobTemplate.spec.selector",
              "a job template's selector is generated; the API server rejects one written here",
              "remove spec.jobTemplate.spec.selector"));
    }
    if (job != null && Boolean.TRUE.equals(job.getManualSelector())) {
      findings.add(
          Finding.rejection(
              "spec.jobTemplate.spec.manualSelector",
              "manualSelector: true is not supported in a job template",
              "remove manualSelector (or set it to false)"));
    }
    return findings;
  }

  private static void schedule(List<Finding> findings, @Nullable String schedule) {
    if (schedule == null || schedule.isEmpty()) {
      findings.add(
          Finding.rejection(
              "spec.schedule",
              "Required value: a CronJob needs a schedule",
              "set spec.schedule, e.g. \"0 2 * * *\" (daily at 02:00)"));
      return;
    }
    Optional<String> problem = CronSchedule.problem(schedule);
    if (problem.isPresent()) {
      findings.add(
          Finding.rejection(
              "spec.schedule",
              "schedule \"" + schedule + "\" does not parse: " + problem.get(),
              "write five fields, minute hour day-of-month month day-of-week, e.g. \"*/15 * * *"
                  + " *\", or a macro such as @daily"));
    }
    if (schedule.contains("TZ")) {
      findings.add(
          Finding.rejection(
              "spec.schedule",
              "schedule \"" + schedule + "\" names a time zone (TZ or CRON_TZ)",
              "remove the TZ=… part and set spec.timeZone instead, e.g. timeZone: Etc/UTC"));
    }
  }

  private static void timeZone(List<Finding> findings, @Nullable String zone) {
    if (zone == null) {
      return; // the controller's local time zone
    }
    String fix = "use an IANA zone name such as Etc/UTC or Europe/Berlin, or drop timeZone";
    if (zone.isEmpty()) {
      findings.add(
          Finding.rejection(
              "spec.timeZone", "timeZone is empty; leave it out or name a zone", fix));
      return;
    }
    for (String part : zone.split("/", -1)) {
      if (part.equals(".")
          || part.equals("..")
          || part.startsWith("-")
          || !ZONE_PART.matcher(part).matches()) {
        findings.add(Finding.rejection("spec.timeZone", "unknown time zone \"" + zone + "\"", fix));
        return;
      }
    }
    if (zone.toLowerCase(Locale.ROOT).equals("local")) {
      findings.add(
          Finding.rejection(
              "spec.timeZone", "timeZone \"" + zone + "\" is not an explicit IANA time zone", fix));
    } else if (!ZoneId.getAvailableZoneIds().contains(zone)) {
      findings.add(Finding.rejection("spec.timeZone", "unknown time zone \"" + zone + "\"", fix));
    }
  }

  private static void nonNegative(List<Finding> findings, String path, @Nullable Number value) {
    if (value != null && value.longValue() < 0) {
      findings.add(Finding.rejection(path, value + " is negative", "use 0 or more"));
    }
  }
}
