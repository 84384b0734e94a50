package io.gpuspec.core.manifest;

import io.fabric8.kubernetes.api.model.HasMetadata;
import io.gpuspec.core.report.ObjectRef;
import io.gpuspec.core.report.Severity;
import io.gpuspec.core.report.SourceLocation;
import io.gpuspec.core.report.Violation;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.Optional;
import java.util.stream.Stream;
import org.snakeyaml.engine.v2.api.LoadSettings;
import org.snakeyaml.engine.v2.api.lowlevel.Compose;
import org.snakeyaml.engine.v2.api.lowlevel.Parse;
import org.snakeyaml.engine.v2.events.AliasEvent;
import org.snakeyaml.engine.v2.events.DocumentStartEvent;
import org.snakeyaml.engine.v2.events.Event;
import org.snakeyaml.engine.v2.events.MappingEndEvent;
import org.snakeyaml.engine.v2.events.MappingStartEvent;
import org.snakeyaml.engine.v2.events.SequenceEndEvent;
import org.snakeyaml.engine.v2.events.SequenceStartEvent;
import org.snakeyaml.engine.v2.exceptions.MarkedYamlEngineException;
import org.snakeyaml.engine.v2.exceptions.YamlEngineException;
import org.snakeyaml.engine.v2.nodes.MappingNode;
import org.snakeyaml.engine.v2.nodes.Node;
import org.snakeyaml.engine.v2.nodes.ScalarNode;
import tools.jackson.core.JacksonException;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ArrayNode;
import tools.jackson.databind.node.ObjectNode;

/**
 * Reads hand-written Kubernetes YAML strictly and within bounds, the way the API server decodes it
 * (YAML 1.1 scalars, strict fields), into typed fabric8 objects that remember their file and line.
 * It never throws for bad input: every problem becomes a violation naming file, line, field and
 * fix.
 *
 * <table>
 *   <caption>Reader findings</caption>
 *   <tr><td>YAML001</td><td>error</td><td>unreadable file or YAML syntax error</td></tr>
 *   <tr><td>YAML002</td><td>error</td><td>a mapping repeats a key</td></tr>
 *   <tr><td>YAML003</td><td>error</td><td>a field the kind does not have</td></tr>
 *   <tr><td>YAML004</td><td>warning</td><td>a kind gpuspec has no model for (kept, not checked)</td></tr>
 *   <tr><td>YAML005</td><td>error</td><td>too large, too deep, too many aliases or documents</td></tr>
 *   <tr><td>YAML006</td><td>error</td><td>a document that is not an object with apiVersion and kind (and that no {@link DocumentRecognizer} claims)</td></tr>
 *   <tr><td>YAML007</td><td>error</td><td>a value of the wrong type (e.g. an integer label value)</td></tr>
 *   <tr><td>YAML008</td><td>error</td><td>an unquoted {@code yes}/{@code on}/{@code 012}… that YAML 1.1 reads as a bool or number where a string is needed</td></tr>
 * </table>
 */
public final class ManifestReader {

  static final int MAX_FILE_BYTES = 8 * 1024 * 1024;
  static final int MAX_DEPTH = 100;
  static final int MAX_ALIASES = 50;
  static final int MAX_DOCUMENTS = 10_000;
  static final int MAX_TYPE_PROBLEMS = 20;

  private static final LoadSettings SETTINGS =
      LoadSettings.builder()
          .setAllowDuplicateKeys(true) // reported as YAML002 with its line instead
          .setAllowRecursiveKeys(false)
          .setMaxAliasesForCollections(MAX_ALIASES)
          .setCodePointLimit(MAX_FILE_BYTES)
          .setUseMarks(true)
          .build();

  private final KindRegistry kinds;
  private final List<DocumentRecognizer> recognizers;
  private final ManifestSet.Builder objects;
  private final List<Violation> problems = new ArrayList<>();

  private ManifestReader(
      KindRegistry kinds, List<DocumentRecognizer> recognizers, WriteOrder order) {
    this.kinds = kinds;
    this.recognizers = List.copyOf(recognizers);
    this.objects = ManifestSet.builder(order);
  }

