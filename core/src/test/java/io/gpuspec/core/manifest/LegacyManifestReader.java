package io.gpuspec.core.manifest;

import io.fabric8.kubernetes.api.model.HasMetadata;
import io.fabric8.kubernetes.api.model.IntOrString;
import io.fabric8.kubernetes.api.model.ObjectMeta;
import io.fabric8.kubernetes.api.model.Quantity;
import io.gpuspec.core.report.ObjectRef;
import io.gpuspec.core.report.Severity;
import io.gpuspec.core.report.SourceLocation;
import io.gpuspec.core.report.Violation;
import java.io.IOException;
import java.io.InputStream;
import java.nio.ByteBuffer;
import java.nio.CharBuffer;
import java.nio.charset.CharsetDecoder;
import java.nio.charset.CoderResult;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.nio.file.AccessDeniedException;
import java.nio.file.DirectoryIteratorException;
import java.nio.file.DirectoryStream;
import java.nio.file.FileSystemException;
import java.nio.file.Files;
import java.nio.file.InvalidPathException;
import java.nio.file.LinkOption;
import java.nio.file.NoSuchFileException;
import java.nio.file.NotDirectoryException;
import java.nio.file.Path;
import java.nio.file.attribute.BasicFileAttributes;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Collection;
import java.util.Deque;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;
import java.util.TreeSet;
import org.snakeyaml.engine.v2.api.LoadSettings;
import org.snakeyaml.engine.v2.api.lowlevel.Parse;
import org.snakeyaml.engine.v2.exceptions.MarkedYamlEngineException;
import org.snakeyaml.engine.v2.exceptions.ReaderException;
import org.snakeyaml.engine.v2.exceptions.YamlEngineException;
import tools.jackson.core.JacksonException;
import tools.jackson.core.exc.InputCoercionException;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.exc.MismatchedInputException;
import tools.jackson.databind.node.ArrayNode;
import tools.jackson.databind.node.JsonNodeFactory;
import tools.jackson.databind.node.ObjectNode;

/**
 * Reads hand-written Kubernetes YAML strictly and within bounds, the way the API server decodes it
 * (YAML 1.1 scalars, strict fields), into typed fabric8 objects that remember their file and line.
 * It never throws for bad input, never hangs and never needs memory beyond its limits: every
 * problem becomes a violation naming file, line, field and fix. See {@code docs/reading.md}.
 *
 * <table>
 *   <caption>Reader findings</caption>
 *   <tr><td>YAML001</td><td>error</td><td>unreadable file or directory, not a regular file, not UTF-8, a character YAML forbids, or a YAML syntax error</td></tr>
 *   <tr><td>YAML002</td><td>error</td><td>a mapping repeats a key</td></tr>
 *   <tr><td>YAML003</td><td>error, warning</td><td>a field the kind does not have: an error for a near-miss of a field the object has or a field of an enclosing object, a warning otherwise (it may be a field of a newer Kubernetes version)</td></tr>
 *   <tr><td>YAML004</td><td>warning</td><td>a kind gpuspec has no model for (kept, not checked)</td></tr>
 *   <tr><td>YAML005</td><td>error</td><td>a limit below is exceeded</td></tr>
 *   <tr><td>YAML006</td><td>error</td><td>a document that is not an object with apiVersion and kind (and that no {@link DocumentRecognizer} claims)</td></tr>
 *   <tr><td>YAML007</td><td>error</td><td>a value of the wrong type (e.g. an integer label value)</td></tr>
 *   <tr><td>YAML008</td><td>error</td><td>an unquoted {@code yes}/{@code on}/{@code 012}… that YAML 1.1 reads as a bool or number where a string is needed</td></tr>
 * </table>
 *
 * <p>Each file is read once, into memory, and parsed in one pass that builds each document's tree
 * directly from the parser's events. Limits, per file:
 *
 * <table>
 *   <caption>Reader limits</caption>
 *   <tr><td>size</td><td>{@value #MAX_FILE_BYTES} bytes (8 MiB; characters for text given as a
 *       string)</td></tr>
 *   <tr><td>line length</td><td>{@value #MAX_LINE_CHARS} code points (1 Mi)</td></tr>
 *   <tr><td>key length</td><td>{@value #MAX_KEY_CHARS} code points</td></tr>
 *   <tr><td>nesting depth</td><td>{@value #MAX_DEPTH} mappings and lists, counted after aliases
 *       are expanded</td></tr>
 *   <tr><td>nodes</td><td>{@value #MAX_NODES} values, mappings and lists in the file, counted
 *       after aliases are expanded</td></tr>
 *   <tr><td>aliases</td><td>{@value #MAX_ALIASES}</td></tr>
 *   <tr><td>documents</td><td>{@value #MAX_DOCUMENTS}</td></tr>
 *   <tr><td>findings</td><td>{@value #MAX_FINDINGS_PER_FILE}; one more finding counts the
 *       rest</td></tr>
 *   <tr><td>type mismatches</td><td>{@value #MAX_TYPE_PROBLEMS} per object, and {@value
 *       #MAX_DECODE_WORK} nodes decoded again after mismatches; then the object is reported as not
 *       checked</td></tr>
 * </table>
 *
 * <p>A file over a limit gives one YAML005 finding and nothing else: none of its objects are kept.
 * A syntax error stops reading the file at that document; the documents before it are kept. Only
 * regular files are opened (a FIFO or a device gives a YAML001 finding instead of blocking);
 * directories are walked without following symbolic links to directories, as the conformance
 * checker does; a file that cannot be read, disappears while it is read or is a symbolic link loop
 * gives one YAML001 finding and the other files are still read.
 */
