package io.gpuspec.core.report.format;

import io.gpuspec.core.fleet.DomainFit;
import io.gpuspec.core.fleet.FleetReport;
import io.gpuspec.core.manifest.ManifestSet;
import io.gpuspec.core.report.Report;
import io.gpuspec.core.report.Severity;
import io.gpuspec.core.report.Violation;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;

/**
 * The capacity report: one self-contained HTML page (inline CSS and SVG; no script, font, image or
 * network request, which its Content-Security-Policy also forbids) drawn from a fleet check and the
 * findings of the rules. Summary first; then per pool a bar of GPU capacity against what is
 * requested, by team (namespace) and priority tier; where each gang fits the topology; each pod
 * template that can never schedule with the reason per pool; the findings; every template. Long
 * lists are cut at a fixed number of rows with a note of how many more there are, so the page stays
 * readable for large fleets. Every name, label and message is escaped; the page is deterministic.
 */
public final class HtmlReport {

  /** The most rows any one table shows. */
  static final int ROWS = 300;

  /** The most never-schedulable templates listed with their reasons per pool. */
  static final int NEVER_DETAILED = 40;

  /** The most per-pool reasons listed for one template. */
  static final int REASONS = 12;

  private final Html html = new Html();
  private final String title;
  private final Report findings;
  private final Optional<FleetReport> fleet;
  private final Tiers tiers;

  private HtmlReport(
      String title, ManifestSet manifests, Report findings, Optional<FleetReport> fleet) {
    this.title = title;
    this.findings = findings;
    this.fleet = fleet;
    this.tiers = new Tiers(manifests);
  }

  /**
   * The page.
   *
   * @param title what the page reports on (a platform's or a directory's name), shown escaped
   * @param manifests the objects checked: their PriorityClasses order the tiers, their pod specs
   *     name each template's tier
   * @param findings the rules' findings (with the fleet check's, when the check had a fleet)
   * @param fleet the fleet check's answer; without one the page shows the findings only
   */
  public static String render(
      String title, ManifestSet manifests, Report findings, Optional<FleetReport> fleet) {
    return new HtmlReport(title, manifests, findings, fleet).page();
  }

  private String page() {
    html.raw("<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n")
        .raw(
            "<meta http-equiv=\"Content-Security-Policy\" content=\"default-src 'none';"
                + " style-src 'unsafe-inline'\">\n")
        .raw("<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n")
        .element("title", "gpuspec capacity report: " + title)
        .raw("\n<style>\n" + PageStyle.CSS + "</style>\n</head>\n<body>\n")
        .raw(PoolBars.defs())
        .raw("<header><h1>GPU capacity report</h1>")
        .element("p class=\"subject\"", title)
        .raw("</header>\n<main>\n");
    summary();
    fleet.ifPresent(
        f -> {
          PoolUsage usage = new PoolUsage(f, tiers);
          pools(usage);
          gangs(f);
          never(f);
        });
    findingsSection();
    fleet.ifPresent(this::workloads);
    html.raw("</main>\n<footer>Written by gpuspec.</footer>\n</body>\n</html>\n");
    return html.toString();
  }

  private void summary() {
    html.raw("<section id=\"summary\">\n<h2>Summary</h2>\n<div class=\"tiles\">\n");
    long errors = findings.errors().size();
    long warnings = findings.warnings().size();
    if (fleet.isPresent()) {
      FleetReport f = fleet.get();
      long gpus = f.capacity().stream().mapToLong(FleetReport.Capacity::gpus).sum();
      List<FleetReport.Placement> gpuTemplates =
          f.placements().stream().filter(p -> p.schedulable() && p.gpusPerPod() > 0).toList();
      long alwaysOn =
          gpuTemplates.stream()
              .filter(FleetReport.Placement::alwaysOn)
              .mapToLong(p -> p.pods() * p.gpusPerPod())
              .sum();
      long batch = gpuTemplates.stream().mapToLong(p -> p.pods() * p.gpusPerPod()).sum() - alwaysOn;
      long never = f.placements().stream().filter(p -> !p.schedulable()).count();
      tile("pools", Long.toString(f.capacity().size()), "");
      tile("GPUs", Long.toString(gpus), "");
      tile("GPUs always-on", Long.toString(alwaysOn), "");
      tile("GPUs batch", Long.toString(batch), "");
      tile("pod templates", Integer.toString(f.placements().size()), "");
      tile("never schedulable", Long.toString(never), never > 0 ? "bad" : "good");
    }
    tile("errors", Long.toString(errors), errors > 0 ? "bad" : "good");
    tile("warnings", Long.toString(warnings), warnings > 0 ? "warn" : "good");
    html.raw("</div>\n").element("p class=\"checked\"", "Checked " + findings.summary() + ".");
    html.raw("</section>\n");
  }

