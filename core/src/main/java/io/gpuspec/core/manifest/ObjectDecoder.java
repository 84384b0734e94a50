package io.gpuspec.core.manifest;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.jspecify.annotations.Nullable;
import tools.jackson.core.JacksonException;
import tools.jackson.databind.JsonNode;

/**
 * Strictly decodes one object of a document (or its metadata) into its model class, reporting every
 * unknown field and every type mismatch: a value of the wrong type is reported, dropped from a copy
 * of the tree and the copy decoded again, within {@link ManifestReader#MAX_TYPE_PROBLEMS}
 * mismatches and {@link ManifestReader#MAX_DECODE_WORK} nodes.
 */
final class ObjectDecoder {

  private final SourceDocument doc;
  private final String pointer;
  private final JsonNode object;
  private final String prefix;
  private final FileFindings out;

  /** A decoder for the object at {@code pointer} in {@code doc}, reporting to {@code out}. */
  ObjectDecoder(SourceDocument doc, String pointer, FileFindings out) {
    this.doc = doc;
    this.pointer = pointer;
    this.object = JsonPointer.navigate(doc.root(), pointer);
    this.prefix = pointer.isEmpty() ? "" : FieldPaths.of(pointer, doc.root());
    this.out = out;
  }

  /**
   * Decodes the value at {@code sub} in the object ({@code ""} for the object itself) into {@code
   * type}; null when it cannot be decoded at all. {@code kind} names the object in findings.
   */
  <T> @Nullable T decode(String sub, Class<T> type, String kind) {
    JsonNode original = JsonPointer.navigate(object, sub);
    Removals removals = new Removals(original);
    JsonNode remaining = original;
    long work = 0;
    List<StrictDecoder.Unknown> unknownFields = new ArrayList<>();
    T decoded = null;
    boolean gaveUp = false;
    for (int attempt = 0; attempt <= ManifestReader.MAX_TYPE_PROBLEMS; attempt++) {
      unknownFields.clear();
      try {
        decoded = StrictDecoder.decode(remaining, type, unknownFields);
        break;
      } catch (JacksonException e) {
        // report it, drop the bad value and decode again, so that every mismatch is reported
        String failingHere = pointerOf(e);
        String failing = removals.original(failingHere);
        typeProblem(sub + failing, e);
        work += Math.max(doc.document().nodes(), 1);
        if (failingHere.isEmpty()) {
          break;
        }
        if (attempt == ManifestReader.MAX_TYPE_PROBLEMS || work > ManifestReader.MAX_DECODE_WORK) {
          gaveUp = true;
          break;
        }
        Optional<JsonNode> without = removals.without(remaining, failingHere, failing);
        if (without.isEmpty()) {
          break;
        }
        remaining = without.get();
      } catch (RuntimeException e) {
        // a model class's own deserializer refused the value
        typeProblem(sub, e);
        break;
      }
    }
    if (gaveUp) {
      out.add(
          at(sub),
          Wording.of(
              ReadProblem.YAML005,
              "more values of the wrong type than gpuspec decodes again (at most "
                  + ManifestReader.MAX_TYPE_PROBLEMS
                  + " per object, "
                  + ManifestReader.MAX_DECODE_WORK
                  + " nodes in all); the "
                  + (sub.isEmpty() ? "object" : sub.equals("/metadata") ? "metadata" : "template")
                  + " is not checked",
              "fix the values above and read the file again"));
    }
    for (StrictDecoder.Unknown found : unknownFields) {
      String unknown = sub + removals.original(found.pointer());
      if (!unknown.equals("/status")) { // the server ignores status on create and apply
        out.add(at(unknown), DecodeWording.unknownField(kind, unknown, found));
      }
    }
    return decoded;
  }

  /** Reports a type mismatch at {@code failing}, a pointer relative to the object. */
  private void typeProblem(String failing, RuntimeException e) {
    JsonNode value = JsonPointer.navigate(object, failing);
    Optional<FieldPositions.Written> written = doc.document().located().written(pointer + failing);
    out.add(at(failing), DecodeWording.typeMismatch(value, written, e));
  }

  /** Where the value at {@code relative} (a pointer relative to the object) is. */
  private ObjectAt at(String relative) {
    return new ObjectAt(
        object,
        FieldPaths.prefixed(prefix, FieldPaths.of(relative, object)),
        doc.at(pointer + relative));
  }

  static String pointerOf(JacksonException e) {
    StringBuilder pointer = new StringBuilder();
    for (JacksonException.Reference ref : e.getPath()) {
      if (ref.getPropertyName() != null) {
        pointer.append('/').append(JsonPointer.escape(ref.getPropertyName()));
      } else if (ref.getIndex() >= 0) {
        pointer.append('/').append(ref.getIndex());
      }
    }
    return pointer.toString();
  }
}
