package io.gpuspec.core.k8s;

import java.util.regex.Pattern;
import org.jspecify.annotations.Nullable;

/**
 * The one grammar of Kubernetes names, label keys and values and resource names (apimachinery's
 * validation): what the DSL, the facts and the rules all use.
 */
public final class Names {

  private static final Pattern DNS1123_LABEL = Pattern.compile("[a-z0-9]([-a-z0-9]*[a-z0-9])?");
  private static final Pattern DNS1035_LABEL = Pattern.compile("[a-z]([-a-z0-9]*[a-z0-9])?");
  private static final Pattern QUALIFIED_NAME_PART =
      Pattern.compile("([A-Za-z0-9][-A-Za-z0-9_.]*)?[A-Za-z0-9]");
  private static final Pattern LABEL_VALUE =
      Pattern.compile("(([A-Za-z0-9][-A-Za-z0-9_.]*)?[A-Za-z0-9])?");

  private Names() {}

  /** A DNS-1123 label: lower-case alphanumerics and '-', at most 63 characters. */
  public static boolean isDns1123Label(String value) {
    return value != null && value.length() <= 63 && DNS1123_LABEL.matcher(value).matches();
  }

  /** A DNS-1035 label: like DNS-1123 but starting with a letter. */
  public static boolean isDns1035Label(String value) {
    return value != null && value.length() <= 63 && DNS1035_LABEL.matcher(value).matches();
  }

  /** A DNS-1123 subdomain: dot-separated DNS-1123 labels, at most 253 characters. */
  public static boolean isDns1123Subdomain(String value) {
    if (value == null || value.isEmpty() || value.length() > 253) {
      return false;
    }
    for (String part : value.split("\\.", -1)) {
      if (!DNS1123_LABEL.matcher(part).matches()) {
        return false;
      }
    }
    return true;
  }

  /** A label or annotation key: an optional DNS-1123 subdomain prefix and a name of ≤63. */
  public static boolean isQualifiedName(String key) {
    if (key == null || key.isEmpty()) {
      return false;
    }
    int slash = key.lastIndexOf('/');
    String name = key.substring(slash + 1);
    if (slash >= 0 && !isDns1123Subdomain(key.substring(0, slash))) {
      return false;
    }
    return name.length() <= 63 && QUALIFIED_NAME_PART.matcher(name).matches();
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
    return name.chars().allMatch(c -> c >= 32 && c < 127 && c != '=');
  }

  /** A label value: empty, or ≤63 alphanumerics, '-', '_', '.' starting and ending alphanumeric. */
  public static boolean isValue(String value) {
    return value != null && value.length() <= 63 && LABEL_VALUE.matcher(value).matches();
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