  /**
   * Reads files and directories (recursively, {@code *.yaml} and {@code *.yml}, sorted), decoding
   * the kinds {@code kinds} knows and ordering the result by {@code order}.
   */
  public static ReadResult read(KindRegistry kinds, WriteOrder order, List<Path> paths) {
    return read(kinds, List.of(), order, paths);
  }

  /**
   * Reads files and directories like {@link #read(KindRegistry, WriteOrder, List)}; a document
   * without apiVersion and kind that one of {@code recognizers} claims becomes the object it
   * returns instead of a YAML006 finding.
   */
  public static ReadResult read(
      KindRegistry kinds,
      List<DocumentRecognizer> recognizers,
      WriteOrder order,
      List<Path> paths) {
    ManifestReader reader = new ManifestReader(kinds, recognizers, order);
    for (Path path : paths) {
      for (Path file : reader.expand(path)) {
        reader.readFile(file);
      }
    }
    return reader.result();
  }

  /** Reads YAML text; {@code sourceName} stands for the file in findings. */
  public static ReadResult read(
      KindRegistry kinds, WriteOrder order, String yaml, String sourceName) {
    return read(kinds, List.of(), order, yaml, sourceName);
  }

  /** Reads YAML text with document recognizers; {@code sourceName} stands for the file. */
  public static ReadResult read(
      KindRegistry kinds,
      List<DocumentRecognizer> recognizers,
      WriteOrder order,
      String yaml,
      String sourceName) {
    ManifestReader reader = new ManifestReader(kinds, recognizers, order);
    reader.readText(Path.of(sourceName), yaml);
    return reader.result();
  }

  private ReadResult result() {
    return new ReadResult(objects.build(), problems);
  }

  private List<Path> expand(Path path) {
    if (!Files.isDirectory(path)) {
      return List.of(path);
    }
    try (Stream<Path> walk = Files.walk(path)) {
      return walk.filter(Files::isRegularFile)
          .filter(p -> p.toString().endsWith(".yaml") || p.toString().endsWith(".yml"))
          .sorted()
          .toList();
    } catch (IOException e) {
      fileProblem(
          path,
          "YAML001",
          "cannot list the directory (" + e.getMessage() + ")",
          "check it exists and is readable");
      return List.of();
    }
  }

  private void readFile(Path file) {
    byte[] bytes;
    try {
      if (Files.size(file) > MAX_FILE_BYTES) {
        fileProblem(
            file, "YAML005", "the file is larger than 8 MiB", "split it into smaller files");
        return;
      }
      bytes = Files.readAllBytes(file);
    } catch (IOException e) {
      fileProblem(
          file,
          "YAML001",
          "cannot read the file (" + e + ")",
          "check the path exists and is readable");
      return;
    }
    try {
      readText(
          file,
          StandardCharsets.UTF_8
              .newDecoder()
              .onMalformedInput(CodingErrorAction.REPORT)
              .decode(ByteBuffer.wrap(bytes))
              .toString());
    } catch (CharacterCodingException e) {
      fileProblem(file, "YAML001", "the file is not UTF-8", "save it as UTF-8");
    }
  }

  private void readText(Path file, String text) {
    if (text.length() > MAX_FILE_BYTES) {
      fileProblem(file, "YAML005", "the input is larger than 8 MiB", "split it into smaller files");
      return;
    }
    List<Integer> documentLines = scan(file, text);
    if (documentLines == null) {
      return;
    }
    Iterator<Node> documents;
    try {
      documents = new Compose(SETTINGS).composeAllFromString(text).iterator();
      for (int index = 0; documents.hasNext(); index++) {
        Node root = documents.next();
        int line = index < documentLines.size() ? documentLines.get(index) : 1;
        readDocument(new SourceLocation(file, index, line), root, text);
      }
    } catch (YamlEngineException e) {
      syntaxProblem(file, 0, e);
    }
  }

