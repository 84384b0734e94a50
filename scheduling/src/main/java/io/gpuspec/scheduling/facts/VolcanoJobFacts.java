package io.gpuspec.scheduling.facts;

import io.gpuspec.core.k8s.Names;
import io.gpuspec.core.report.Finding;
import io.gpuspec.scheduling.model.volcano.batch.JobSpec;
import io.gpuspec.scheduling.model.volcano.batch.LifecyclePolicy;
import io.gpuspec.scheduling.model.volcano.batch.TaskSpec;
import io.gpuspec.scheduling.model.volcano.batch.VolumeSpec;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.jspecify.annotations.Nullable;

/**
 * A Volcano Job as Volcano's job admission webhook ({@code validateJobCreate}) admits it (<a
 * href="https://volcano.sh/en/docs/vcjob/">Volcano Job</a>): at least one task, task names used
 * once, tasks whose {@code dependsOn} form a DAG over the job's own tasks; lifecycle policies (job
 * and task) with exactly one of events and {@code exitCode}, only the events and actions a user may
 * give, no event in two policies, {@code *} alone, exit codes other than 0 and used once; job
 * volumes with a {@code mountPath} used once and exactly one of {@code volumeClaim} and a valid
 * {@code volumeClaimName}. Every finding is a rejection; reported by rule {@value #RULE}.
 */
public final class VolcanoJobFacts {

  /** The id of the rule that reports these facts. */
  public static final String RULE = "SCH035";

  private static final Set<String> EVENTS =
      Set.of(
          "*", "PodFailed", "PodEvicted", "Unknown", "TaskCompleted", "TaskFailed", "JobUpdated");
  private static final Set<String> ACTIONS =
      Set.of("AbortJob", "RestartJob", "RestartTask", "TerminateJob", "CompleteJob", "ResumeJob");

  private VolcanoJobFacts() {}

  /** SCH035 on a Volcano Job's spec. */
  public static List<Finding> spec(@Nullable JobSpec spec) {
    List<Finding> findings = new ArrayList<>();
    List<TaskSpec> tasks = spec == null || spec.getTasks() == null ? List.of() : spec.getTasks();
    if (spec == null || tasks.isEmpty()) {
      findings.add(
          Finding.rejection(
              "spec.tasks",
              "No task specified in job spec",
              "add a task with a name, replicas and a pod template"));
      return findings;
    }
    Set<String> names = new HashSet<>();
    for (int i = 0; i < tasks.size(); i++) {
      TaskSpec task = tasks.get(i) == null ? new TaskSpec() : tasks.get(i);
      if (task.getName() != null && !names.add(task.getName())) {
        findings.add(
            Finding.rejection(
                "spec.tasks[" + i + "].name",
                "duplicated task name \"" + task.getName() + "\"",
                "give each task its own name, e.g. master and worker"));
      }
      policies(findings, "spec.tasks[" + i + "].policies", task.getPolicies());
    }
    policies(findings, "spec.policies", spec.getPolicies());
    dependencies(findings, tasks);
    volumes(findings, spec.getVolumes());
    return findings;
  }

  private static void policies(
      List<Finding> findings, String path, @Nullable List<LifecyclePolicy> policies) {
    if (policies == null) {
      return;
    }
    Set<String> events = new HashSet<>();
    Set<Integer> exitCodes = new HashSet<>();
    for (int i = 0; i < policies.size(); i++) {
      LifecyclePolicy policy = policies.get(i) == null ? new LifecyclePolicy() : policies.get(i);
      String at = path + "[" + i + "]";
      Set<String> named = new LinkedHashSet<>();
      if (policy.getEvents() != null) {
        named.addAll(policy.getEvents());
      }
      if (policy.getEvent() != null && !policy.getEvent().isEmpty()) {
        named.add(policy.getEvent());
      }
      Integer exitCode = policy.getExitCode();
      if (!named.isEmpty() && exitCode != null) {
        findings.add(
            Finding.rejection(
                at, "must not specify event and exitCode simultaneously", "split it in two"));
        return;
      }
      if (named.isEmpty() && exitCode == null) {
        findings.add(
            Finding.rejection(
                at,
                "either event and exitCode should be specified",
                "set event (e.g. PodEvicted) or exitCode"));
        return;
      }
      for (String event : named) {
        String problem =
            !EVENTS.contains(event)
                ? "invalid policy event \"" + event + "\""
                : !ACTIONS.contains(policy.getAction())
                    ? "invalid policy action \"" + policy.getAction() + "\""
                    : !events.add(event)
                        ? "duplicate event " + event + " across different policies"
                        : null;
        if (problem != null) {
          findings.add(
              Finding.rejection(
                  at,
                  problem,
                  "use events *, PodFailed, PodEvicted, Unknown, TaskCompleted, TaskFailed,"
                      + " JobUpdated (each in one policy) with actions AbortJob, RestartJob,"
                      + " RestartTask, TerminateJob, CompleteJob, ResumeJob"));
          return;
        }
      }
      if (named.isEmpty() && (exitCode == 0 || !exitCodes.add(exitCode))) {
        findings.add(
            Finding.rejection(
                at + ".exitCode",
                exitCode == 0 ? "0 is not a valid error code" : "duplicate exitCode " + exitCode,
                "use a non-zero exit code, once per policy list"));
        return;
      }
    }
    if (events.contains("*") && events.size() > 1) {
      findings.add(
          Finding.rejection(
              path,
              "if there's * here, no other policy should be here",
              "keep the * policy alone, or name the events"));
    }
  }

