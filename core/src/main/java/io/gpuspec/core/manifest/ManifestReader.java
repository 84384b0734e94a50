package io.gpuspec.core.manifest;

import io.gpuspec.core.report.Violation;
import java.nio.file.InvalidPathException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.IntStream;

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
 *
 * <p>Reading is a pipeline of parts, each with one job: {@link SourceFiles} (paths to files) →
 * {@link SourceText} and {@link TextChecks} (a file to checked text) → {@link YamlTree} (text to
 * documents, with {@link FieldPositions} and {@link Yaml11Scalars}) → {@link DocumentReader} and
 * {@link ObjectDecoder} (documents to objects) → {@link FileFindings} (one file's objects and
 * findings, merged in file order). A file's result depends on no other file. The ids are declared
 * in {@link ReadProblem}.
 */
public final class ManifestReader {

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

  private final DocumentReader documents;
  private final ManifestSet.Builder objects;
  private final List<Violation> problems = new ArrayList<>();

  private ManifestReader(
      KindRegistry kinds, List<DocumentRecognizer> recognizers, WriteOrder order) {
    this.documents = new DocumentReader(kinds, recognizers);
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
    // Each path's listing findings come before its files' findings, as if read one by one.
    List<FileFindings> listings = new ArrayList<>();
    List<List<Path>> filesByPath = new ArrayList<>();
    List<Path> files = new ArrayList<>();
    for (Path path : paths) {
      FileFindings listing = new FileFindings();
      List<Path> expanded = SourceFiles.expand(path, listing);
      listings.add(listing);
      filesByPath.add(expanded);
      files.addAll(expanded);
    }
    List<FileFindings> read = reader.readAll(files);
    int next = 0;
    for (int i = 0; i < listings.size(); i++) {
      reader.merge(listings.get(i));
      for (int j = 0; j < filesByPath.get(i).size(); j++) {
        reader.merge(read.get(next++));
      }
    }
    return reader.result();
  }

  /**
   * Reads files on every core: each file's result depends on no other file, and the results come
   * back in the order of the files, so the merge gives the same set and findings as reading them
   * one after the other.
   */
  private List<FileFindings> readAll(List<Path> files) {
    if (files.size() < 2 || Runtime.getRuntime().availableProcessors() < 2) {
      return files.stream().map(this::readFile).toList();
    }
    return IntStream.range(0, files.size())
        .parallel()
        .mapToObj(i -> readFile(files.get(i)))
        .toList();
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
    Path source = sourcePath(sourceName);
    FileFindings out = new FileFindings();
    try {
      reader.documents.read(source, yaml, out);
    } catch (RuntimeException | StackOverflowError e) {
      SyntaxProblems.internalError(source, e, out);
    }
    reader.merge(out);
    return reader.result();
  }

  private static Path sourcePath(String sourceName) {
    try {
      return Path.of(sourceName);
    } catch (InvalidPathException e) {
      return Path.of(sourceName.replace('\0', '?'));
    }
  }

  /**
   * Reads one file on its own: what it gives depends on nothing read before, so files may be read
   * in any order (or at once) as long as their results are merged in the order of the files.
   */
  private FileFindings readFile(Path file) {
    FileFindings out = new FileFindings();
    try {
      SourceText.load(file, out).ifPresent(text -> documents.read(file, text, out));
    } catch (RuntimeException | StackOverflowError e) {
      SyntaxProblems.internalError(file, e, out);
    }
    return out;
  }

  private void merge(FileFindings file) {
    file.finishInto(objects, problems);
  }

  private ReadResult result() {
    return new ReadResult(objects.build(), problems);
  }
}
