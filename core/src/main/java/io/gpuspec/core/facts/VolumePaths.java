package io.gpuspec.core.facts;

import io.fabric8.kubernetes.api.model.KeyToPath;
import io.gpuspec.core.report.Finding;
import java.util.List;
import java.util.Set;
import org.jspecify.annotations.Nullable;

/**
 * The path, mode and enumeration checks the volume facts share (K8S019): relative paths without
 * '..', file modes 0–0777, key-to-path items, mount propagation and recursive read-only values.
 */
final class VolumePaths {

  private static final int MAX_MODE = 0777;
  private static final Set<String> PROPAGATIONS =
      Set.of("None", "HostToContainer", "Bidirectional");
  private static final Set<String> RECURSIVE = Set.of("Disabled", "IfPossible", "Enabled");

  private VolumePaths() {}

  static void items(@Nullable List<KeyToPath> items, String at, List<Finding> findings) {
    for (int i = 0; items != null && i < items.size(); i++) {
      KeyToPath item = items.get(i) == null ? new KeyToPath() : items.get(i);
      String path = at + "[" + i + "]";
      if (blank(item.getKey())) {
        findings.add(Finding.rejection(path + ".key", "the item has no key", "name the key"));
      }
      relativePath(item.getPath(), path + ".path", findings);
      mode(item.getMode(), path + ".mode", findings);
    }
  }

  /**
   * A path below the volume's root: present, relative, without '..' (validateLocalNonReservedPath).
   */
  static void relativePath(@Nullable String path, String at, List<Finding> findings) {
    if (path == null || path.isEmpty()) {
      findings.add(Finding.rejection(at, "the item has no path", "give the file's path"));
    } else if (path.startsWith("/") || hasBackstep(path)) {
      findings.add(
          Finding.rejection(
              at,
              "\"" + path + "\" is not a relative path without '..'",
              "give a path relative to the mount, e.g. config.yaml"));
    }
  }

  static void mode(@Nullable Integer mode, String at, List<Finding> findings) {
    if (mode != null && (mode < 0 || mode > MAX_MODE)) {
      findings.add(
          Finding.rejection(
              at,
              "mode " + mode + " is not 0 to 0777 (511)",
              "give an octal mode such as 0644 (420 in decimal)"));
    }
  }

  static boolean hasBackstep(String path) {
    for (String part : path.split("/", -1)) {
      if (part.equals("..")) {
        return true;
      }
    }
    return false;
  }

  static boolean blank(@Nullable String value) {
    return value == null || value.isEmpty();
  }

  static String orEmpty(@Nullable String value) {
    return value == null ? "" : value;
  }

  /** A known {@code mountPropagation} value. */
  static boolean isPropagation(String value) {
    return PROPAGATIONS.contains(value);
  }

  /** A known {@code recursiveReadOnly} value. */
  static boolean isRecursiveReadOnly(String value) {
    return RECURSIVE.contains(value);
  }
}
