package io.gpuspec.core.manifest;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * One table of YAML 1.1 words and near-words, written out by hand from the YAML 1.1 type
 * definitions (bool, null, float) as go-yaml v2 implements them: whether the unquoted text reads as
 * something other than a string. Every place that reads or writes YAML 1.1 scalars runs it (the
 * reader's scalar resolution, the renderer's quoting, the sharing configs' writer).
 */
public final class Yaml11WordTable {

  /** Text, and whether YAML 1.1 reads it unquoted as a boolean, null or float. */
  public static final Map<String, Boolean> WORDS = words();

  private Yaml11WordTable() {}

  private static Map<String, Boolean> words() {
    Map<String, Boolean> words = new LinkedHashMap<>();
    for (String word :
        new String[] {
          "y", "Y", "yes", "Yes", "YES", "n", "N", "no", "No", "NO", "true", "True", "TRUE",
          "false", "False", "FALSE", "on", "On", "ON", "off", "Off", "OFF", "null", "Null", "NULL",
          "~", "", ".inf", ".Inf", ".INF", "+.inf", "+.Inf", "+.INF", "-.inf", "-.Inf", "-.INF",
          ".nan", ".NaN", ".NAN"
        }) {
      words.put(word, true);
    }
    for (String text :
        new String[] {
          "yess",
          "nope",
          "onward",
          "offset",
          "nil",
          "none",
          "t",
          "f",
          "inf",
          "nan",
          "truth",
          "nullable",
          "yes-please",
          "on-demand",
          "gpu",
          "a100",
          "mig-1g.10gb"
        }) {
      words.put(text, false);
    }
    return Collections.unmodifiableMap(words);
  }
}
