package io.gpuspec.core.k8s;

import org.jspecify.annotations.Nullable;

/**
 * The one grammar of Kubernetes names, label keys and values and resource names (apimachinery's
 * validation): what the DSL, the facts and the rules all use.
 */
public final class Names {

  private Names() {}

  /** A DNS-1123 label: lower-case alphanumerics and '-', at most 63 characters. */
  public static boolean isDns1123Label(String value) {
    return value != null && value.length() <= 63 && dns1123Label(value, 0, value.length());
  }

  /** A DNS-1035 label: like DNS-1123 but starting with a letter. */
  public static boolean isDns1035Label(String value) {
    return value != null
        && value.length() <= 63
        && dns1123Label(value, 0, value.length())
        && isLowerLetter(value.charAt(0));
  }

  /** A DNS-1123 subdomain: dot-separated DNS-1123 labels, at most 253 characters. */
  public static boolean isDns1123Subdomain(String value) {
    if (value == null || value.isEmpty() || value.length() > 253) {
      return false;
    }
    return dns1123Subdomain(value, 0, value.length());
  }

  /** A label or annotation key: an optional DNS-1123 subdomain prefix and a name of ≤63. */
  public static boolean isQualifiedName(String key) {
    if (key == null || key.isEmpty()) {
      return false;
    }
    int slash = key.lastIndexOf('/');
    if (slash >= 0 && (slash == 0 || slash > 253 || !dns1123Subdomain(key, 0, slash))) {
      return false;
    }
    int from = slash + 1;
    return key.length() - from <= 63 && qualifiedPart(key, from, key.length());
  }

  /**
   * A native resource name, as apimachinery's {@code IsNativeResource}: no domain, or a name with
   * {@code kubernetes.io/} in it ({@code cpu}, {@code memory}, {@code hugepages-2Mi}).
   */
  public static boolean isNativeResourceName(String name) {
    return !name.contains("/") || name.contains("kubernetes.io/");
  }

  /**
   * An extended resource name, as apimachinery's {@code IsExtendedResourceName}: not native, not
   * starting with {@code requests.}, and a qualified name with {@code requests.} in front (its
   * ResourceQuota key), e.g. {@code nvidia.com/gpu}.
   */
  public static boolean isExtendedResourceName(String name) {
    return !isNativeResourceName(name)
        && !name.startsWith("requests.")
        && isQualifiedName("requests." + name);
  }

  /**
   * A name the API server takes for an environment variable or an {@code envFrom} prefix (relaxed
   * validation): printable ASCII without '='. Emptiness is the caller's to judge.
   */
  public static boolean isEnvVarName(String name) {
    for (int i = 0; i < name.length(); i++) {
      char c = name.charAt(i);
      if (c < 32 || c >= 127 || c == '=') {
        return false;
      }
    }
    return true;
  }

  /** A label value: empty, or ≤63 alphanumerics, '-', '_', '.' starting and ending alphanumeric. */
  public static boolean isValue(String value) {
    return value != null
        && value.length() <= 63
        && (value.isEmpty() || qualifiedPart(value, 0, value.length()));
  }

  /** {@code [a-z0-9]([-a-z0-9]*[a-z0-9])?} over {@code value[from, to)}. */
  private static boolean dns1123Label(String value, int from, int to) {
    if (from >= to
        || !isLowerAlphanumeric(value.charAt(from))
        || !isLowerAlphanumeric(value.charAt(to - 1))) {
      return false;
    }
    for (int i = from + 1; i < to - 1; i++) {
      char c = value.charAt(i);
      if (c != '-' && !isLowerAlphanumeric(c)) {
        return false;
      }
    }
    return true;
  }

  /** Dot-separated DNS-1123 labels over {@code value[from, to)} (no length limit here). */
  private static boolean dns1123Subdomain(String value, int from, int to) {
    int start = from;
    for (int i = from; i <= to; i++) {
      if (i == to || value.charAt(i) == '.') {
        if (!dns1123Label(value, start, i)) {
          return false;
        }
        start = i + 1;
      }
    }
    return true;
  }

  /** {@code ([A-Za-z0-9][-A-Za-z0-9_.]*)?[A-Za-z0-9]} over {@code value[from, to)}. */
  private static boolean qualifiedPart(String value, int from, int to) {
    if (from >= to
        || !isAlphanumeric(value.charAt(from))
        || !isAlphanumeric(value.charAt(to - 1))) {
      return false;
    }
    for (int i = from + 1; i < to - 1; i++) {
      char c = value.charAt(i);
      if (c != '-' && c != '_' && c != '.' && !isAlphanumeric(c)) {
        return false;
      }
    }
    return true;
  }

  private static boolean isLowerLetter(char c) {
    return c >= 'a' && c <= 'z';
  }

  private static boolean isLowerAlphanumeric(char c) {
    return isLowerLetter(c) || (c >= '0' && c <= '9');
  }

  private static boolean isAlphanumeric(char c) {
    return isLowerAlphanumeric(c) || (c >= 'A' && c <= 'Z');
  }

  /** The API group of an {@code apiVersion}: {@code apps} of {@code apps/v1}, "" of {@code v1}. */
  public static String apiGroup(@Nullable String apiVersion) {
    if (apiVersion == null) {
      return "";
    }
    int slash = apiVersion.indexOf('/');
    return slash < 0 ? "" : apiVersion.substring(0, slash);
  }
}
