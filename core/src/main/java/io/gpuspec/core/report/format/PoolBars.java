package io.gpuspec.core.report.format;

import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * Draws one pool's bars as inline SVG: the GPUs requested by team and by priority tier, always-on
 * solid and batch pale, then what may land here from templates that fit other pools too (hatched),
 * against a line at the pool's capacity. Colours come from a key's place in the legend, never from
 * its text.
 */
final class PoolBars {

  static final List<String> TEAM_COLOURS =
      List.of(
          "#1f77b4", "#ff7f0e", "#2ca02c", "#9467bd", "#8c564b", "#e377c2", "#17becf", "#7f7f7f");
  static final List<String> TIER_COLOURS =
      List.of(
          "#b2182b", "#ef8a62", "#67a9cf", "#2166ac", "#5aae61", "#c2a5cf", "#bf812d", "#7f7f7f");

  private static final int WIDTH = 440;
  private static final int LEFT = 64;
  private static final int BAR = 18;
  private static final int TOP = 6;
  private static final int GAP = 8;

  private PoolBars() {}

  /** The hatching pattern the bars use; written once per page. */
  static String defs() {
    return "<svg width=\"0\" height=\"0\" aria-hidden=\"true\" style=\"position:absolute\"><defs>"
        + "<pattern id=\"flex\" width=\"6\" height=\"6\" patternUnits=\"userSpaceOnUse\""
        + " patternTransform=\"rotate(45)\"><rect width=\"6\" height=\"6\" fill=\"#e6e6e6\"/>"
        + "<rect width=\"3\" height=\"6\" fill=\"#9a9a9a\"/></pattern></defs></svg>\n";
  }

  /** The colour of a legend key: its place in the legend, the last colour for the others. */
  static String colour(List<String> colours, List<String> legend, String key) {
    int index = legend.indexOf(key);
    return key.equals(PoolUsage.OTHER) || index < 0
        ? colours.get(colours.size() - 1)
        : colours.get(index % (colours.size() - 1));
  }

  static void draw(Html html, PoolUsage.Pool pool, List<String> teams, List<String> tiers) {
    double unit = (WIDTH - LEFT - 8) / (double) pool.scale();
    int height = TOP + 2 * BAR + GAP + 6;
    html.raw(
            "<svg class=\"bars\" viewBox=\"0 0 "
                + WIDTH
                + " "
                + height
                + "\" width=\""
                + WIDTH
                + "\" height=\""
                + height
                + "\" role=\"img\"><title>")
        .text(
            "pool "
                + pool.name()
                + ": "
                + pool.requested()
                + " of "
                + pool.capacity()
                + " GPUs requested")
        .raw("</title>\n");
    bar(html, "by team", pool.byTeam(), TEAM_COLOURS, teams, pool.flexible(), unit, TOP);
    bar(
        html,
        "by tier",
        pool.byTier(),
        TIER_COLOURS,
        tiers,
        pool.flexible(),
        unit,
        TOP + BAR + GAP);
    double x = LEFT + pool.capacity() * unit;
    html.raw(
        "<line class=\"capacity\" x1=\""
            + fmt(x)
            + "\" x2=\""
            + fmt(x)
            + "\" y1=\"2\" y2=\""
            + (height - 2)
            + "\" stroke=\"#111\" stroke-width=\"2\"/>\n</svg>\n");
  }

  private static void bar(
      Html html,
      String label,
      Map<String, PoolUsage.Share> shares,
      List<String> colours,
      List<String> legend,
      PoolUsage.Share flexible,
      double unit,
      int y) {
    html.raw(
        "<text x=\"0\" y=\""
            + (y + 13)
            + "\" font-size=\"12\" fill=\"#444\">"
            + label
            + "</text>\n<rect x=\""
            + LEFT
            + "\" y=\""
            + y
            + "\" width=\""
            + (WIDTH - LEFT - 8)
            + "\" height=\""
            + BAR
            + "\" fill=\"#f4f4f4\"/>\n");
    double x = LEFT;
    for (Map.Entry<String, PoolUsage.Share> entry : shares.entrySet()) {
      String fill = colour(colours, legend, entry.getKey());
      PoolUsage.Share share = entry.getValue();
      x = rect(html, x, y, share.alwaysOn() * unit, fill, "1", entry.getKey(), share, "always-on");
      x = rect(html, x, y, share.batch() * unit, fill, "0.45", entry.getKey(), share, "batch");
    }
    rect(html, x, y, flexible.total() * unit, "url(#flex)", "1", "", flexible, "flexible");
  }

  private static double rect(
      Html html,
      double x,
      int y,
      double width,
      String fill,
      String opacity,
      String key,
      PoolUsage.Share share,
      String kind) {
    if (width <= 0) {
      return x;
    }
    html.raw(
            "<rect class=\""
                + kind
                + "\" x=\""
                + fmt(x)
                + "\" y=\""
                + y
                + "\" width=\""
                + fmt(width)
                + "\" height=\""
                + BAR
                + "\" fill=\""
                + fill
                + "\" fill-opacity=\""
                + opacity
                + "\"><title>")
        .text(
            kind.equals("flexible")
                ? share.total() + " GPUs of workloads that fit this pool and others"
                : key
                    + ": "
                    + (kind.equals("always-on") ? share.alwaysOn() : share.batch())
                    + " GPUs "
                    + kind)
        .raw("</title></rect>\n");
    return x + width;
  }

  private static String fmt(double value) {
    return String.format(Locale.ROOT, "%.1f", value);
  }
}