public final class LegacyManifestReader {

  /** Bytes per file (characters for text given as a string). */
  static final int MAX_FILE_BYTES = 8 * 1024 * 1024;

  /** Code points per line: the YAML scanner's cost grows with the square of a token's length. */
  static final int MAX_LINE_CHARS = 1024 * 1024;

  /** Code points per mapping key; Kubernetes keys have at most 317. */
  static final int MAX_KEY_CHARS = 1024;

  /** Nesting of mappings and lists, after alias expansion. */
  static final int MAX_DEPTH = 100;

  /** Values, mappings and lists per file, after alias expansion. */
  static final int MAX_NODES = 500_000;

  /** Aliases per file. */
  static final int MAX_ALIASES = 50;

  /** Documents per file. */
  static final int MAX_DOCUMENTS = 10_000;

  /** Findings per file; one more finding counts the rest. */
  static final int MAX_FINDINGS_PER_FILE = 1_000;

  /** Type mismatches reported per object (each one means decoding the object again). */
  static final int MAX_TYPE_PROBLEMS = 20;

  /** Nodes visited while decoding one object again after type mismatches. */
  static final long MAX_DECODE_WORK = 2_000_000;

  /** Characters of input text quoted in a message. */
  private static final int MAX_QUOTED = 200;

  private static final LoadSettings SETTINGS =
      LoadSettings
          .builder() // the parser only: LegacyYamlTree builds the trees, checks keys and aliases
          .setCodePointLimit(MAX_FILE_BYTES + 16)
          // the scanner copies its window once per buffer fill: a large buffer keeps long lines
          // from costing the square of their length
          .setBufferSize(64 * 1024)
          .setUseMarks(true)
          .build();

  private final KindRegistry kinds;
  private final List<DocumentRecognizer> recognizers;
  private final ManifestSet.Builder objects;
  private final List<Violation> problems = new ArrayList<>();

  private LegacyManifestReader(
      KindRegistry kinds, List<DocumentRecognizer> recognizers, WriteOrder order) {
    this.kinds = kinds;
    this.recognizers = List.copyOf(recognizers);
    this.objects = ManifestSet.builder(order);
  }

