package io.gpuspec.core.manifest;

import java.util.Arrays;
import java.util.List;
import org.jspecify.annotations.Nullable;
import org.snakeyaml.engine.v2.events.Event;

/**
 * A fast scanner for the YAML that manifests are written in: block mappings and sequences indented
 * with spaces, one-line plain and quoted scalars without escapes, literal block scalars ({@code |},
 * {@code |-}), flow sequences and mappings on one line ({@code [a, "b"]}, {@code {k: v}}), comments
 * and {@code ---} separators. It produces the events snakeyaml-engine's parser produces for the
 * same text, with the same start marks (line, column and code-point index), so {@link YamlTree}
 * builds the same tree with the same positions and problems from either.
 *
 * <p>Anything else (anchors, aliases, tags, directives, tabs, carriage returns, characters outside
 * the BMP, escapes, multi-line plain or quoted scalars, folded scalars, complex keys, flow
 * collections over several lines, unexpected indentation, and every syntax error) makes {@link
 * #scan} return null, and the caller reads the file with the full parser: this scanner never
 * decides what is an error.
 */
final class ManifestEvents extends ScannedText {

  private ManifestEvents(String text, int[] starts) {
    super(text, starts);
  }

  /**
   * The parser's events for {@code text}, or null when the text is outside this scanner's subset
   * (then the full parser must read it).
   */
  static @Nullable ScannedEvents scan(String text) {
    int[] starts = lineStarts(text);
    if (starts == null) {
      return null;
    }
    ManifestEvents scanner = new ManifestEvents(text, starts);
    try {
      scanner.stream();
      return scanner.events;
    } catch (Outside e) {
      return null;
    }
  }

  /** The same as snakeyaml-engine's event objects, or null (for the differential tests). */
  static @Nullable List<Event> events(String text) {
    ScannedEvents events = scan(text);
    return events == null ? null : events.toEvents();
  }

  /** Line start offsets; null when a character is outside the subset. */
  private static int @Nullable [] lineStarts(String text) {
    int n = text.length();
    int[] starts = new int[64];
    int lines = 0;
    if (n > 0) {
      starts[lines++] = 0;
    }
    for (int i = 0; i < n; i++) {
      char c = text.charAt(i);
      if (c == '\n') {
        if (i + 1 < n) {
          if (lines == starts.length) {
            starts = Arrays.copyOf(starts, lines * 2);
          }
          starts[lines++] = i + 1;
        }
      } else if (c < 0x20
          || (c > 0x7E && c < 0xA0)
          || c == 0x2028
          || c == 0x2029
          || (c >= 0xD800 && c <= 0xDFFF)
          || c == 0xFEFF
          || c > 0xFFFD) {
        return null; // tabs, carriage returns, other line breaks, astral characters, BOM
      }
    }
    return Arrays.copyOf(starts, lines);
  }

  /** Ends the current node: the end of the stream, a document marker or a less indented line. */
  private boolean endsDocument(int line) {
    if (line >= lineCount) {
      return true;
    }
    if (marker(line, '.')) {
      throw new Outside();
    }
    if (isDocumentStart(line)) {
      int i = skipSpaces(start(line) + 3, end(line));
      if (i < end(line) && text.charAt(i) != '#') {
        throw new Outside(); // content after ---
      }
      return true;
    }
    return false;
  }

  private void stream() {
    events.add(ScannedEvents.STREAM_START, 0, 0, 0);
    int line = nextContent(0);
    boolean first = true;
    while (line < lineCount) {
      if (!first && !isDocumentStart(line)) {
        throw new Outside();
      }
      first = false;
      if (endsDocument(line)) { // an explicit document: ---
        event(ScannedEvents.DOCUMENT_START_EXPLICIT, line, start(line));
        line = nextContent(line + 1);
        if (endsDocument(line)) {
          eventAtToken(ScannedEvents.PLAIN, line);
          eventAtToken(ScannedEvents.DOCUMENT_END, line);
          continue;
        }
      } else {
        eventAtToken(ScannedEvents.DOCUMENT_START, line);
      }
      line = block(line, indent(line), -1);
      if (!endsDocument(line)) {
        throw new Outside();
      }
      eventAtToken(ScannedEvents.DOCUMENT_END, line);
    }
    eventAtToken(ScannedEvents.STREAM_END, lineCount);
  }

  /** A mapping or sequence that starts a line at {@code column}; returns the next content line. */
  private int block(int line, int column, int parentIndent) {
    if (column <= parentIndent) {
      throw new Outside();
    }
    int at = start(line) + column;
    if (isEntry(at, end(line))) {
      return sequence(line, column, false);
    }
    if (keyEnd(line, at) < 0) {
      throw new Outside(); // a scalar on its own line, or not the subset
    }
    return mapping(line, column);
  }

  /** A {@code -} followed by a space or the line's end. */
  private boolean isEntry(int at, int end) {
    return text.charAt(at) == '-' && (at + 1 == end || text.charAt(at + 1) == ' ');
  }

  /** A block mapping whose keys are at {@code column}, the first on {@code line}. */
  private int mapping(int line, int column) {
    enter();
    event(ScannedEvents.MAPPING_START, line, start(line) + column);
    while (true) {
      int keyAt = start(line) + column;
      int colon = keyEnd(line, keyAt);
      if (colon < 0) {
        throw new Outside();
      }
      key(line, keyAt, colon);
      int e = end(line);
      int valueAt = skipSpaces(colon + 1, e);
      if (valueAt == e || text.charAt(valueAt) == '#') {
        line = emptyValue(line, colon + 1, column, true);
      } else {
        line = inlineValue(line, valueAt, column);
      }
      if (!continuesAt(line, column)) {
        break;
      }
    }
    eventAtToken(ScannedEvents.MAPPING_END, line);
    depth--;
    return line;
  }

