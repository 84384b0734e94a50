package io.gpuspec.core.manifest;

import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;

/**
 * The words YAML 1.1 (go-yaml v2, which Kubernetes and the NVIDIA components decode with) reads as
 * something other than a string when they are not quoted: booleans ({@code yes}, {@code on}, {@code
 * n}…), null ({@code ~}) and the special floats ({@code .inf}, {@code .nan}). This is the one list:
 * the reader resolves plain scalars by it, and every writer quotes strings by it.
 */
public final class Yaml11Words {

  /**
   * Words for true; go-yaml v2 accepts them in lower case, Capitalised or UPPER case only ("yEs" is
   * text).
   */
  static final Set<String> TRUE = Set.of("y", "yes", "true", "on");

  /** Words for false, in the same cases. */
  static final Set<String> FALSE = Set.of("n", "no", "false", "off");

  /** Words for null besides the empty scalar, in the same cases. */
  static final Set<String> NULL = Set.of("~", "null");

  /** go-yaml v2 reads exactly these spellings as floats: infinities and not-a-number. */
  static final Map<String, Double> SPECIAL_FLOATS = specialFloats();

  private static final Set<String> RESERVED = reservedWords();

  private Yaml11Words() {}

  private static Map<String, Double> specialFloats() {
    Map<String, Double> floats = new HashMap<>();
    for (String inf : List.of(".inf", ".Inf", ".INF")) {
      floats.put(inf, Double.POSITIVE_INFINITY);
      floats.put("+" + inf, Double.POSITIVE_INFINITY);
      floats.put("-" + inf, Double.NEGATIVE_INFINITY);
    }
    for (String nan : List.of(".nan", ".NaN", ".NAN")) {
      floats.put(nan, Double.NaN);
    }
    return Map.copyOf(floats);
  }

  private static Set<String> reservedWords() {
    Set<String> words = new TreeSet<>();
    words.addAll(TRUE);
    words.addAll(FALSE);
    words.addAll(NULL);
    SPECIAL_FLOATS.keySet().forEach(word -> words.add(word.toLowerCase(Locale.ROOT)));
    return Set.copyOf(words);
  }

  /** Every word, in lower case, that some spelling of reads as a boolean, null or float. */
  public static Set<String> reserved() {
    return RESERVED;
  }

  /**
   * Whether {@code text}, in any mix of cases, is one of the words: a string that must be quoted to
   * stay a string (a few spellings go-yaml reads as text are quoted too, which is harmless).
   */
  public static boolean isReserved(String text) {
    return RESERVED.contains(text.toLowerCase(Locale.ROOT));
  }
}
