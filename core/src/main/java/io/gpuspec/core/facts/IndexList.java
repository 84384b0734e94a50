package io.gpuspec.core.facts;

import org.jspecify.annotations.Nullable;

/**
 * A list of Job indexes as batch validation reads {@code succeededIndexes}: comma-separated decimal
 * indexes or {@code a-b} ranges with {@code a < b}, increasing, each below the Job's completions.
 *
 * @param total how many indexes the list names (0 when it does not parse)
 * @param error why it does not parse, or null
 */
record IndexList(long total, @Nullable String error) {

  static IndexList parse(String text, int completions) {
    if (text.isEmpty()) {
      return new IndexList(0, null);
    }
    long total = 0;
    Long last = null;
    for (String interval : text.split(",", -1)) {
      String[] limits = interval.split("-", -1);
      if (limits.length > 2) {
        return failed("\"" + interval + "\" has more than two parts separated by '-'");
      }
      Long first = index(limits[0]);
      Long end = limits.length > 1 ? index(limits[1]) : first;
      if (first == null || end == null) {
        return failed("\"" + interval + "\" is not a decimal index or range");
      }
      if (first >= completions || end >= completions) {
        return failed("\"" + interval + "\" names an index not below completions " + completions);
      }
      if (limits.length > 1 && first >= end) {
        return failed("\"" + interval + "\" is not increasing");
      }
      if (last != null && last >= first) {
        return failed("\"" + interval + "\" does not come after index " + last);
      }
      total += end - first + 1;
      last = end;
    }
    return new IndexList(total, null);
  }

  private static IndexList failed(String error) {
    return new IndexList(0, error);
  }

  /** Go's {@code strconv.Atoi}: an optional sign and decimal digits. */
  private static @Nullable Long index(String text) {
    if (!text.matches("[+-]?[0-9]{1,18}")) {
      return null;
    }
    return Long.parseLong(text);
  }
}
