package io.gpuspec.core.fleet;

import io.gpuspec.core.NodeGroup;
import io.gpuspec.core.k8s.GpuResources;
import io.gpuspec.core.report.ObjectRef;
import io.gpuspec.core.report.Severity;
import io.gpuspec.core.report.SourceLocation;
import io.gpuspec.core.report.Violation;
import java.math.BigDecimal;
import java.util.AbstractMap;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashSet;
import java.util.IdentityHashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;
import org.jspecify.annotations.Nullable;

/**
 * The answer of a {@link FleetCheck}: for every pod template of every workload, the node groups it
 * fits and why each other group cannot take it; findings for what can never run; and GPU capacity.
 */
public final class FleetReport {

  /** Rule id: a pod template fits no node group, so its pods stay Pending forever. */
  public static final String NEVER_SCHEDULES = "FLEET001";

  /** Rule id: a gang's pods cannot all run at once on the groups it fits. */
  public static final String GANG_TOO_LARGE = "FLEET002";

  /**
   * Rule id: a workload whose pods need not start together runs more pods than the groups it fits
   * hold at once, so they run in waves (a Job) or some stay Pending (an always-on workload).
   */
  public static final String RUNS_IN_WAVES = "FLEET003";

  private static final Set<String> ALWAYS_ON =
      Set.of(
          "Deployment",
          "StatefulSet",
          "ReplicaSet",
          "ReplicationController",
          "DaemonSet",
          "LeaderWorkerSet");

  /**
   * One pod template's answer.
   *
   * @param role replica role (e.g. {@code Worker}), empty for single-template workloads
   * @param specPath field path of the template's pod spec
   * @param pods pods of this template that run at once
   * @param gpusPerPod GPUs (of any GPU resource) one pod requests
   * @param fits names of the node groups a pod fits
   * @param blocked for every other group, why not
   * @param capacity how many such pods the fitting groups hold at once
   * @param together how many of these pods must run at the same time because the workload is a gang
   *     (a PodGroup, a gang-scheduled training job, a JobSet, ...); 0 when its pods start as they
   *     fit
   */
  public record Placement(
      ObjectRef workload,
      String role,
      String specPath,
      int pods,
      long gpusPerPod,
      List<String> fits,
      Map<String, String> blocked,
      long capacity,
      int together,
      Optional<SourceLocation> source,
      Written written) {

    public Placement {
      fits = List.copyOf(fits);
      blocked = frozen(blocked);
    }

    /** Whether some node group can take one pod. */
    public boolean schedulable() {
      return !fits.isEmpty();
    }

    /**
     * Whether its pods run all the time (a Deployment, StatefulSet, DaemonSet, …) rather than as a
     * batch that ends (a Job, a training job): always-on GPUs are held, batch GPUs come and go.
     */
    public boolean alwaysOn() {
      return ALWAYS_ON.contains(workload.kind());
    }
  }

  /**
   * Where a template's pod spec was written: the workload itself at {@code specPath}, or, for a
   * workload whose templates a controller merges from several objects (a TrainJob and its runtime),
   * the object and field its {@code Workload.origins} name.
   *
   * @param object the object that wrote it
   * @param path the field path of the pod spec there
   * @param source where that field is in the files read, if known
   */
  public record Written(ObjectRef object, String path, Optional<SourceLocation> source) {}

  /**
   * An unmodifiable copy of {@code blocked} in its order (the fleet's group order), or {@code
   * blocked} itself when it is such a copy already: the fleet check hands one to every template of
   * a demand.
   */
  static Map<String, String> frozen(Map<String, String> blocked) {
    return blocked instanceof Frozen ? blocked : new Frozen(new LinkedHashMap<>(blocked));
  }

  /** An ordered, unmodifiable map, recognisable so that it is not copied again. */
  private static final class Frozen extends AbstractMap<String, String> {
    private final Map<String, String> entries;
    private final Set<Map.Entry<String, String>> view;

    Frozen(LinkedHashMap<String, String> entries) {
      entries.forEach(
          (k, v) -> {
            Objects.requireNonNull(k, "blocked group name");
            Objects.requireNonNull(v, "blocked reason");
          });
      this.entries = entries;
      this.view = Collections.unmodifiableMap(entries).entrySet();
    }

    @Override
    public Set<Map.Entry<String, String>> entrySet() {
      return view;
    }

    @Override
    public @Nullable String get(Object key) {
      return entries.get(key);
    }

    @Override
    public boolean containsKey(Object key) {
      return entries.containsKey(key);
    }

    @Override
    public int size() {
      return entries.size();
    }
  }

  /**
   * GPUs of one node group and what always-on workloads (Deployments, StatefulSets, DaemonSets, …)
   * request there.
   *
   * @param gpus GPUs of every GPU resource over all the group's nodes
   * @param requestedHereOnly GPUs of always-on workloads that fit only this group
   * @param requestedHereOrElsewhere GPUs of always-on workloads that fit this group and others
   */
  public record Capacity(
      String group, long gpus, long requestedHereOnly, long requestedHereOrElsewhere) {}