  // what the file being read has produced so far; kept only if the file stays within the limits
  private final List<Kept> fileObjects = new ArrayList<>();
  private final List<Violation> fileProblems = new ArrayList<>();
  private int droppedFindings;
  private Severity droppedSeverity;
  private Path droppedFile;

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
    LegacyManifestReader reader = new LegacyManifestReader(kinds, recognizers, order);
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
    LegacyManifestReader reader = new LegacyManifestReader(kinds, recognizers, order);
    Path source = sourcePath(sourceName);
    reader.beginFile();
    try {
      reader.readText(source, yaml);
    } catch (RuntimeException | StackOverflowError e) {
      reader.internalError(source, e);
    }
    reader.endFile();
    return reader.result();
  }

  private static Path sourcePath(String sourceName) {
    try {
      return Path.of(sourceName);
    } catch (InvalidPathException e) {
      return Path.of(sourceName.replace('\0', '?'));
    }
  }

  private ReadResult result() {
    return new ReadResult(objects.build(), problems);
  }

  // ---------------------------------------------------------------------------------------------
  // files and directories

  /** The files to read for one path: itself, or the YAML files below a directory, sorted. */
  private List<Path> expand(Path path) {
    if (!Files.isDirectory(path)) {
      return List.of(path);
    }
    List<Path> files = new ArrayList<>();
    beginFile();
    Deque<Path> directories = new ArrayDeque<>();
    directories.push(path);
    while (!directories.isEmpty()) {
      Path directory = directories.pop();
      try (DirectoryStream<Path> entries = Files.newDirectoryStream(directory)) {
        for (Path entry : entries) {
          if (isYamlName(entry)) {
            files.add(entry); // symbolic links, FIFOs and devices are judged when read
          } else if (isDirectoryNotLink(entry)) {
            directories.push(entry);
          }
        }
      } catch (IOException | DirectoryIteratorException e) {
        IOException cause =
            e instanceof DirectoryIteratorException d ? d.getCause() : (IOException) e;
        directoryProblem(directory, cause);
      }
    }
    endFile();
    files.sort(null);
    return files;
  }

  private static boolean isYamlName(Path entry) {
    Path name = entry.getFileName();
    String text = name == null ? "" : name.toString();
    return text.endsWith(".yaml") || text.endsWith(".yml");
  }

  private static boolean isDirectoryNotLink(Path entry) {
    try {
      return Files.readAttributes(entry, BasicFileAttributes.class, LinkOption.NOFOLLOW_LINKS)
          .isDirectory();
    } catch (IOException e) {
      return false; // gone already: there is nothing below it to read
    }
  }

  private void directoryProblem(Path directory, IOException e) {
    String what;
    String fix;
    if (e instanceof AccessDeniedException) {
      what = "cannot list the directory: permission denied";
      fix = "make it readable (chmod a+rx), or leave it out";
    } else if (e instanceof NoSuchFileException) {
      what = "the directory disappeared while it was being read";
      fix = "run again once nothing is changing the directory";
    } else if (e instanceof NotDirectoryException) {
      what = "the directory was replaced by a file while it was being read";
      fix = "run again once nothing is changing the directory";
    } else {
      what = "cannot list the directory (" + reason(e) + ")";
      fix = "check it exists and is readable";
    }
    fileProblem(directory, "YAML001", what, fix);
  }

  private void readFile(Path file) {
    beginFile();
    try {
      load(file).ifPresent(text -> readText(file, text));
    } catch (RuntimeException | StackOverflowError e) {
      internalError(file, e);
    }
    endFile();
  }

  /** The text of a file, or empty after reporting why it cannot be read. */
  private Optional<String> load(Path file) {
    BasicFileAttributes attributes;
    try {
      attributes = Files.readAttributes(file, BasicFileAttributes.class);
    } catch (IOException e) {
      fileError(file, e);
      return Optional.empty();
    }
    if (attributes.isDirectory()) {
      fileProblem(
          file,
          "YAML001",
          "is a symbolic link to a directory, which is not followed inside a directory",
          "give the directory it points to as a path of its own");
      return Optional.empty();
    }
    if (!attributes.isRegularFile()) {
      fileProblem(
          file,
          "YAML001",
          "is not a regular file (a FIFO, socket or device), so it is not opened",
          "give a regular file; write a stream to a file first");
      return Optional.empty();
    }
    if (attributes.size() > MAX_FILE_BYTES) {
      tooLarge(file);
      return Optional.empty();
    }
    byte[] bytes;
    try (InputStream in = Files.newInputStream(file)) {
      bytes = in.readNBytes(MAX_FILE_BYTES + 1); // the size can change after it was looked at
    } catch (IOException e) {
      fileError(file, e);
      return Optional.empty();
    }
    if (bytes.length > MAX_FILE_BYTES) {
      tooLarge(file);
      return Optional.empty();
    }
    return decodeUtf8(file, bytes);
  }

  private void tooLarge(Path file) {
    fileProblem(
        file,
        "YAML005",
        "the file is larger than 8 MiB (" + MAX_FILE_BYTES + " bytes)",
        "split it into smaller files");
  }

  private void fileError(Path file, IOException e) {
    String what;
    String fix = "check the path exists and is readable";
    if (e instanceof AccessDeniedException) {
      what = "cannot read the file: permission denied";
      fix = "make it readable (chmod a+r), or leave it out";
    } else if (e instanceof NoSuchFileException) {
      if (Files.isSymbolicLink(file)) {
        what = "is a symbolic link to a file that does not exist";
        fix = "fix or remove the link";
      } else {
        what = "the file does not exist (or disappeared while it was being read)";
        fix = "check the path; run again once nothing is changing the files";
      }
    } else if (e instanceof FileSystemException fse
        && fse.getReason() != null
        && fse.getReason().contains("symbolic links")) {
      what = "is a symbolic link loop (" + reason(e) + ")";
      fix = "make the link point to a file";
    } else {
      what = "cannot read the file (" + reason(e) + ")";
    }
    fileProblem(file, "YAML001", what, fix);
  }

  private static String reason(IOException e) {
    String reason = e instanceof FileSystemException fse ? fse.getReason() : e.getMessage();
    return clip(reason == null || reason.isBlank() ? e.getClass().getSimpleName() : reason);
  }

  /** Decodes UTF-8 strictly; reports the line of the first byte that is not UTF-8. */
  private Optional<String> decodeUtf8(Path file, byte[] bytes) {
    Optional<String> other = otherUnicodeEncoding(bytes);
    if (other.isPresent()) {
      fileProblem(
          file,
          "YAML001",
          "the file is not UTF-8: it starts with a " + other.get() + " byte order mark",
          "save it as UTF-8");
      return Optional.empty();
    }
    CharsetDecoder decoder =
        StandardCharsets.UTF_8
            .newDecoder()
            .onMalformedInput(CodingErrorAction.REPORT)
            .onUnmappableCharacter(CodingErrorAction.REPORT);
    ByteBuffer in = ByteBuffer.wrap(bytes);
    CharBuffer out = CharBuffer.allocate(bytes.length);
    CoderResult result = decoder.decode(in, out, true);
    if (!result.isError()) {
      result = decoder.flush(out);
    }
    if (result.isError()) {
      int at = in.position();
      int line = 1;
      for (int i = 0; i < at && i < bytes.length; i++) {
        if (bytes[i] == '\n') {
          line++;
        }
      }
      problem(
          file,
          0,
          line,
          "YAML001",
          "the file is not UTF-8 (byte " + at + ", on line " + line + ")",
          "save it as UTF-8");
      return Optional.empty();
    }
    out.flip();
    return Optional.of(out.toString());
  }

  private static Optional<String> otherUnicodeEncoding(byte[] b) {
    if (b.length >= 4 && b[0] == 0 && b[1] == 0 && b[2] == (byte) 0xFE && b[3] == (byte) 0xFF) {
      return Optional.of("UTF-32");
    }
    if (b.length >= 4 && b[0] == (byte) 0xFF && b[1] == (byte) 0xFE && b[2] == 0 && b[3] == 0) {
      return Optional.of("UTF-32");
    }
    if (b.length >= 2
        && ((b[0] == (byte) 0xFE && b[1] == (byte) 0xFF)
            || (b[0] == (byte) 0xFF && b[1] == (byte) 0xFE))) {
      return Optional.of("UTF-16");
    }
    return Optional.empty();
  }

  // ---------------------------------------------------------------------------------------------
  // text

  private void readText(Path file, String text) {
    if (text.length() > MAX_FILE_BYTES) {
      fileProblem(
          file,
          "YAML005",
          "the input is larger than 8 MiB (" + MAX_FILE_BYTES + " characters)",
          "split it into smaller files");
      return;
    }
    if (!checkCharacters(file, text)) {
      return;
    }
    LegacyYamlTree tree =
        new LegacyYamlTree(new Parse(SETTINGS).parseString(text), MAX_FINDINGS_PER_FILE);
    try {
      for (Optional<LegacyYamlTree.Document> document = tree.next();
          document.isPresent();
          document = tree.next()) {
        readDocument(file, document.get(), text);
      }
    } catch (LegacyYamlTree.LimitExceeded e) {
      rejectFile(file, tree.documentsStarted() - 1, e.line, e.column, e.getMessage(), e.fix);
    } catch (LegacyYamlTree.Invalid e) {
      problem(
          file, tree.documentsStarted() - 1, e.line, e.column, "YAML001", e.getMessage(), e.fix);
    } catch (YamlEngineException e) {
      syntaxProblem(file, Math.max(tree.documentsStarted() - 1, 0), e, text);
    }
  }

  /**
   * One pass over the characters: lines within {@link #MAX_LINE_CHARS} and only characters YAML
   * allows (no NUL or other control characters, no lone surrogates). False after reporting.
   */
  private boolean checkCharacters(Path file, String text) {
    int line = 1;
    int column = 0;
    for (int i = 0; i < text.length(); i++) {
      char c = text.charAt(i);
      if (c == '\n' || c == '\r') {
        if (c == '\n' || i + 1 >= text.length() || text.charAt(i + 1) != '\n') {
          line++;
        }
        column = 0;
        continue;
      }
      if (Character.isHighSurrogate(c)
          && i + 1 < text.length()
          && Character.isLowSurrogate(text.charAt(i + 1))) {
        i++; // one code point outside the BMP: allowed
      } else if (!isYamlPrintable(c)) {
        problem(
            file,
            0,
            line,
            column + 1,
            "YAML001",
            "the text contains "
                + describe(c)
                + " on line "
                + line
                + ", which YAML does not allow (is it a binary file?)",
            "remove the character, or write it as an escape in a double-quoted string");
        return false;
      }
      if (++column > MAX_LINE_CHARS) {
        rejectFile(
            file,
            0,
            line,
            column,
            "line " + line + " is longer than " + MAX_LINE_CHARS + " characters",
            "break the line; write long text as a block scalar (|) over several lines");
        return false;
      }
    }
    return true;
  }

  private static boolean isYamlPrintable(char c) {
    return c == '\t'
        || (c >= 0x20 && c <= 0x7E)
        || c == 0x85
        || (c >= 0xA0 && c <= 0xD7FF)
        || (c >= 0xE000 && c <= 0xFFFD);
  }

  private static String describe(char c) {
    if (c == 0) {
      return "a NUL byte";
    }
    if (Character.isSurrogate(c)) {
      return String.format("an unpaired surrogate U+%04X", (int) c);
    }
    return String.format("the control character U+%04X", (int) c);
  }

  private void readDocument(Path file, LegacyYamlTree.Document document, String text) {
    for (int i = 0; i < document.droppedProblems(); i++) {
      countDropped(Severity.ERROR, file);
    }
    if (document.root() == null) {
      return; // an empty document
    }
    JsonNode root = document.root();
    for (LegacyYamlTree.Problem p : document.problems()) {
      add(
          p.ruleId(),
          Severity.ERROR,
          root,
          FieldPaths.of(p.pointer(), root),
          p.message(),
          p.fix(),
          new SourceLocation(file, document.index(), p.line(), p.column()));
    }
    if (!(root instanceof ObjectNode)) {
      add(
          "YAML006",
          Severity.ERROR,
          root,
          "<root>",
          "the document is not an object",
          "write a Kubernetes object with apiVersion, kind and metadata",
          Doc.start(file, document));
      return;
    }
    if (recognized(file, document, text)) {
      return;
    }
    readObject(new Doc(file, document), "");
  }

  /**
   * Offers a mapping without apiVersion and kind to the recognizers; true when one claimed it and
   * its object was kept.
   */
  private boolean recognized(Path file, LegacyYamlTree.Document document, String text) {
    JsonNode json = document.root();
    if (recognizers.isEmpty() || json.has("apiVersion") || json.has("kind")) {
      return false;
    }
    DocumentRecognizer.Document offered =
        new DocumentRecognizer.Document(file, document.index(), document.text(text), json);
    for (DocumentRecognizer recognizer : recognizers) {
      Optional<HasMetadata> object = recognizer.recognize(offered);
      if (object.isPresent()) {
        keep(object.get(), Doc.start(file, document), null);
        return true;
      }
    }
    return false;
  }

  /** A document being decoded, and where its values are. */
  private record Doc(Path file, LegacyYamlTree.Document document) {
    JsonNode root() {
      return document.root();
    }

    SourceLocation at(String pointer) {
      long at = document.located().positionOf(pointer, document.at());
      return new SourceLocation(file, document.index(), Positions.line(at), Positions.column(at));
    }

    static SourceLocation start(Path file, LegacyYamlTree.Document document) {
      return new SourceLocation(
          file, document.index(), Positions.line(document.at()), Positions.column(document.at()));
    }
  }

  /** Reads the object at {@code pointer} in a document (the root, or an item of a List). */
  private void readObject(Doc doc, String pointer) {
    JsonNode json = navigate(doc.root(), pointer);
    String prefix = pointer.isEmpty() ? "" : FieldPaths.of(pointer, doc.root());
    SourceLocation source = doc.at(pointer);
    if (!(json instanceof ObjectNode)) {
      add(
          "YAML006",
          Severity.ERROR,
          json,
          FieldPaths.prefixed(prefix, "<root>"),
          "the list item is not an object",
          "write a Kubernetes object with apiVersion, kind and metadata",
          source);
      return;
    }
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
    JsonNode items = json.path("items");
    if (kind.equals("List") || (kind.endsWith("List") && items.isArray())) {
      if (!items.isArray()) {
        add(
            "YAML007",
            Severity.ERROR,
            json,
            FieldPaths.prefixed(prefix, "items"),
            "a List needs an items array",
            "write the objects as a list under items:, or as documents separated by ---",
            doc.at(pointer + "/items"));
        return;
      }
      for (int i = 0; i < items.size(); i++) {
        readObject(doc, pointer + "/items/" + i);
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
          "kind " + clip(apiVersion) + " " + clip(kind) + " is not known; it is not checked",
          module
              .map(m -> "add " + m + " to the class path")
              .orElse(
                  "check the apiVersion and kind, or ignore this for a custom resource gpuspec"
                      + " does not know"),
          source);
      ObjectMeta metadata = null;
      if (json.has("metadata") && !json.get("metadata").isNull()) {
        metadata = decode(doc, pointer, "/metadata", ObjectMeta.class, kind);
      }
      keep(StrictDecoder.generic(json, metadata), source, doc.document().located().at(pointer));
      return;
    }
    HasMetadata object = decode(doc, pointer, "", type.get(), kind);
    if (object != null) {
      keep(object, source, doc.document().located().at(pointer));
    }
  }

  /** Keeps a decoded object, where it starts and where its fields are (null if unknown). */
  private void keep(HasMetadata object, SourceLocation source, FieldPositions fields) {
    fileObjects.add(new Kept(object, source, fields));
  }

  private record Kept(HasMetadata object, SourceLocation source, FieldPositions fields) {}

  /**
   * Strictly decodes the value at {@code pointer + sub} into {@code type}. Reports every unknown
   * field and every type mismatch (dropping the bad value and decoding again, within {@link
   * #MAX_TYPE_PROBLEMS} and {@link #MAX_DECODE_WORK}); null when it cannot be decoded at all.
   */
  private <T> T decode(Doc doc, String pointer, String sub, Class<T> type, String kind) {
    JsonNode object = navigate(doc.root(), pointer);
    JsonNode original = navigate(object, sub);
    String prefix = pointer.isEmpty() ? "" : FieldPaths.of(pointer, doc.root());
    Removals removals = new Removals(original);
    JsonNode remaining = original;
    long work = 0;
    List<StrictDecoder.Unknown> unknownFields = new ArrayList<>();
    T decoded = null;
    boolean gaveUp = false;
    for (int attempt = 0; attempt <= MAX_TYPE_PROBLEMS; attempt++) {
      unknownFields.clear();
      try {
        decoded = StrictDecoder.decode(remaining, type, unknownFields);
        break;
      } catch (JacksonException e) {
        // report it, drop the bad value and decode again, so that every mismatch is reported
        String failingHere = pointerOf(e);
        String failing = removals.original(failingHere);
        typeProblem(doc, object, prefix, pointer, sub + failing, e);
        work += Math.max(doc.document().nodes(), 1);
        if (failingHere.isEmpty()) {
          break;
        }
        if (attempt == MAX_TYPE_PROBLEMS || work > MAX_DECODE_WORK) {
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
        typeProblem(doc, object, prefix, pointer, sub, e);
        break;
      }
    }
    if (gaveUp) {
      add(
          "YAML005",
          Severity.ERROR,
          object,
          FieldPaths.prefixed(prefix, FieldPaths.of(sub, object)),
          "more values of the wrong type than gpuspec decodes again (at most "
              + MAX_TYPE_PROBLEMS
              + " per object, "
              + MAX_DECODE_WORK
              + " nodes in all); the "
              + (sub.isEmpty() ? "object" : "metadata")
              + " is not checked",
          "fix the values above and read the file again",
          doc.at(pointer + sub));
    }
    for (StrictDecoder.Unknown found : unknownFields) {
      String unknown = sub + removals.original(found.pointer());
      if (!unknown.equals("/status")) { // the server ignores status on create and apply
        unknownField(doc, object, prefix, pointer + unknown, unknown, kind, found);
      }
    }
    return decoded;
  }

  /**
   * Reports a field the model does not have. A near-miss of a field the object has, or a field of
   * an enclosing object (wrong indentation), is an error: kubectl's default strict field validation
   * makes the API server reject it, other clients have it dropped. Any other unknown field may be a
   * field of a Kubernetes version the model does not cover: a warning.
   */
  private void unknownField(
      Doc doc,
      JsonNode object,
      String prefix,
      String pointer,
      String unknown,
      String kind,
      StrictDecoder.Unknown found) {
    String name = clip(lastStep(unknown));
    String path = FieldPaths.prefixed(prefix, FieldPaths.of(unknown, object));
    String consequence =
        "the API server rejects it under strict field validation (kubectl's default),"
            + " otherwise drops it";
    if (found.nearMiss().isPresent()) {
      add(
          "YAML003",
          Severity.ERROR,
          object,
          path,
          clip(kind)
              + " has no field \""
              + name
              + "\" here, but one named \""
              + clip(found.nearMiss().get())
              + "\"; "
              + consequence,
          "spell it " + clip(found.nearMiss().get()),
          doc.at(pointer));
    } else if (found.ofEnclosing().isPresent()) {
      add(
          "YAML003",
          Severity.ERROR,
          object,
          path,
          clip(kind)
              + " has no field \""
              + name
              + "\" here: it is a field of an enclosing "
              + found.ofEnclosing().get()
              + "; "
              + consequence,
          "indent it under the object it belongs to",
          doc.at(pointer));
    } else {
      add(
          "YAML003",
          Severity.WARNING,
          object,
          path,
          clip(kind)
              + " has no field \""
              + name
              + "\" in gpuspec's model (Kubernetes "
              + StrictDecoder.MODEL_VERSION
              + "); unless the cluster's Kubernetes version"
              + " has it, "
              + consequence,
          "remove it or fix its spelling or indentation; ignore this for a field of a newer"
              + " Kubernetes version than gpuspec knows",
          doc.at(pointer));
    }
  }

  /**
   * Values dropped from a copy of a tree after type mismatches, so that pointers into the copy can
   * be mapped back to the original: dropping an array item shifts the items after it.
   */
  private static final class Removals {
    private final JsonNode original;
    private final Map<String, TreeSet<Integer>> removedItems = new TreeMap<>();

    Removals(JsonNode original) {
      this.original = original;
    }

    /** The pointer in the original tree of a pointer into the copy. */
    String original(String pointerInCopy) {
      if (removedItems.isEmpty()) {
        return pointerInCopy;
      }
      StringBuilder result = new StringBuilder();
      JsonNode node = original;
      for (String step : JsonPointer.steps(pointerInCopy)) {
        String at = step;
        if (node instanceof ArrayNode) {
          int index = JsonPointer.arrayIndex(step);
          TreeSet<Integer> removed = removedItems.get(result.toString());
          if (index != Integer.MAX_VALUE && removed != null) {
            for (int gone : removed) {
              if (gone <= index) {
                index++;
              }
            }
            at = Integer.toString(index);
          }
          node = index == Integer.MAX_VALUE ? null : node.get(index);
        } else {
          node = node == null ? null : node.get(step);
        }
        result.append('/').append(JsonPointer.escape(at));
      }
      return result.toString();
    }

    /**
     * A tree like {@code tree} without the value at {@code pointerInTree}, or empty when there is
     * nothing to drop. Only the containers on the way to the value are copied (shallowly); the rest
     * is shared, so the original tree, which findings refer to, stays as it was.
     */
    Optional<JsonNode> without(JsonNode tree, String pointerInTree, String pointerInOriginal) {
      List<String> steps = JsonPointer.steps(pointerInTree);
      if (steps.isEmpty()) {
        return Optional.empty();
      }
      List<JsonNode> path = new ArrayList<>();
      JsonNode node = tree;
      for (String step : steps.subList(0, steps.size() - 1)) {
        path.add(node);
        node = child(node, step);
        if (node == null) {
          return Optional.empty();
        }
      }
      String last = steps.get(steps.size() - 1);
      JsonNode copy = shallowCopy(node);
      if (copy instanceof ObjectNode object && object.has(last)) {
        object.remove(last);
      } else if (copy instanceof ArrayNode array && JsonPointer.arrayIndex(last) < array.size()) {
        array.remove(JsonPointer.arrayIndex(last));
        int originalSlash = pointerInOriginal.lastIndexOf('/');
        removedItems
            .computeIfAbsent(pointerInOriginal.substring(0, originalSlash), k -> new TreeSet<>())
            .add(JsonPointer.arrayIndex(pointerInOriginal.substring(originalSlash + 1)));
      } else {
        return Optional.empty();
      }
      for (int i = path.size() - 1; i >= 0; i--) {
        JsonNode parent = shallowCopy(path.get(i));
        String step = steps.get(i);
        if (parent instanceof ObjectNode object) {
          object.set(step, copy);
        } else {
          ((ArrayNode) parent).set(JsonPointer.arrayIndex(step), copy);
        }
        copy = parent;
      }
      return Optional.of(copy);
    }

    private static JsonNode child(JsonNode node, String step) {
      if (node instanceof ObjectNode object) {
        return object.get(step);
      }
      if (node instanceof ArrayNode array && JsonPointer.arrayIndex(step) < array.size()) {
        return array.get(JsonPointer.arrayIndex(step));
      }
      return null;
    }

    private static JsonNode shallowCopy(JsonNode node) {
      if (node instanceof ObjectNode object) {
        ObjectNode copy = JsonNodeFactory.instance.objectNode();
        copy.setAll(object);
        return copy;
      }
      if (node instanceof ArrayNode array) {
        ArrayNode copy = JsonNodeFactory.instance.arrayNode(array.size());
        copy.addAll(array);
        return copy;
      }
      return node;
    }
  }

  /** The node at a JSON pointer, or a missing node; never throws. */
  static JsonNode navigate(JsonNode root, String pointer) {
    JsonNode node = root;
    for (String step : JsonPointer.steps(pointer)) {
      if (node instanceof ArrayNode array) {
        int index = JsonPointer.arrayIndex(step);
        node = index < array.size() ? array.get(index) : null;
      } else if (node instanceof ObjectNode object) {
        node = object.get(step);
      } else {
        node = null;
      }
      if (node == null) {
        return tools.jackson.databind.node.MissingNode.getInstance();
      }
    }
    return node;
  }

  /** Reports a type mismatch at {@code failing} (relative to the object at {@code pointer}). */
  private void typeProblem(
      Doc doc, JsonNode object, String prefix, String pointer, String failing, RuntimeException e) {
    JsonNode value = navigate(object, failing);
    Optional<FieldPositions.Written> written = doc.document().located().written(pointer + failing);
    Class<?> target = targetType(e);
    boolean wantsString = target != null && CharSequence.class.isAssignableFrom(target);
    boolean scalar = value.isNumber() || value.isBoolean();
    String shown = written.map(FieldPositions.Written::text).orElse(scalarText(value));
    String id = "YAML007";
    String message;
    String fix = "give the value the type the field expects (see the Kubernetes API reference)";
    if (wantsString && scalar && written.map(FieldPositions.Written::yaml11).orElse(false)) {
      id = "YAML008";
      message =
          "the unquoted value "
              + clip(shown)
              + " is a boolean or number in YAML 1.1, which Kubernetes decodes, but the field"
              + " wants a string";
      fix = "quote it: \"" + clip(shown) + "\"";
    } else if (wantsString && scalar) {
      message =
          "the value "
              + clip(shown)
              + " is a "
              + (value.isNumber() ? "number" : "boolean")
              + " where the field wants a string";
      fix = "quote it: \"" + clip(shown) + "\"";
    } else if (value.isNumber() && isInteger(target)) {
      boolean wide = target == long.class || target == Long.class;
      message =
          "the value has the wrong type: "
              + clip(shown)
              + " is not a "
              + (wide ? "64" : "32")
              + "-bit integer, which the field wants";
      fix =
          wide
              ? "use a whole number from -9223372036854775808 to 9223372036854775807"
              : "use a whole number from -2147483648 to 2147483647";
    } else if (target != null) {
      message =
          "the value has the wrong type: "
              + describeValue(value, shown)
              + " where the field wants "
              + describeType(target);
    } else {
      message =
          "the value has the wrong type: "
              + (e instanceof JacksonException j
                  ? firstLine(j.getOriginalMessage())
                  : e.getClass().getSimpleName() + " " + firstLine(e.getMessage()));
    }
    add(
        id,
        Severity.ERROR,
        object,
        FieldPaths.prefixed(prefix, FieldPaths.of(failing, object)),
        message,
        fix,
        doc.at(pointer + failing));
  }

  private static String scalarText(JsonNode value) {
    return value.isValueNode() ? value.asString("") : "";
  }

  private static Class<?> targetType(RuntimeException e) {
    if (e instanceof MismatchedInputException m) {
      return m.getTargetType();
    }
    if (e instanceof InputCoercionException c) {
      return c.getTargetType();
    }
    return null;
  }

  private static boolean isInteger(Class<?> type) {
    return type == int.class
        || type == Integer.class
        || type == long.class
        || type == Long.class
        || type == short.class
        || type == Short.class;
  }

  private static String describeValue(JsonNode value, String shown) {
    if (value.isString()) {
      return "the string \"" + clip(value.asString()) + "\"";
    }
    if (value.isNumber()) {
      return "the number " + clip(shown);
    }
    if (value.isBoolean()) {
      return "the boolean " + clip(shown);
    }
    if (value.isObject()) {
      return "a mapping";
    }
    if (value.isArray()) {
      return "a list";
    }
    return value.isNull() ? "null" : "the value";
  }

  private static String describeType(Class<?> type) {
    if (CharSequence.class.isAssignableFrom(type)) {
      return "a string";
    }
    if (isInteger(type)) {
      return type == long.class || type == Long.class ? "a 64-bit integer" : "a 32-bit integer";
    }
    if (type == boolean.class || type == Boolean.class) {
      return "true or false";
    }
    if (type == double.class
        || type == Double.class
        || type == float.class
        || type == Float.class) {
      return "a number";
    }
    if (Collection.class.isAssignableFrom(type) || type.isArray()) {
      return "a list";
    }
    if (Map.class.isAssignableFrom(type)) {
      return "a mapping";
    }
    if (type == Quantity.class) {
      return "a quantity (such as \"500m\", \"4Gi\" or 2)";
    }
    if (type == IntOrString.class) {
      return "an integer or a string";
    }
    if (type.isEnum()) {
      return "one of the values " + type.getSimpleName() + " allows";
    }
    return "an object (" + type.getSimpleName() + ")";
  }

  private static String pointerOf(JacksonException e) {
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

  private static String lastStep(String pointer) {
    return JsonPointer.unescape(pointer.substring(pointer.lastIndexOf('/') + 1));
  }

  private static String firstLine(String message) {
    String text = message == null ? "" : message.strip();
    int newline = text.indexOf('\n');
    String line = newline < 0 ? text : text.substring(0, newline);
    int aside = line.indexOf(" (but ");
    return clip(aside < 0 ? line : line.substring(0, aside));
  }

  /**
   * Text from the input or from a library, made fit for a one-line message: control characters
   * escaped, at most {@value #MAX_QUOTED} characters.
   */
  static String clip(String text) {
    if (text == null) {
      return "";
    }
    StringBuilder out = new StringBuilder(Math.min(text.length(), MAX_QUOTED) + 8);
    for (int i = 0; i < text.length() && out.length() < MAX_QUOTED; i++) {
      char c = text.charAt(i);
      if (c == '\n') {
        out.append("\\n");
      } else if (c == '\t') {
        out.append("\\t");
      } else if (c == '\r') {
        out.append("\\r");
      } else if (c < 0x20 || c == 0x7F || c == 0x85 || c == 0x2028 || c == 0x2029) {
        out.append(String.format("\\u%04x", (int) c));
      } else if (Character.isSurrogate(c)
          && !(Character.isHighSurrogate(c)
              && i + 1 < text.length()
              && Character.isLowSurrogate(text.charAt(i + 1)))
          && !(Character.isLowSurrogate(c)
              && i > 0
              && Character.isHighSurrogate(text.charAt(i - 1)))) {
        out.append('?');
      } else {
        out.append(c);
      }
    }
    if (out.length() >= MAX_QUOTED && text.length() > MAX_QUOTED) {
      if (Character.isHighSurrogate(out.charAt(out.length() - 1))) {
        out.setLength(out.length() - 1);
      }
      out.append('…');
    }
    return out.toString();
  }

  private void syntaxProblem(Path file, int document, YamlEngineException e, String text) {
    if (e instanceof MarkedYamlEngineException marked) {
      int line = marked.getProblemMark().map(m -> m.getLine() + 1).orElse(1);
      int column = marked.getProblemMark().map(m -> m.getColumn() + 1).orElse(1);
      String context = marked.getContext();
      String what = (context == null ? "" : context + ": ") + marked.getProblem();
      boolean tab = what.contains("\\t") || what.contains("\t");
      problem(
          file,
          document,
          line,
          column,
          "YAML001",
          "YAML syntax error: " + clip(what),
          tab
              ? "indent line " + line + " with spaces; YAML does not allow tabs for indentation"
              : "fix the YAML at line "
                  + line
                  + " (indentation, a missing ':' or an unclosed quote)");
    } else if (e instanceof ReaderException reader) {
      int line = lineAtCodePoint(text, reader.getPosition());
      problem(
          file,
          document,
          line,
          "YAML001",
          "the text contains a character YAML does not allow on line " + line,
          "remove the character, or write it as an escape in a double-quoted string");
    } else {
      problem(
          file, document, 1, "YAML001", "YAML error: " + firstLine(e.getMessage()), "fix the YAML");
    }
  }

  private static int lineAtCodePoint(String text, int codePoint) {
    int line = 1;
    int points = 0;
    for (int i = 0; i < text.length() && points < codePoint; i++, points++) {
      if (text.charAt(i) == '\n') {
        line++;
      }
      if (Character.isHighSurrogate(text.charAt(i))) {
        i++;
      }
    }
    return line;
  }

  private void internalError(Path file, Throwable e) {
    problem(
        file,
        0,
        1,
        "YAML001",
        "gpuspec could not read this file (internal error: "
            + e.getClass().getSimpleName()
            + (e.getMessage() == null ? "" : ": " + firstLine(e.getMessage()))
            + ")",
        "report this to the gpuspec maintainers together with the file");
  }

  // ---------------------------------------------------------------------------------------------
  // findings, kept per file until the file is done

  private void beginFile() {
    fileObjects.clear();
    fileProblems.clear();
    droppedFindings = 0;
    droppedSeverity = null;
    droppedFile = null;
  }

  private void endFile() {
    fileObjects.forEach(k -> objects.add(k.object(), k.source(), k.fields()));
    problems.addAll(fileProblems);
    if (droppedFindings > 0) {
      problems.add(
          new Violation(
              "YAML005",
              droppedSeverity,
              new ObjectRef("", "", "", "-"),
              "<root>",
              droppedFindings
                  + " more findings in this file are not listed (at most "
                  + MAX_FINDINGS_PER_FILE
                  + " per file)",
              "fix the findings above and read the file again",
              Optional.of(new SourceLocation(droppedFile, 0, 1))));
    }
    beginFile();
  }

  /** Drops everything the file has produced and reports the one limit it broke. */
  private void rejectFile(
      Path file, int document, int line, int column, String message, String fix) {
    fileObjects.clear();
    fileProblems.clear();
    droppedFindings = 0;
    problem(file, document, line, column, "YAML005", message, fix);
  }

  private void fileProblem(Path file, String id, String message, String fix) {
    problem(file, 0, 1, id, message, fix);
  }

  private void problem(Path file, int document, int line, String id, String message, String fix) {
    problem(file, document, line, 1, id, message, fix);
  }

  private void problem(
      Path file, int document, int line, int column, String id, String message, String fix) {
    record(
        new Violation(
            id,
            Severity.ERROR,
            new ObjectRef("", "", "", "-"),
            "<root>",
            message,
            fix,
            Optional.of(new SourceLocation(file, Math.max(document, 0), line, column))));
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
    record(
        new Violation(
            id,
            severity,
            new ObjectRef(
                refText(object.path("apiVersion")),
                refText(object.path("kind")),
                refText(meta.path("namespace")),
                meta.path("name").isValueNode() && !meta.path("name").isNull()
                    ? refText(meta.path("name"))
                    : "-"),
            path,
            message,
            fix,
            Optional.of(source)));
  }

  private static String refText(JsonNode value) {
    return value.isValueNode() && !value.isNull() ? clip(value.asString("")) : "";
  }

  private void record(Violation violation) {
    if (fileProblems.size() < MAX_FINDINGS_PER_FILE) {
      fileProblems.add(violation);
      return;
    }
    countDropped(
        violation.severity(), violation.source().map(SourceLocation::file).orElse(Path.of("-")));
  }

  private void countDropped(Severity severity, Path file) {
    droppedFindings++;
    droppedFile = file;
    if (droppedSeverity == null || severity == Severity.ERROR) {
      droppedSeverity = severity;
    }
  }
}