  /**
   * Walks the event stream once, without recursion, to enforce depth, alias and document limits and
   * to find syntax errors before anything is built. Returns each document's first line, or null
   * when the file must not be read further.
   */
  private List<Integer> scan(Path file, String text) {
    List<Integer> documentLines = new ArrayList<>();
    int depth = 0;
    int aliases = 0;
    try {
      for (Event event : new Parse(SETTINGS).parseString(text)) {
        int line = event.getStartMark().map(m -> m.getLine() + 1).orElse(1);
        if (event instanceof DocumentStartEvent) {
          documentLines.add(line);
          if (documentLines.size() > MAX_DOCUMENTS) {
            problem(
                file,
                documentLines.size() - 1,
                line,
                "YAML005",
                "more than " + MAX_DOCUMENTS + " documents",
                "split the file");
            return null;
          }
        } else if (event instanceof MappingStartEvent || event instanceof SequenceStartEvent) {
          if (++depth > MAX_DEPTH) {
            problem(
                file,
                documentLines.size() - 1,
                line,
                "YAML005",
                "nesting deeper than " + MAX_DEPTH + " levels",
                "flatten the document; no Kubernetes object nests that deep");
            return null;
          }
        } else if (event instanceof MappingEndEvent || event instanceof SequenceEndEvent) {
          depth--;
        } else if (event instanceof AliasEvent && ++aliases > MAX_ALIASES) {
          problem(
              file,
              documentLines.size() - 1,
              line,
              "YAML005",
              "more than " + MAX_ALIASES + " aliases",
              "write the values out instead of using anchors and aliases");
          return null;
        }
      }
    } catch (YamlEngineException e) {
      syntaxProblem(file, Math.max(documentLines.size() - 1, 0), e);
      return null;
    }
    return documentLines;
  }

  private void readDocument(SourceLocation document, Node root, String text) {
    if (root instanceof ScalarNode scalar && scalar.getValue().isEmpty()) {
      return; // an empty document
    }
    // findings about the whole document point at its content, not at the "---" before it
    SourceLocation source =
        new SourceLocation(
            document.file(),
            document.document(),
            root.getStartMark().map(m -> m.getLine() + 1).orElse(document.line()));
    YamlTree tree = new YamlTree();
    JsonNode json;
    try {
      json = tree.convert(root);
    } catch (YamlTree.TooLarge e) {
      problem(
          source.file(),
          source.document(),
          source.line(),
          "YAML005",
          "the document expands to more than " + YamlTree.MAX_NODES + " nodes through aliases",
          "write the values out instead of nesting aliases");
      return;
    }
    tree.duplicateKeys.forEach(
        (pointer, line) ->
            add(
                "YAML002",
                Severity.ERROR,
                json,
                FieldPaths.of(pointer, json),
                "the key is repeated; the API server's strict decoding rejects duplicate keys",
                "keep one of the entries",
                new SourceLocation(source.file(), source.document(), line)));
    if (!(root instanceof MappingNode)) {
      add(
          "YAML006",
          Severity.ERROR,
          json,
          "<root>",
          "the document is not an object",
          "write a Kubernetes object with apiVersion, kind and metadata",
          source);
      return;
    }
    if (recognized(json, root, text, source)) {
      return;
    }
    readObject(json, "", tree, source);
  }

  /**
   * Offers a mapping without apiVersion and kind to the recognizers; true when one claimed it and
   * its object was added.
   */
  private boolean recognized(JsonNode json, Node root, String text, SourceLocation source) {
    if (recognizers.isEmpty() || json.has("apiVersion") || json.has("kind")) {
      return false;
    }
    DocumentRecognizer.Document document =
        new DocumentRecognizer.Document(
            source.file(), source.document(), documentText(root, text), json);
    for (DocumentRecognizer recognizer : recognizers) {
      Optional<HasMetadata> object = recognizer.recognize(document);
      if (object.isPresent()) {
        objects.add(object.get(), source);
        return true;
      }
    }
    return false;
  }

