package io.gpuspec.core.manifest;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import tools.jackson.core.JacksonException;
import tools.jackson.databind.JsonNode;

/**
 * Decodes a value embedded in an object of a kind without a model class (e.g. a pod template of a
 * custom resource) into its model class the way the reader does, strictly, but silently: a value of
 * the wrong type is dropped and the rest decoded again, and unknown fields are skipped. The reader
 * reports what it drops; this gives rules the value the reader checked.
 */
public final class EmbeddedDecoder {

  private EmbeddedDecoder() {}

  /** The value decoded into {@code type}, or empty when nothing of it can be decoded. */
  public static <T> Optional<T> decode(JsonNode tree, Class<T> type) {
    Removals removals = new Removals(tree);
    JsonNode remaining = tree;
    List<StrictDecoder.Unknown> unknown = new ArrayList<>();
    for (int attempt = 0; attempt <= ManifestReader.MAX_TYPE_PROBLEMS; attempt++) {
      unknown.clear();
      try {
        return Optional.ofNullable(StrictDecoder.decode(remaining, type, unknown));
      } catch (JacksonException e) {
        String failingHere = ObjectDecoder.pointerOf(e);
        if (failingHere.isEmpty()) {
          return Optional.empty();
        }
        Optional<JsonNode> without =
            removals.without(remaining, failingHere, removals.original(failingHere));
        if (without.isEmpty()) {
          return Optional.empty();
        }
        remaining = without.get();
      } catch (RuntimeException e) {
        return Optional.empty();
      }
    }
    return Optional.empty();
  }
}
