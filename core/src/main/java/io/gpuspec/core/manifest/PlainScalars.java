package io.gpuspec.core.manifest;

/**
 * Plain (unquoted) scalars as the reader resolves them, for readers outside this package that scan
 * YAML themselves (the streaming node-list reader): by the YAML 1.1 rules of go-yaml v2.
 */
public final class PlainScalars {

  private PlainScalars() {}

  /**
   * Whether a plain scalar reads as the string it spells: false for booleans, null and numbers
   * (octal, {@code 1_000}…), which the reader resolves to those values.
   */
  public static boolean isString(String text) {
    return Yaml11Scalars.isString(text);
  }
}
