package io.gpuspec.core.manifest;

/**
 * The rule the API server applies to the names of a kind (see
 * https://kubernetes.io/docs/concepts/overview/working-with-objects/names/).
 */
public enum NameFormat {
  /** At most 253 of {@code [a-z0-9-.]}, alphanumeric at both ends: most kinds. */
  DNS1123_SUBDOMAIN,
  /** At most 63 of {@code [a-z0-9-]}, alphanumeric at both ends: Namespace, Service. */
  DNS1123_LABEL,
  /** A DNS-1123 label that starts with a letter: kinds whose name becomes a Service name. */
  DNS1035_LABEL,
  /** Anything but {@code .}, {@code ..}, {@code /} and {@code %}: RBAC kinds. */
  PATH_SEGMENT
}
