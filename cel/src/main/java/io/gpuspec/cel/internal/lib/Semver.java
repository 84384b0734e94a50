package io.gpuspec.cel.internal.lib;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A semantic version (semver 2.0.0) as the Kubernetes CEL {@code semver} library reads it; with
 * normalization a leading {@code v} is dropped, missing minor and patch become 0 and leading zeros
 * are removed before parsing.
 */
public final class Semver implements Comparable<Semver> {

  private static final String NUM = "(0|[1-9][0-9]*)";
  private static final String IDENT = "[0-9A-Za-z-]+";
  private static final Pattern STRICT =
      Pattern.compile(
          NUM
              + "\\."
              + NUM
              + "\\."
              + NUM
              + "(?:-("
              + IDENT
              + "(?:\\."
              + IDENT
              + ")*))?(?:\\+("
              + IDENT
              + "(?:\\."
              + IDENT
              + ")*))?");
  private static final Pattern LOOSE =
      Pattern.compile("v?([0-9]+)(?:\\.([0-9]+))?(?:\\.([0-9]+))?([-+].*)?");

  private final long major;
  private final long minor;
  private final long patch;
  private final List<String> pre;

  private Semver(long major, long minor, long patch, List<String> pre) {
    this.major = major;
    this.minor = minor;
    this.patch = patch;
    this.pre = pre;
  }

  /** The version {@code text} denotes, or empty when it is not one. */
  public static Optional<Semver> parse(String text, boolean normalize) {
    String candidate = text;
    if (normalize) {
      Matcher loose = LOOSE.matcher(text);
      if (!loose.matches()) {
        return Optional.empty();
      }
      candidate =
          trimZeros(loose.group(1))
              + "."
              + trimZeros(loose.group(2) == null ? "0" : loose.group(2))
              + "."
              + trimZeros(loose.group(3) == null ? "0" : loose.group(3))
              + (loose.group(4) == null ? "" : loose.group(4));
    }
    Matcher m = STRICT.matcher(candidate);
    if (!m.matches()) {
      return Optional.empty();
    }
    List<String> pre = new ArrayList<>();
    if (m.group(4) != null) {
      for (String part : m.group(4).split("\\.", -1)) {
        if (part.matches("0[0-9]+")) {
          return Optional.empty();
        }
        pre.add(part);
      }
    }
    try {
      return Optional.of(
          new Semver(
              Long.parseLong(m.group(1)),
              Long.parseLong(m.group(2)),
              Long.parseLong(m.group(3)),
              List.copyOf(pre)));
    } catch (NumberFormatException e) {
      return Optional.empty();
    }
  }

  private static String trimZeros(String digits) {
    String trimmed = digits.replaceFirst("^0+", "");
    return trimmed.isEmpty() ? "0" : trimmed;
  }

  public long major() {
    return major;
  }

  public long minor() {
    return minor;
  }

  public long patch() {
    return patch;
  }

  @Override
  public int compareTo(Semver other) {
    int c = Long.compare(major, other.major);
    if (c == 0) {
      c = Long.compare(minor, other.minor);
    }
    if (c == 0) {
      c = Long.compare(patch, other.patch);
    }
    if (c != 0) {
      return c;
    }
    if (pre.isEmpty() || other.pre.isEmpty()) {
      return Boolean.compare(pre.isEmpty(), other.pre.isEmpty());
    }
    for (int i = 0; i < Math.min(pre.size(), other.pre.size()); i++) {
      c = comparePart(pre.get(i), other.pre.get(i));
      if (c != 0) {
        return c;
      }
    }
    return Integer.compare(pre.size(), other.pre.size());
  }

  private static int comparePart(String a, String b) {
    boolean numA = a.chars().allMatch(Character::isDigit);
    boolean numB = b.chars().allMatch(Character::isDigit);
    if (numA && numB) {
      return new java.math.BigInteger(a).compareTo(new java.math.BigInteger(b));
    }
    if (numA != numB) {
      return numA ? -1 : 1;
    }
    return a.compareTo(b);
  }

  @Override
  public boolean equals(Object other) {
    return other instanceof Semver s && compareTo(s) == 0;
  }

  @Override
  public int hashCode() {
    return java.util.Objects.hash(major, minor, patch, pre);
  }

  @Override
  public String toString() {
    return major + "." + minor + "." + patch + (pre.isEmpty() ? "" : "-" + String.join(".", pre));
  }
}
