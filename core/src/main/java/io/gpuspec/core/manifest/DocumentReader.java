package io.gpuspec.core.manifest;

import io.fabric8.kubernetes.api.model.HasMetadata;
import io.fabric8.kubernetes.api.model.ObjectMeta;
import io.fabric8.kubernetes.api.model.PodTemplateSpec;
import io.gpuspec.core.report.Severity;
import io.gpuspec.core.report.SourceLocation;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import org.snakeyaml.engine.v2.exceptions.YamlEngineException;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ObjectNode;

/**
 * Turns the text of one file into objects: parses it into documents ({@link YamlTree}), reports
 * what the tree builder found, offers mappings without apiVersion and kind to the recognizers,
 * expands Lists and decodes each object strictly ({@link ObjectDecoder}). It holds no state of its
 * own between files: everything a file produces goes to that file's {@link FileFindings}.
 */
final class DocumentReader {

  private final KindRegistry kinds;
  private final List<DocumentRecognizer> recognizers;

  DocumentReader(KindRegistry kinds, List<DocumentRecognizer> recognizers) {
    this.kinds = kinds;
    this.recognizers = List.copyOf(recognizers);
  }

  /** Reads the text of {@code file}; its objects and findings go to {@code out}. */
  void read(Path file, String text, FileFindings out) {
    if (!TextChecks.check(file, text, out)) {
      return;
    }
    YamlTree tree = YamlTree.parse(text);
    try {
      for (Optional<YamlDocument> document = tree.next();
          document.isPresent();
          document = tree.next()) {
        readDocument(new SourceDocument(file, document.get()), text, out);
      }
    } catch (ReadStop.LimitExceeded e) {
      out.reject(
          FileFindings.at(file, tree.documentsStarted() - 1, e.line, e.column),
          e.getMessage(),
          e.fix);
    } catch (ReadStop.Invalid e) {
      out.problem(
          FileFindings.at(file, tree.documentsStarted() - 1, e.line, e.column),
          Wording.of(ReadProblem.YAML001, e.getMessage(), e.fix));
    } catch (YamlEngineException e) {
      SyntaxProblems.report(file, Math.max(tree.documentsStarted() - 1, 0), e, text, out);
    }
  }

  private void readDocument(SourceDocument doc, String text, FileFindings out) {
    YamlDocument document = doc.document();
    for (int i = 0; i < document.droppedProblems(); i++) {
      out.countDropped(Severity.ERROR, doc.file());
    }
    JsonNode root = document.root();
    if (root == null) {
      return; // an empty document
    }
    for (YamlDocument.Problem p : document.problems()) {
      out.add(
          new ObjectAt(
              root,
              FieldPaths.of(p.pointer(), root),
              new SourceLocation(doc.file(), document.index(), p.line(), p.column())),
          Wording.of(p.problem(), p.message(), p.fix()));
    }
    if (!(root instanceof ObjectNode)) {
      out.add(
          new ObjectAt(root, "<root>", doc.start()),
          Wording.of(
              ReadProblem.YAML006,
              "the document is not an object",
              "write a Kubernetes object with apiVersion, kind and metadata"));
      return;
    }
    if (recognized(doc, text, out)) {
      return;
    }
    readObject(doc, "", out);
  }

  /**
   * Offers a mapping without apiVersion and kind to the recognizers; true when one claimed it and
   * its object was kept.
   */
  private boolean recognized(SourceDocument doc, String text, FileFindings out) {
    JsonNode json = doc.root();
    if (recognizers.isEmpty() || json.has("apiVersion") || json.has("kind")) {
      return false;
    }
    DocumentRecognizer.Document offered =
        new DocumentRecognizer.Document(
            doc.file(), doc.document().index(), doc.document().text(text), json);
    for (DocumentRecognizer recognizer : recognizers) {
      List<HasMetadata> objects = recognizer.recognizeAll(offered);
      if (!objects.isEmpty()) {
        objects.forEach(object -> out.keep(object, doc.start(), null));
        return true;
      }
    }
    return false;
  }