  /**
   * Whether one gang of a distributed workload of several pod templates can run at once, each pod
   * of each template fitting some node group on its own.
   *
   * @param specPath the field path of its first template's pod spec, where a finding points
   * @param roles each template's role and pods per gang, e.g. {@code Leader 1}
   * @param groups how many such gangs the workload runs (each must fit on its own)
   * @param fits whether all its pods fit the fleet's nodes at once; empty when the search gave up
   */
  public record Gang(
      ObjectRef workload,
      String specPath,
      List<String> roles,
      int groups,
      Optional<Boolean> fits,
      Optional<SourceLocation> source) {
    public Gang {
      roles = List.copyOf(roles);
    }
  }

  private final List<Placement> placements;
  private final List<Gang> gangs;
  private final List<NodeGroup> groups;
  private final List<DomainFit.Answer> domains;

  FleetReport(
      List<Placement> placements,
      List<Gang> gangs,
      List<NodeGroup> groups,
      List<DomainFit.Answer> domains) {
    this.placements = List.copyOf(placements);
    this.gangs = List.copyOf(gangs);
    this.groups = List.copyOf(groups);
    this.domains = List.copyOf(domains);
  }

  FleetReport(List<Placement> placements, List<Gang> gangs, List<NodeGroup> groups) {
    this(placements, gangs, groups, List.of());
  }

  FleetReport(List<Placement> placements, List<NodeGroup> groups) {
    this(placements, List.of(), groups);
  }

  public List<Placement> placements() {
    return placements;
  }

  /** The pod sets that must or should run within one topology domain, and where they fit. */
  public List<DomainFit.Answer> domains() {
    return domains;
  }

  /** The gangs of several pod templates whose every template fits on its own. */
  public List<Gang> gangs() {
    return gangs;
  }

  /** The findings: templates that fit no group, gangs larger than what they fit. */
  public List<Violation> violations() {
    List<Violation> violations = new ArrayList<>();
    // templates of one demand share their blocked map: join its reasons once
    Map<Map<String, String>, String> joined = new IdentityHashMap<>();
    // a pod spec written in another object (a TrainJob's runtime) that the other object's own view,
    // or another workload's, already reports is reported once
    Set<String> never = new HashSet<>();
    for (Placement p : placements) {
      if (!p.schedulable() && p.written().object().equals(p.workload())) {
        never.add(p.written().object() + " " + p.written().path());
      }
    }
    for (Placement p : placements) {
      String subject = p.workload() + (p.role().isEmpty() ? "" : " " + p.role());
      boolean moved = !p.written().object().equals(p.workload());
      if (!p.schedulable()
          && moved
          && !never.add(p.written().object() + " " + p.written().path())) {
        continue;
      }
      if (!p.schedulable()) {
        String reasons = joined.computeIfAbsent(p.blocked(), b -> reasons(b, "pool "));
        // what keeps a pod off every pool is in its pod spec: report it where that was written
        violations.add(
            new Violation(
                NEVER_SCHEDULES,
                Severity.ERROR,
                p.written().object(),
                p.written().path(),
                subject
                    + " can never schedule: "
                    + (reasons.isEmpty() ? "the fleet has no nodes" : reasons),
                "change the pod's node selection, tolerations or requests to match a pool, or add"
                    + " a pool that offers them",
                p.written().source()));
      } else if (p.together() > p.capacity()) {
        violations.add(
            new Violation(
                GANG_TOO_LARGE,
                Severity.ERROR,
                p.workload(),
                p.specPath(),
                subject
                    + " needs "
                    + p.together()
                    + " pods at once but pools "
                    + p.fits()
                    + " hold at most "
                    + p.capacity(),
                "run fewer replicas, request fewer resources per pod, or add nodes to those pools",
                p.source()));
      } else if (p.pods() > p.capacity()) {
        violations.add(waves(p, subject));
      }
    }
    for (Gang gang : gangs) {
      if (gang.fits().isPresent() && !gang.fits().get()) {
        violations.add(
            new Violation(
                GANG_TOO_LARGE,
                Severity.ERROR,
                gang.workload(),
                gang.specPath(),
                gang.workload()
                    + (gang.groups() > 1
                        ? ": each of its " + gang.groups() + " gangs ("
                        : ": its gang (")
                    + String.join(", ", gang.roles())
                    + " pods) cannot run at once: each pod fits a pool on its own, but the fleet's"
                    + " nodes cannot hold all of them together",
                "add nodes to the pools they fit, request fewer resources per pod, or make the gang"
                    + " smaller",
                gang.source()));
      }
    }
    violations.addAll(DomainFit.violations(domains));
    return violations;
  }

