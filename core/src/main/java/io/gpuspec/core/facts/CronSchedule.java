package io.gpuspec.core.facts;

import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.regex.Pattern;
import org.jspecify.annotations.Nullable;

/**
 * The standard cron grammar the API server parses a CronJob's {@code schedule} with: five fields
 * (minute 0–59, hour 0–23, day of month 1–31, month 1–12 or JAN–DEC, day of week 0–6 or SUN–SAT),
 * each a comma list of {@code *}, {@code ?}, a value or a range {@code a-b}, optionally with a step
 * {@code /n} ({@code n > 0}; {@code a/n} runs from {@code a} to the field's maximum); or one of the
 * macros {@code @yearly}, {@code @annually}, {@code @monthly}, {@code @weekly}, {@code @daily},
 * {@code @midnight}, {@code @hourly}, {@code @every <duration>}.
 */
final class CronSchedule {

  private record Bounds(String name, int min, int max, Map<String, Integer> names) {}

  private static final List<Bounds> FIELDS =
      List.of(
          new Bounds("minute", 0, 59, Map.of()),
          new Bounds("hour", 0, 23, Map.of()),
          new Bounds("day of month", 1, 31, Map.of()),
          new Bounds(
              "month",
              1,
              12,
              Map.ofEntries(
                  Map.entry("jan", 1),
                  Map.entry("feb", 2),
                  Map.entry("mar", 3),
                  Map.entry("apr", 4),
                  Map.entry("may", 5),
                  Map.entry("jun", 6),
                  Map.entry("jul", 7),
                  Map.entry("aug", 8),
                  Map.entry("sep", 9),
                  Map.entry("oct", 10),
                  Map.entry("nov", 11),
                  Map.entry("dec", 12))),
          new Bounds(
              "day of week",
              0,
              6,
              Map.of("sun", 0, "mon", 1, "tue", 2, "wed", 3, "thu", 4, "fri", 5, "sat", 6)));

  private static final Set<String> MACROS =
      Set.of("@yearly", "@annually", "@monthly", "@weekly", "@daily", "@midnight", "@hourly");
  private static final String EVERY = "@every ";

  /** Go's {@code time.ParseDuration}: signed, one or more decimal numbers each with a unit. */
  private static final Pattern DURATION =
      Pattern.compile("[-+]?(0|(([0-9]+(\\.[0-9]*)?|\\.[0-9]+)(ns|us|µs|μs|ms|s|m|h))+)");

  private CronSchedule() {}

  /** Why {@code schedule} does not parse, or empty when it does. */
  static Optional<String> problem(String schedule) {
    if (schedule.startsWith("@")) {
      if (MACROS.contains(schedule)) {
        return Optional.empty();
      }
      if (schedule.startsWith(EVERY)) {
        String duration = schedule.substring(EVERY.length());
        return DURATION.matcher(duration).matches()
            ? Optional.empty()
            : Optional.of("\"" + duration + "\" is not a duration such as 90m or 1h30m");
      }
      return Optional.of("the macro is not one of @yearly, @monthly, @weekly, @daily, @hourly");
    }
    String[] fields = schedule.trim().split("\\s+");
    if (schedule.isBlank() || fields.length != FIELDS.size()) {
      return Optional.of(
          "it has "
              + (schedule.isBlank() ? 0 : fields.length)
              + " fields, but a schedule has 5 (minute hour day-of-month month day-of-week)");
    }
    for (int i = 0; i < fields.length; i++) {
      for (String expression : fields[i].split(",")) {
        if (expression.isEmpty()) {
          continue; // empty list items are skipped
        }
        Optional<String> problem = range(expression, FIELDS.get(i));
        if (problem.isPresent()) {
          return problem;
        }
      }
    }
    return Optional.empty();
  }

  private static Optional<String> range(String expression, Bounds bounds) {
    String[] rangeAndStep = expression.split("/", -1);
    String[] lowAndHigh = rangeAndStep[0].split("-", -1);
    long start;
    long end;
    if (lowAndHigh[0].equals("*") || lowAndHigh[0].equals("?")) {
      start = bounds.min();
      end = bounds.max();
    } else {
      if (lowAndHigh.length > 2) {
        return Optional.of("\"" + expression + "\" has too many hyphens");
      }
      Long low = value(lowAndHigh[0], bounds);
      Long high = lowAndHigh.length == 2 ? value(lowAndHigh[1], bounds) : low;
      if (low == null || high == null) {
        return Optional.of(
            "\"" + expression + "\" is not a number or name in the " + bounds.name() + " field");
      }
      start = low;
      end = high;
    }
    long step = 1;
    if (rangeAndStep.length > 2) {
      return Optional.of("\"" + expression + "\" has too many slashes");
    }
    if (rangeAndStep.length == 2) {
      Long parsed = value(rangeAndStep[1], new Bounds("step", 0, 0, Map.of()));
      if (parsed == null) {
        return Optional.of("the step in \"" + expression + "\" is not a number");
      }
      step = parsed;
      if (lowAndHigh.length == 1) {
        end = bounds.max();
      }
    }
    if (start < bounds.min() || end > bounds.max()) {
      return Optional.of(
          "\""
              + expression
              + "\" is outside "
              + bounds.min()
              + "-"
              + bounds.max()
              + " in the "
              + bounds.name()
              + " field");
    }
    if (start > end) {
      return Optional.of("the range \"" + expression + "\" starts after it ends");
    }
    if (step == 0) {
      return Optional.of("the step in \"" + expression + "\" must be above 0");
    }
    return Optional.empty();
  }

  /** A name of the field (any case) or a non-negative decimal number. */
  private static @Nullable Long value(String text, Bounds bounds) {
    Integer named = bounds.names().get(text.toLowerCase(Locale.ROOT));
    if (named != null) {
      return named.longValue();
    }
    if (!text.matches("\\+?[0-9]{1,9}")) {
      return null;
    }
    return Long.parseLong(text);
  }
}