  /** Reads the object at {@code pointer} in a document (the root, or an item of a List). */
  private void readObject(SourceDocument doc, String pointer, FileFindings out) {
    JsonNode json = JsonPointer.navigate(doc.root(), pointer);
    String prefix = pointer.isEmpty() ? "" : FieldPaths.of(pointer, doc.root());
    SourceLocation source = doc.at(pointer);
    ObjectAt whole = new ObjectAt(json, FieldPaths.prefixed(prefix, "<root>"), source);
    if (!(json instanceof ObjectNode)) {
      out.add(
          whole,
          Wording.of(
              ReadProblem.YAML006,
              "the list item is not an object",
              "write a Kubernetes object with apiVersion, kind and metadata"));
      return;
    }
    String apiVersion =
        json.path("apiVersion").isString() ? json.path("apiVersion").asString() : "";
    String kind = json.path("kind").isString() ? json.path("kind").asString() : "";
    if (apiVersion.isEmpty() || kind.isEmpty()) {
      out.add(
          whole,
          Wording.of(
              ReadProblem.YAML006,
              "apiVersion and kind must be non-empty strings",
              "add e.g. apiVersion: apps/v1 and kind: Deployment"));
      return;
    }
    JsonNode items = json.path("items");
    if (kind.equals("List") || (kind.endsWith("List") && items.isArray())) {
      if (!items.isArray()) {
        out.add(
            new ObjectAt(json, FieldPaths.prefixed(prefix, "items"), doc.at(pointer + "/items")),
            Wording.of(
                ReadProblem.YAML007,
                "a List needs an items array",
                "write the objects as a list under items:, or as documents separated by ---"));
        return;
      }
      for (int i = 0; i < items.size(); i++) {
        readObject(doc, pointer + "/items/" + i, out);
      }
      return;
    }
    ObjectDecoder decoder = new ObjectDecoder(doc, pointer, out);
    Optional<Class<? extends HasMetadata>> type = kinds.lookup(apiVersion, kind);
    if (type.isEmpty()) {
      Optional<List<String>> templates =
          kinds.embeddedTemplates().templatePointers(apiVersion, kind, json);
      if (templates.isPresent()) {
        readDescribed(doc, pointer, json, kind, templates.get(), decoder, out);
        return;
      }
      out.add(
          whole,
          Wording.of(
              ReadProblem.YAML004,
              "kind "
                  + Quoted.clip(apiVersion)
                  + " "
                  + Quoted.clip(kind)
                  + " is not known; it is not checked",
              kinds.unknownKindFix(apiVersion, kind)));
      ObjectMeta metadata = null;
      if (json.has("metadata") && !json.get("metadata").isNull()) {
        metadata = decoder.decode("/metadata", ObjectMeta.class, kind);
      }
      out.keep(StrictDecoder.generic(json, metadata), source, doc.document().located().at(pointer));
      return;
    }
    HasMetadata object = decoder.decode("", type.get(), kind);
    if (object != null) {
      out.keep(object, source, doc.document().located().at(pointer));
    }
  }

  /**
   * Keeps an object of a kind without a model class whose pod templates are described: its metadata
   * and each template decoded strictly (their problems reported), the rest kept as read.
   */
  private static void readDescribed(
      SourceDocument doc,
      String pointer,
      JsonNode json,
      String kind,
      List<String> templates,
      ObjectDecoder decoder,
      FileFindings out) {
    ObjectMeta metadata = null;
    if (json.has("metadata") && !json.get("metadata").isNull()) {
      metadata = decoder.decode("/metadata", ObjectMeta.class, kind);
    }
    for (String template : templates) {
      decoder.decode(template, PodTemplateSpec.class, kind);
    }
    out.keep(
        StrictDecoder.generic(json, metadata),
        doc.at(pointer),
        doc.document().located().at(pointer));
  }
}