  /** The text of one document, from its first to its last character (marks count code points). */
  private static String documentText(Node root, String text) {
    int start = root.getStartMark().map(m -> m.getIndex()).orElse(0);
    int end =
        root.getEndMark().map(m -> m.getIndex()).orElse(text.codePointCount(0, text.length()));
    int total = text.codePointCount(0, text.length());
    int from = text.offsetByCodePoints(0, Math.min(Math.max(start, 0), total));
    int to = text.offsetByCodePoints(0, Math.min(Math.max(end, start), total));
    return text.substring(from, to);
  }

  /** Reads the object at {@code pointer} in a document (the root, or an item of a List). */
  private void readObject(JsonNode root, String pointer, YamlTree tree, SourceLocation document) {
    JsonNode json = root.at(pointer);
    String prefix = pointer.isEmpty() ? "" : FieldPaths.of(pointer, root);
    SourceLocation source =
        new SourceLocation(document.file(), document.document(), tree.lineOf(pointer));
    String apiVersion =
        json.path("apiVersion").isString() ? json.path("apiVersion").asString() : "";
    String kind = json.path("kind").isString() ? json.path("kind").asString() : "";
    if (apiVersion.isEmpty() || kind.isEmpty()) {
      add(
          "YAML006",
          Severity.ERROR,
          json,
          FieldPaths.prefixed(prefix, "<root>"),
          "apiVersion and kind must be non-empty strings",
          "add e.g. apiVersion: apps/v1 and kind: Deployment",
          source);
      return;
    }
    if (kind.endsWith("List") && json.path("items").isArray()) {
      for (int i = 0; i < json.path("items").size(); i++) {
        readObject(root, pointer + "/items/" + i, tree, document);
      }
      return;
    }
    Optional<Class<? extends HasMetadata>> type = kinds.lookup(apiVersion, kind);
    if (type.isEmpty()) {
      Optional<String> module = kinds.moduleFor(apiVersion);
      add(
          "YAML004",
          Severity.WARNING,
          json,
          FieldPaths.prefixed(prefix, "<root>"),
          "kind " + apiVersion + " " + kind + " is not known; it is not checked",
          module
              .map(m -> "add " + m + " to the class path")
              .orElse(
                  "check the apiVersion and kind, or ignore this for a custom resource gpuspec"
                      + " does not know"),
          source);
      objects.add(StrictDecoder.generic(json), source);
      return;
    }
    List<String> unknownFields = new ArrayList<>();
    JsonNode remaining = json.deepCopy();
    for (int attempt = 0; attempt <= MAX_TYPE_PROBLEMS; attempt++) {
      unknownFields.clear();
      try {
        objects.add(StrictDecoder.decode(remaining, type.get(), unknownFields), source);
        break;
      } catch (JacksonException e) {
        // report it, drop the bad value and decode again, so that every mismatch is reported
        String failing = typeProblem(e, json, prefix, pointer, tree, document);
        if (failing.isEmpty() || !remove(remaining, failing)) {
          break;
        }
      }
    }
    for (String unknown : unknownFields) {
      if (!unknown.equals("/status")) { // the server ignores status on create and apply
        add(
            "YAML003",
            Severity.ERROR,
            json,
            FieldPaths.prefixed(prefix, FieldPaths.of(unknown, json)),
            kind
                + " has no field \""
                + lastStep(unknown)
                + "\"; strict decoding rejects it, otherwise it is silently dropped",
            "remove it or fix its spelling or indentation",
            at(document, tree, pointer + unknown));
      }
    }
  }

  /** Removes the node at a JSON pointer; false when there is nothing to remove. */
  private static boolean remove(JsonNode root, String pointer) {
    int slash = pointer.lastIndexOf('/');
    JsonNode parent = root.at(pointer.substring(0, slash));
    String last = pointer.substring(slash + 1).replace("~1", "/").replace("~0", "~");
    if (parent instanceof ObjectNode object && object.has(last)) {
      object.remove(last);
      return true;
    }
    if (parent instanceof ArrayNode array
        && last.matches("\\d+")
        && Integer.parseInt(last) < array.size()) {
      array.remove(Integer.parseInt(last));
      return true;
    }
    return false;
  }

