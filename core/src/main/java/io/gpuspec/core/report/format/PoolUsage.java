package io.gpuspec.core.report.format;

import io.gpuspec.core.fleet.FleetReport;
import io.gpuspec.core.report.ObjectRef;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * GPU capacity against what workloads request, per pool, split two ways: by team (the workload's
 * namespace) and by priority tier. A pod template that fits exactly one pool counts there; one that
 * fits several counts as "may land here" in each, since the scheduler picks among them. Only
 * schedulable templates that request GPUs count.
 */
final class PoolUsage {

  /** How many teams or tiers get their own colour; the rest are one "other" segment. */
  static final int KEYS_SHOWN = 8;

  /** The key of the segment that gathers the teams or tiers past {@link #KEYS_SHOWN}. */
  static final String OTHER = "(others)";

  /** GPUs of one team or tier in one pool. */
  record Share(long alwaysOn, long batch) {
    long total() {
      return alwaysOn + batch;
    }

    Share plus(Share other) {
      return new Share(alwaysOn + other.alwaysOn, batch + other.batch);
    }
  }

  /**
   * One pool.
   *
   * @param byTeam GPUs of templates that fit only this pool, per team, in legend order
   * @param byTier the same per priority tier
   * @param flexible GPUs of templates that fit this pool and others
   */
  record Pool(
      String name,
      long capacity,
      Map<String, Share> byTeam,
      Map<String, Share> byTier,
      Share flexible) {

    long requested() {
      return byTeam.values().stream().mapToLong(Share::total).sum();
    }

    /** The larger of capacity and everything that may land here: the bar's full width. */
    long scale() {
      return Math.max(1, Math.max(capacity, requested() + flexible.total()));
    }
  }

  private final List<Pool> pools;
  private final List<String> teams;
  private final List<String> tiers;

  PoolUsage(FleetReport fleet, Tiers tierOf) {
    Map<String, Map<String, Share>> team = new LinkedHashMap<>();
    Map<String, Map<String, Share>> tier = new LinkedHashMap<>();
    Map<String, Share> flexible = new LinkedHashMap<>();
    Map<String, Long> teamTotals = new LinkedHashMap<>();
    Map<String, Long> tierTotals = new LinkedHashMap<>();
    for (FleetReport.Placement p : fleet.placements()) {
      if (!p.schedulable() || p.gpusPerPod() == 0) {
        continue;
      }
      long gpus = p.pods() * p.gpusPerPod();
      Share share = p.alwaysOn() ? new Share(gpus, 0) : new Share(0, gpus);
      if (p.fits().size() > 1) {
        p.fits().forEach(pool -> flexible.merge(pool, share, Share::plus));
        continue;
      }
      String pool = p.fits().get(0);
      String teamName = team(p.workload());
      String tierName = tierOf.of(p.workload(), p.specPath());
      team.computeIfAbsent(pool, k -> new LinkedHashMap<>()).merge(teamName, share, Share::plus);
      tier.computeIfAbsent(pool, k -> new LinkedHashMap<>()).merge(tierName, share, Share::plus);
      teamTotals.merge(teamName, gpus, Long::sum);
      tierTotals.merge(tierName, gpus, Long::sum);
    }
    this.teams = shown(byTotal(teamTotals));
    this.tiers = shown(tierOf.ordered(tierTotals.keySet()));
    List<Pool> list = new ArrayList<>();
    for (FleetReport.Capacity c : fleet.capacity()) {
      list.add(
          new Pool(
              c.group(),
              c.gpus(),
              folded(team.getOrDefault(c.group(), Map.of()), teams),
              folded(tier.getOrDefault(c.group(), Map.of()), tiers),
              flexible.getOrDefault(c.group(), new Share(0, 0))));
    }
    this.pools = List.copyOf(list);
  }

  /** The team a workload belongs to: its namespace. */
  static String team(ObjectRef workload) {
    return workload.namespace().isEmpty() ? "(no namespace)" : workload.namespace();
  }

  /** The pools in the fleet's order. */
  List<Pool> pools() {
    return pools;
  }

  /** The teams with a colour of their own, largest first, then {@link #OTHER} if any fold. */
  List<String> teams() {
    return teams;
  }

  /** The tiers with a colour of their own, highest first, then {@link #OTHER} if any fold. */
  List<String> tiers() {
    return tiers;
  }

  private static List<String> byTotal(Map<String, Long> totals) {
    return totals.entrySet().stream()
        .sorted(
            Map.Entry.<String, Long>comparingByValue(Comparator.reverseOrder())
                .thenComparing(Map.Entry.comparingByKey()))
        .map(Map.Entry::getKey)
        .toList();
  }

  private static List<String> shown(List<String> keys) {
    if (keys.size() <= KEYS_SHOWN) {
      return List.copyOf(keys);
    }
    List<String> shown = new ArrayList<>(keys.subList(0, KEYS_SHOWN - 1));
    shown.add(OTHER);
    return List.copyOf(shown);
  }

  /** The shares in legend order, those of keys without a colour gathered under {@link #OTHER}. */
  private static Map<String, Share> folded(Map<String, Share> shares, List<String> legend) {
    Map<String, Share> folded = new LinkedHashMap<>();
    for (String key : legend) {
      if (shares.containsKey(key)) {
        folded.put(key, shares.get(key));
      }
    }
    shares.forEach(
        (key, share) -> {
          if (!legend.contains(key)) {
            folded.merge(OTHER, share, Share::plus);
          }
        });
    return folded;
  }
}