  private void tile(String label, String value, String state) {
    html.raw("<div class=\"tile " + state + "\" data-tile=\"" + label + "\"><b>")
        .text(value)
        .raw("</b><span>" + label + "</span></div>\n");
  }

  private void pools(PoolUsage usage) {
    html.raw("<section id=\"pools\">\n<h2>GPUs by pool</h2>\n")
        .raw(
            "<p class=\"note\">Each bar is a pool's GPUs requested by pod templates that fit only"
                + " that pool: solid always-on (Deployments, StatefulSets, …), pale batch (Jobs,"
                + " training jobs); hatched, templates that fit this pool and others. The black"
                + " line is the pool's capacity.</p>\n");
    legend("Teams", usage.teams(), PoolBars.TEAM_COLOURS);
    legend("Priority tiers", usage.tiers(), PoolBars.TIER_COLOURS);
    html.raw("<div class=\"pools\">\n");
    for (PoolUsage.Pool pool : usage.pools()) {
      html.raw("<figure class=\"pool\">\n").element("figcaption", pool.name());
      PoolBars.draw(html, pool, usage.teams(), usage.tiers());
      html.element(
          "p class=\"numbers\"",
          pool.capacity()
              + " GPUs; requested here only "
              + pool.requested()
              + " (always-on "
              + pool.byTeam().values().stream().mapToLong(PoolUsage.Share::alwaysOn).sum()
              + ", batch "
              + pool.byTeam().values().stream().mapToLong(PoolUsage.Share::batch).sum()
              + "); may also land here "
              + pool.flexible().total());
      html.raw("</figure>\n");
    }
    html.raw("</div>\n</section>\n");
  }

  private void legend(String label, List<String> keys, List<String> colours) {
    if (keys.isEmpty()) {
      return;
    }
    html.raw("<p class=\"legend\"><span class=\"legend-label\">" + label + ":</span>");
    for (String key : keys) {
      html.raw(
              "<span class=\"key\"><i style=\"background:"
                  + PoolBars.colour(colours, keys, key)
                  + "\"></i>")
          .text(key)
          .raw("</span>");
    }
    html.raw("</p>\n");
  }

  private void gangs(FleetReport f) {
    html.raw("<section id=\"gangs\">\n<h2>Gangs in the topology</h2>\n");
    List<FleetReport.Placement> gangs =
        f.placements().stream().filter(p -> p.together() > 0).toList();
    if (gangs.isEmpty() && f.gangs().isEmpty() && f.domains().isEmpty()) {
      html.raw("<p class=\"note\">No gang-scheduled workloads.</p>\n</section>\n");
      return;
    }
    if (!gangs.isEmpty()) {
      html.raw("<table class=\"gangs\">\n")
          .head("Workload", "Pods at once", "GPUs/pod", "Fits pools", "Pools hold", "Verdict");
      int shown = 0;
      for (FleetReport.Placement p : gangs) {
        if (shown++ == ROWS) {
          break;
        }
        boolean fits = p.schedulable() && p.together() <= p.capacity();
        verdictRow(
            fits,
            subject(p),
            Integer.toString(p.together()),
            Long.toString(p.gpusPerPod()),
            p.schedulable() ? String.join(", ", p.fits()) : "none",
            Long.toString(p.capacity()),
            fits ? "fits" : "too large");
      }
      html.raw("</table>\n");
      more(gangs.size(), "gang templates");
    }
    if (!f.gangs().isEmpty()) {
      html.raw("<table class=\"whole-gangs\">\n")
          .head("Workload", "Pods per gang", "Gangs", "Verdict");
      for (FleetReport.Gang g : f.gangs().subList(0, Math.min(ROWS, f.gangs().size()))) {
        boolean fits = g.fits().orElse(true);
        verdictRow(
            fits,
            g.workload().toString(),
            String.join(", ", g.roles()),
            Integer.toString(g.groups()),
            g.fits().map(b -> b ? "all pods fit at once" : "cannot run at once").orElse("unknown"));
      }
      html.raw("</table>\n");
      more(f.gangs().size(), "gangs");
    }
    if (!f.domains().isEmpty()) {
      html.raw("<table class=\"domains\">\n")
          .head(
              "Workload", "Level", "Must or should", "Pods", "Largest domain", "Holds", "Verdict");
      for (DomainFit.Answer a : f.domains().subList(0, Math.min(ROWS, f.domains().size()))) {
        verdictRow(
            a.fits(),
            a.workload() + (a.role().isEmpty() ? "" : " " + a.role()),
            a.level(),
            a.required() ? "must" : "should",
            Integer.toString(a.pods()),
            a.largest().orElse("no node carries the level"),
            Long.toString(a.largestHolds()),
            a.fits() ? "fits one domain" : "no domain holds it");
      }
      html.raw("</table>\n");
      more(f.domains().size(), "topology answers");
    }
    html.raw("</section>\n");
  }

