package io.gpuspec.cel.internal.crd;

import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.regex.Pattern;

/**
 * The {@code pattern}s of CRD schemas, compiled once per JVM instead of once per value checked; the
 * table is bounded (CRDs hold few distinct patterns; past the bound a pattern is compiled each
 * time).
 */
final class CrdPatterns {

  private static final int MAX = 2048;
  private static final Map<String, Pattern> COMPILED = new ConcurrentHashMap<>();

  private CrdPatterns() {}

  /**
   * The compiled pattern; throws {@link java.util.regex.PatternSyntaxException} as compiling does.
   */
  static Pattern compiled(String pattern) {
    Pattern known = COMPILED.get(pattern);
    if (known == null) {
      known = Pattern.compile(pattern);
      if (COMPILED.size() < MAX) {
        COMPILED.put(pattern, known);
      }
    }
    return known;
  }
}