  /**
   * FLEET003: more pods than the pools hold at once, of a workload whose pods need not start
   * together.
   */
  private static Violation waves(Placement p, String subject) {
    boolean alwaysOn = ALWAYS_ON.contains(p.workload().kind());
    return new Violation(
        RUNS_IN_WAVES,
        Severity.WARNING,
        p.workload(),
        p.specPath(),
        subject
            + " runs "
            + p.pods()
            + " pods but pools "
            + p.fits()
            + " hold at most "
            + p.capacity()
            + " at once"
            + (alwaysOn
                ? "; the other replicas stay Pending until nodes are added"
                : "; nothing makes them start together, so the pods run in waves as nodes"
                    + " free up"),
        alwaysOn
            ? "run at most " + p.capacity() + " replicas, or add nodes to those pools"
            : "nothing to do if the pods are independent; if they must run together, make the"
                + " workload a gang (a PodGroup, a gang-scheduled job) no larger than "
                + p.capacity()
                + " pods",
        p.source());
  }

  /** The reasons per group, sorted by group, each after {@code prefix} and the group's name. */
  private static String reasons(Map<String, String> blocked, String prefix) {
    return String.join(
        "; ",
        blocked.entrySet().stream()
            .sorted(Map.Entry.comparingByKey())
            .map(e -> prefix + e.getKey() + ": " + e.getValue())
            .toList());
  }

  /**
   * Per node group: its GPUs, the GPUs that always-on workloads fitting only this group request,
   * and those of always-on workloads that fit this group and others too.
   */
  public List<Capacity> capacity() {
    Map<String, Long> only = new LinkedHashMap<>();
    Map<String, Long> shared = new LinkedHashMap<>();
    for (Placement p : placements) {
      if (ALWAYS_ON.contains(p.workload().kind())) {
        Map<String, Long> target = p.fits().size() == 1 ? only : shared;
        p.fits().forEach(group -> target.merge(group, p.pods() * p.gpusPerPod(), Long::sum));
      }
    }
    List<Capacity> capacity = new ArrayList<>();
    for (NodeGroup group : groups) {
      long gpus =
          group.allocatable().entrySet().stream()
                  .filter(e -> GpuResources.isGpu(e.getKey()))
                  .map(Map.Entry::getValue)
                  .reduce(BigDecimal.ZERO, BigDecimal::add)
                  .longValue()
              * group.nodeCount();
      capacity.add(
          new Capacity(
              group.name(),
              gpus,
              only.getOrDefault(group.name(), 0L),
              shared.getOrDefault(group.name(), 0L)));
    }
    return capacity;
  }

  /**
   * The schedulability table (workload, pods, GPUs per pod, pools that fit or why none), then the
   * capacity table, then, for pod sets that must or should run within one topology domain, the
   * largest domain of their level.
   */
  public String table() {
    List<List<String>> workloads = new ArrayList<>();
    workloads.add(List.of("WORKLOAD", "PODS", "GPUS/POD", "SCHEDULABLE ON"));
    Map<Map<String, String>, String> never = new IdentityHashMap<>();
    for (Placement p : placements) {
      workloads.add(
          List.of(
              p.workload() + (p.role().isEmpty() ? "" : " " + p.role()),
              Integer.toString(p.pods()),
              Long.toString(p.gpusPerPod()),
              p.schedulable()
                  ? String.join(", ", p.fits())
                  : "never: " + never.computeIfAbsent(p.blocked(), b -> reasons(b, ""))));
    }
    List<List<String>> pools = new ArrayList<>();
    pools.add(List.of("POOL", "GPUS", "ALWAYS-ON HERE ONLY", "ALWAYS-ON HERE OR ELSEWHERE"));
    for (Capacity c : capacity()) {
      pools.add(
          List.of(
              c.group(),
              Long.toString(c.gpus()),
              Long.toString(c.requestedHereOnly()),
              Long.toString(c.requestedHereOrElsewhere())));
    }
    return columns(workloads)
        + "\n"
        + columns(pools)
        + (domains.isEmpty() ? "" : "\n" + columns(DomainFit.rows(domains)));
  }

  /** Rows as left-aligned columns two spaces apart; the last column is not padded. */
  private static String columns(List<List<String>> rows) {
    int[] widths = new int[rows.get(0).size()];
    for (List<String> row : rows) {
      for (int i = 0; i < widths.length - 1; i++) {
        widths[i] = Math.max(widths[i], row.get(i).length());
      }
    }
    StringBuilder text = new StringBuilder();
    for (List<String> row : rows) {
      for (int i = 0; i < widths.length - 1; i++) {
        text.append(row.get(i)).append(" ".repeat(widths[i] - row.get(i).length() + 2));
      }
      text.append(row.get(widths.length - 1)).append('\n');
    }
    return text.toString();
  }
}