  private void verdictRow(boolean good, String... cells) {
    html.raw("<tr class=\"" + (good ? "good" : "bad") + "\">");
    for (String cell : cells) {
      html.element("td", cell);
    }
    html.raw("</tr>\n");
  }

  private void never(FleetReport f) {
    List<FleetReport.Placement> never =
        f.placements().stream().filter(p -> !p.schedulable()).toList();
    html.raw("<section id=\"never\">\n<h2>Never schedulable</h2>\n");
    if (never.isEmpty()) {
      html.raw("<p class=\"note good\">Every pod template fits some pool.</p>\n</section>\n");
      return;
    }
    for (FleetReport.Placement p : never.subList(0, Math.min(NEVER_DETAILED, never.size()))) {
      html.raw("<details class=\"never\"" + (never.size() <= 10 ? " open" : "") + "><summary>")
          .text(subject(p))
          .raw("</summary>\n<ul>\n");
      int listed = 0;
      for (Map.Entry<String, String> reason : new TreeMap<>(p.blocked()).entrySet()) {
        if (listed++ == REASONS) {
          break;
        }
        html.raw("<li>").element("b", reason.getKey()).raw(": ").text(reason.getValue());
        html.raw("</li>\n");
      }
      if (p.blocked().isEmpty()) {
        html.raw("<li>the fleet has no nodes</li>\n");
      } else if (p.blocked().size() > REASONS) {
        html.element(
            "li class=\"more\"", "… and " + (p.blocked().size() - REASONS) + " more pools");
      }
      html.raw("</ul>\n</details>\n");
    }
    if (never.size() > NEVER_DETAILED) {
      html.raw("<table class=\"never-rest\">\n").head("Also never schedulable");
      for (FleetReport.Placement p :
          never.subList(NEVER_DETAILED, Math.min(never.size(), NEVER_DETAILED + ROWS))) {
        html.row(subject(p));
      }
      html.raw("</table>\n");
      more(never.size() - NEVER_DETAILED, "never-schedulable templates");
    }
    html.raw("</section>\n");
  }

  private void findingsSection() {
    List<Violation> all = findings.violations();
    html.raw("<section id=\"findings\">\n<h2>Findings</h2>\n");
    if (all.isEmpty()) {
      html.raw("<p class=\"note good\">No findings.</p>\n</section>\n");
      return;
    }
    Map<String, long[]> byRule = new TreeMap<>();
    for (Violation v : all) {
      long[] counts = byRule.computeIfAbsent(v.ruleId(), k -> new long[2]);
      counts[v.severity() == Severity.ERROR ? 0 : 1]++;
    }
    html.raw("<table class=\"by-rule\">\n").head("Rule", "Errors", "Warnings");
    byRule.forEach(
        (rule, counts) -> html.row(rule, Long.toString(counts[0]), Long.toString(counts[1])));
    html.raw("</table>\n<table class=\"findings\">\n")
        .head("Severity", "Rule", "Object", "Field", "Message", "Fix");
    for (Violation v : all.subList(0, Math.min(ROWS, all.size()))) {
      html.raw("<tr class=\"" + (v.severity() == Severity.ERROR ? "bad" : "warn") + "\">");
      html.element("td", v.severity().name().toLowerCase(java.util.Locale.ROOT))
          .element("td", v.ruleId())
          .element("td", v.object().toString())
          .element("td", v.path())
          .element("td", v.message())
          .element("td", v.fix())
          .raw("</tr>\n");
    }
    html.raw("</table>\n");
    more(all.size(), "findings");
    html.raw("</section>\n");
  }

  private void workloads(FleetReport f) {
    List<FleetReport.Placement> all = f.placements();
    html.raw("<section id=\"workloads\">\n<details><summary>")
        .text("Every pod template (" + all.size() + ")")
        .raw("</summary>\n<table class=\"placements\">\n")
        .head("Workload", "Team", "Tier", "Pods", "GPUs/pod", "Schedulable on");
    for (FleetReport.Placement p : all.subList(0, Math.min(ROWS, all.size()))) {
      html.row(
          subject(p),
          PoolUsage.team(p.workload()),
          tiers.of(p.workload(), p.specPath()),
          Integer.toString(p.pods()),
          Long.toString(p.gpusPerPod()),
          p.schedulable() ? String.join(", ", p.fits()) : "never");
    }
    html.raw("</table>\n");
    more(all.size(), "pod templates");
    html.raw("</details>\n</section>\n");
  }

  /** A note under a table cut at {@link #ROWS}. */
  private void more(int total, String what) {
    if (total > ROWS) {
      html.element(
          "p class=\"more\"",
          "… and "
              + (total - ROWS)
              + " more "
              + what
              + "; the text and JSON formats list them all.");
    }
  }

  private static String subject(FleetReport.Placement p) {
    return p.workload() + (p.role().isEmpty() ? "" : " " + p.role());
  }
}
