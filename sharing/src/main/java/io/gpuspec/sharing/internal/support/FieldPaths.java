package io.gpuspec.sharing.internal.support;

import java.util.regex.Pattern;

/** Field paths inside embedded configs; shared by the facts and the rules. Not API. */
public final class FieldPaths {

  private static final Pattern SIMPLE_KEY = Pattern.compile("[A-Za-z0-9_-]+");

  private FieldPaths() {}

  /** {@code parent.key}, or {@code parent[key]} for a key that is not a plain word. */
  public static String child(String parent, String key) {
    if (!SIMPLE_KEY.matcher(key).matches()) {
      return parent + "[" + key + "]";
    }
    return parent.isEmpty() ? key : parent + "." + key;
  }
}
