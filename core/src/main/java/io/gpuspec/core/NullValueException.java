package io.gpuspec.core;

import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Thrown when {@code null} is passed to the DSL, e.g. {@code node pool builder name: the value is
 * null; pass a value (the DSL takes no nulls: leave optional settings out)}. Absent values are
 * {@link java.util.Optional#empty()} or a setting left out, never {@code null}.
 *
 * <p>{@link GpuSpecStyle} makes the code that Immutables generates throw it; that code is its only
 * caller.
 */
public final class NullValueException extends InvalidSpecException {

  private static final long serialVersionUID = 1L;

  private static final String PROBLEM = "the value is null";
  private static final String FIX =
      "pass a value (the DSL takes no nulls: leave optional settings out)";

  private static final Pattern ELEMENT = Pattern.compile("(.+) element");
  private static final Pattern KEY = Pattern.compile("(.+) key");
  private static final Pattern VALUE = Pattern.compile("(?:(.+) )?value for key: (.*)");

  /** What Immutables says was null: an attribute, or an element, key or value of one. */
  public NullValueException(String what) {
    this(BuilderFrames.where(), what == null ? "" : what);
  }

  /** A null at {@code where}; {@code what} as Immutables names it, or empty. */
  NullValueException(String where, String what) {
    super(describe(where, what));
  }

  private static String describe(String where, String what) {
    Matcher matcher = ELEMENT.matcher(what);
    if (matcher.matches()) {
      return where + " " + matcher.group(1) + ": an element is null; pass only non-null elements";
    }
    matcher = KEY.matcher(what);
    if (matcher.matches()) {
      return where + " " + matcher.group(1) + ": a key is null; pass only non-null keys";
    }
    matcher = VALUE.matcher(what);
    if (matcher.matches()) {
      String field = matcher.group(1) == null ? "" : " " + matcher.group(1);
      return where + field + ": the value for key \"" + matcher.group(2) + "\" is null; " + FIX;
    }
    if (what.equals("instance")) {
      return where + ": the spec to start from is null; pass a spec that was built before";
    }
    if (what.isEmpty()) {
      return where + ": " + PROBLEM + "; " + FIX;
    }
    if (what.equals("element") || what.equals("key")) {
      return where + ": a" + (what.equals("element") ? "n " : " ") + what + " is null; " + FIX;
    }
    return where + " " + what + ": " + PROBLEM + "; " + FIX;
  }
}