  /** Kahn's algorithm over the tasks' {@code dependsOn}: a name outside the job never resolves. */
  private static void dependencies(List<Finding> findings, List<TaskSpec> tasks) {
    Map<String, Integer> inDegree = new HashMap<>();
    Map<String, List<String>> dependents = new HashMap<>();
    boolean any = false;
    for (TaskSpec task : tasks) {
      if (task == null) {
        continue;
      }
      String name = String.valueOf(task.getName());
      inDegree.putIfAbsent(name, 0);
      if (task.getDependsOn() != null && task.getDependsOn().getName() != null) {
        for (String on : task.getDependsOn().getName()) {
          any = true;
          dependents.computeIfAbsent(on, k -> new ArrayList<>()).add(name);
          inDegree.merge(name, 1, Integer::sum);
        }
      }
    }
    if (!any) {
      return;
    }
    Deque<String> ready = new ArrayDeque<>();
    inDegree.forEach(
        (name, degree) -> {
          if (degree == 0) {
            ready.add(name);
          }
        });
    int sorted = 0;
    while (!ready.isEmpty()) {
      String done = ready.pop();
      sorted++;
      for (String next : dependents.getOrDefault(done, List.of())) {
        if (inDegree.merge(next, -1, Integer::sum) == 0) {
          ready.add(next);
        }
      }
    }
    if (sorted != inDegree.size()) {
      findings.add(
          Finding.rejection(
              "spec.tasks",
              "the tasks' dependsOn do not form a directed acyclic graph (a cycle, or a task"
                  + " the job does not have)",
              "let each task depend only on other tasks of this job, without cycles"));
    }
  }

  private static void volumes(List<Finding> findings, @Nullable List<VolumeSpec> volumes) {
    if (volumes == null) {
      return;
    }
    Set<String> paths = new HashSet<>();
    for (int i = 0; i < volumes.size(); i++) {
      VolumeSpec volume = volumes.get(i) == null ? new VolumeSpec() : volumes.get(i);
      String at = "spec.volumes[" + i + "]";
      String mountPath = volume.getMountPath() == null ? "" : volume.getMountPath();
      String claimName = volume.getVolumeClaimName() == null ? "" : volume.getVolumeClaimName();
      String problem = null;
      if (mountPath.isEmpty()) {
        problem = "mountPath is required";
      } else if (paths.contains(mountPath)) {
        problem = "duplicated mountPath " + mountPath;
      } else if (volume.getVolumeClaim() == null && claimName.isEmpty()) {
        problem = "either volumeClaim or volumeClaimName must be specified";
      } else if (!claimName.isEmpty() && volume.getVolumeClaim() != null) {
        problem = "volumeClaim and volumeClaimName are both set";
      } else if (!claimName.isEmpty() && !Names.isDns1123Subdomain(claimName)) {
        problem = "volumeClaimName \"" + claimName + "\" is not a valid claim name";
      }
      if (problem != null) {
        findings.add(
            Finding.rejection(
                at,
                problem,
                "give each volume its own mountPath and either volumeClaimName (an existing"
                    + " claim) or volumeClaim (a new one)"));
        return; // the webhook stops at the first bad volume
      }
      paths.add(mountPath);
    }
  }
}