  /** Reports a type mismatch and returns the JSON pointer of the bad value. */
  private String typeProblem(
      JacksonException e,
      JsonNode json,
      String prefix,
      String pointer,
      YamlTree tree,
      SourceLocation document) {
    String failing = pointerOf(e);
    JsonNode value = json.at(failing);
    String original = tree.yaml11Scalars.get(pointer + failing);
    boolean yaml11 = original != null;
    boolean scalarForString = value.isNumber() || value.isBoolean();
    String message;
    if (yaml11) {
      message =
          "the unquoted value "
              + original
              + " is a boolean or number in YAML 1.1, which Kubernetes decodes, but the field"
              + " wants a string";
    } else if (scalarForString) {
      message =
          "the value "
              + value.asString()
              + " is a "
              + (value.isNumber() ? "number" : "boolean")
              + " where the field wants a string";
    } else {
      message = "the value has the wrong type: " + firstLine(e.getOriginalMessage());
    }
    add(
        yaml11 ? "YAML008" : "YAML007",
        Severity.ERROR,
        json,
        FieldPaths.prefixed(prefix, FieldPaths.of(failing, json)),
        message,
        scalarForString
            ? "quote it: \"" + (yaml11 ? original : value.asString()) + "\""
            : "give the value the type the field expects (see the Kubernetes API reference)",
        at(document, tree, pointer + failing));
    return failing;
  }

  private static SourceLocation at(SourceLocation document, YamlTree tree, String pointer) {
    return new SourceLocation(document.file(), document.document(), tree.lineOf(pointer));
  }

  private static String pointerOf(JacksonException e) {
    StringBuilder pointer = new StringBuilder();
    for (JacksonException.Reference ref : e.getPath()) {
      if (ref.getPropertyName() != null) {
        pointer.append('/').append(YamlTree.escape(ref.getPropertyName()));
      } else if (ref.getIndex() >= 0) {
        pointer.append('/').append(ref.getIndex());
      }
    }
    return pointer.toString();
  }

  private static String lastStep(String pointer) {
    return pointer.substring(pointer.lastIndexOf('/') + 1).replace("~1", "/").replace("~0", "~");
  }

  private static String firstLine(String message) {
    String text = message == null ? "" : message.strip();
    int newline = text.indexOf('\n');
    String line = newline < 0 ? text : text.substring(0, newline);
    int aside = line.indexOf(" (but ");
    return aside < 0 ? line : line.substring(0, aside);
  }

  private void syntaxProblem(Path file, int document, YamlEngineException e) {
    if (e instanceof MarkedYamlEngineException marked) {
      int line = marked.getProblemMark().map(m -> m.getLine() + 1).orElse(1);
      String what =
          (marked.getContext() == null ? "" : marked.getContext() + ": ") + marked.getProblem();
      problem(
          file,
          document,
          line,
          "YAML001",
          "YAML syntax error: " + what,
          "fix the YAML at line " + line + " (indentation, a missing ':' or an unclosed quote)");
    } else {
      problem(
          file, document, 1, "YAML001", "YAML error: " + firstLine(e.getMessage()), "fix the YAML");
    }
  }

  private void fileProblem(Path file, String id, String message, String fix) {
    problem(file, 0, 1, id, message, fix);
  }

  private void problem(Path file, int document, int line, String id, String message, String fix) {
    problems.add(
        new Violation(
            id,
            Severity.ERROR,
            new ObjectRef("", "", "", "-"),
            "<root>",
            message,
            fix,
            Optional.of(new SourceLocation(file, Math.max(document, 0), line))));
  }

  private void add(
      String id,
      Severity severity,
      JsonNode object,
      String path,
      String message,
      String fix,
      SourceLocation source) {
    JsonNode meta = object.path("metadata");
    problems.add(
        new Violation(
            id,
            severity,
            new ObjectRef(
                object.path("apiVersion").asString(""),
                object.path("kind").asString(""),
                meta.path("namespace").asString(""),
                meta.path("name").asString("-")),
            path,
            message,
            fix,
            Optional.of(source)));
  }
}