  /**
   * A block sequence whose entries are at {@code column}, the first on {@code line}; {@code
   * indentless} for one at its key's column, which ends at the next key.
   */
  private int sequence(int line, int column, boolean indentless) {
    enter();
    event(ScannedEvents.SEQUENCE_START, line, start(line) + column);
    while (true) {
      int dash = start(line) + column;
      int e = end(line);
      int itemAt = skipSpaces(dash + 1, e);
      if (itemAt == e || text.charAt(itemAt) == '#') {
        line = emptyValue(line, dash + 1, column, false);
      } else if (isEntry(itemAt, e)) {
        throw new Outside(); // - - a
      } else if (keyEnd(line, itemAt) >= 0) {
        line = mapping(line, itemAt - start(line));
      } else {
        line = inlineValue(line, itemAt, column);
      }
      if (!continuesAt(line, column)) {
        break;
      }
      if (!isEntry(start(line) + column, end(line))) {
        if (indentless) {
          break;
        }
        throw new Outside();
      }
    }
    eventAtToken(ScannedEvents.SEQUENCE_END, line);
    depth--;
    return line;
  }

  /**
   * Whether {@code line} holds the next entry of the block collection at {@code column}: not when
   * the document ends or the line is indented less; indented more is outside the subset.
   */
  private boolean continuesAt(int line, int column) {
    if (endsDocument(line)) {
      return false;
    }
    int d = indent(line);
    if (d > column) {
      throw new Outside();
    }
    return d == column;
  }

  /**
   * A value with nothing after its {@code :} or {@code -} on the line: a block collection on the
   * next lines, an indentless sequence (mapping values only) or an empty scalar.
   */
  private int emptyValue(int line, int indicatorEnd, int column, boolean mappingValue) {
    int next = nextContent(line + 1);
    if (!endsDocument(next)) {
      int d = indent(next);
      if (d > column) {
        return block(next, d, column);
      }
      if (mappingValue && d == column && isEntry(start(next) + d, end(next))) {
        return sequence(next, column, true);
      }
    }
    scalar(line, indicatorEnd, "", ScannedEvents.PLAIN);
    return next;
  }

  /**
   * Where the {@code :} of a key that starts at {@code at} is; -1 when the line has no key there.
   */
  private int keyEnd(int line, int at) {
    int e = end(line);
    char c = text.charAt(at);
    int i;
    if (c == '"' || c == '\'') {
      int close = closingQuote(at, e);
      if (close < 0) {
        return -1;
      }
      i = skipSpaces(close + 1, e);
      if (i < e && text.charAt(i) == ':' && (i + 1 == e || text.charAt(i + 1) == ' ')) {
        return i - at > MAX_KEY_SPAN ? -1 : i;
      }
      return -1;
    }
    if (!plainStart(at, e)) {
      return -1;
    }
    for (i = at; i < e; i++) {
      char ch = text.charAt(i);
      if (ch == ':' && (i + 1 == e || text.charAt(i + 1) == ' ')) {
        return i - at > MAX_KEY_SPAN ? -1 : i;
      }
      if (ch == '#' && text.charAt(i - 1) == ' ') {
        return -1;
      }
    }
    return -1;
  }

  private void key(int line, int at, int colon) {
    char c = text.charAt(at);
    if (c == '"' || c == '\'') {
      int close = closingQuote(at, colon);
      scalar(line, at, quoted(at, close), quotedKind(c));
      return;
    }
    int last = colon;
    while (text.charAt(last - 1) == ' ') {
      last--;
    }
    scalar(line, at, string(at, last), ScannedEvents.PLAIN);
  }

  /**
   * A scalar or flow collection that starts at {@code at} on {@code line}, inside a block
   * collection at {@code indent}; returns the next content line.
   */
  private int inlineValue(int line, int at, int indent) {
    int e = end(line);
    char c = text.charAt(at);
    int after;
    switch (c) {
      case '|' -> {
        return literal(line, at, indent);
      }
      case '"', '\'' -> {
        int close = closingQuote(at, e);
        if (close < 0) {
          throw new Outside();
        }
        scalar(line, at, quoted(at, close), quotedKind(c));
        after = close + 1;
      }
      case '[', '{' -> after = flow(line, at, e);
      default -> {
        return plain(line, at, indent);
      }
    }
    int i = skipSpaces(after, e);
    if (i < e && (text.charAt(i) != '#' || i == after)) {
      throw new Outside();
    }
    return nextContent(line + 1);
  }

  /** A one-line plain scalar; a line after it that would continue it is outside the subset. */
  private int plain(int line, int at, int indent) {
    int e = end(line);
    if (!plainStart(at, e)) {
      throw new Outside();
    }
    int stop = e;
    boolean comment = false;
    for (int i = at; i < e; i++) {
      char ch = text.charAt(i);
      if (ch == ':' && (i + 1 == e || text.charAt(i + 1) == ' ')) {
        throw new Outside(); // a mapping value where none is allowed
      }
      if (ch == '#' && text.charAt(i - 1) == ' ') {
        stop = i;
        comment = true;
        break;
      }
    }
    while (text.charAt(stop - 1) == ' ') {
      stop--;
    }
    scalar(line, at, string(at, stop), ScannedEvents.PLAIN);
    if (!comment) {
      int next = line + 1;
      while (next < lineCount && indent(next) == end(next) - start(next)) {
        next++; // blank lines
      }
      if (next < lineCount
          && indent(next) > indent
          && text.charAt(start(next) + indent(next)) != '#') {
        throw new Outside(); // the scalar goes on over more lines
      }
    }
    return nextContent(line + 1);
  }
}
