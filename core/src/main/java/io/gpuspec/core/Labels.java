package io.gpuspec.core;

import io.gpuspec.core.k8s.Names;

/** Kubernetes name and label syntax for users of the DSL; the grammar itself is {@link Names}. */
public final class Labels {

  private Labels() {}

  /** A DNS-1123 label: lower-case alphanumerics and '-', at most 63 characters. */
  public static boolean isDns1123Label(String value) {
    return Names.isDns1123Label(value);
  }

  /** A DNS-1035 label: like DNS-1123 but starting with a letter. */
  public static boolean isDns1035Label(String value) {
    return Names.isDns1035Label(value);
  }

  /** A DNS-1123 subdomain: dot-separated DNS-1123 labels, at most 253 characters. */
  public static boolean isDns1123Subdomain(String value) {
    return Names.isDns1123Subdomain(value);
  }

  /** A label or annotation key: an optional DNS-1123 subdomain prefix and a name of ≤63. */
  public static boolean isQualifiedName(String key) {
    return Names.isQualifiedName(key);
  }

  /** A native resource name, as apimachinery's {@code IsNativeResource}. */
  public static boolean isNativeResourceName(String name) {
    return Names.isNativeResourceName(name);
  }

  /** An extended resource name, as apimachinery's {@code IsExtendedResourceName}. */
  public static boolean isExtendedResourceName(String name) {
    return Names.isExtendedResourceName(name);
  }

  /** A label value: empty, or ≤63 alphanumerics, '-', '_', '.' starting and ending alphanumeric. */
  public static boolean isValue(String value) {
    return Names.isValue(value);
  }
}
