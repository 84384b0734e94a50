package io.gpuspec.core.manifest;

/**
 * The line model, marks, scalars, flow collections and literal block scalars of {@link
 * ManifestEvents}: what it shares with its block structure, apart so each stays readable. Every
 * method appends the parser's events to {@link #events} or throws {@link Outside} when the text
 * leaves the subset.
 */
abstract class ScannedText {

  /** Deeper than this, the full parser takes over (it enforces the depth limit itself). */
  static final int MAX_NESTING = 100;

  /** snakeyaml-engine gives up on a simple key longer than 1,024 characters; stay below it. */
  static final int MAX_KEY_SPAN = 1000;

  /** Thrown to leave the scan: the text is outside the subset. */
  static final class Outside extends RuntimeException {
    private static final long serialVersionUID = 1L;

    Outside() {
      super(null, null, false, false);
    }
  }

  final String text;
  final int length;
  final int[] starts; // offset of each line's first character
  final int lineCount;
  private final int[] indents; // leading spaces of each line
  final ScannedEvents events;
  int depth;

  ScannedText(String text, int[] starts) {
    this.text = text;
    this.length = text.length();
    this.starts = starts;
    this.lineCount = starts.length;
    this.indents = new int[lineCount];
    for (int line = 0; line < lineCount; line++) {
      int i = starts[line];
      int e = end(line);
      while (i < e && text.charAt(i) == ' ') {
        i++;
      }
      indents[line] = i - starts[line];
    }
    this.events = new ScannedEvents(text.length() / 8);
  }

  int start(int line) {
    return starts[line];
  }

  int end(int line) {
    if (line + 1 < lineCount) {
      return starts[line + 1] - 1;
    }
    return length > 0 && text.charAt(length - 1) == '\n' ? length - 1 : length;
  }

  /** Leading spaces of a line. */
  int indent(int line) {
    return indents[line];
  }

  /** The text from {@code from} to {@code to}, shared with earlier equal keys and scalars. */
  String string(int from, int to) {
    return SharedStrings.of(text, from, to);
  }

  /** True for a line with a token on it (not blank, not only a comment). */
  boolean hasContent(int line) {
    int i = start(line) + indent(line);
    return i < end(line) && text.charAt(i) != '#';
  }

  /** The first line at or after {@code line} with a token on it, or {@link #lineCount}. */
  int nextContent(int line) {
    while (line < lineCount && !hasContent(line)) {
      line++;
    }
    return line;
  }

  /** {@code ---} at column 0, followed by a space or the line's end. */
  boolean isDocumentStart(int line) {
    return marker(line, '-');
  }

  boolean marker(int line, char c) {
    int s = start(line);
    int e = end(line);
    if (e - s < 3 || text.charAt(s) != c || text.charAt(s + 1) != c || text.charAt(s + 2) != c) {
      return false;
    }
    return e - s == 3 || text.charAt(s + 3) == ' ';
  }

  int skipSpaces(int i, int e) {
    while (i < e && text.charAt(i) == ' ') {
      i++;
    }
    return i;
  }

  /** Appends an event of {@code kind} that starts at {@code offset} on {@code line}. */
  void event(byte kind, int line, int offset) {
    events.add(kind, line, offset - start(line), offset);
  }

  /**
   * Appends an event that starts where the next token does: the first character of a content line,
   * or the stream's end.
   */
  void eventAtToken(byte kind, int line) {
    if (line < lineCount) {
      event(kind, line, start(line) + indent(line));
      return;
    }
    int lastBreak = text.lastIndexOf('\n');
    int breaks = lineCount == 0 ? 0 : text.charAt(length - 1) == '\n' ? lineCount : lineCount - 1;
    events.add(kind, breaks, length - lastBreak - 1, length);
  }

  void enter() {
    if (++depth > MAX_NESTING) {
      throw new Outside();
    }
  }

  /** A plain scalar may start here: not an indicator, except {@code -} before a non-space. */
  boolean plainStart(int at, int e) {
    char c = text.charAt(at);
    if (c == '-') {
      return at + 1 < e && text.charAt(at + 1) != ' ';
    }
    return "?:,[]{}#&*!|>'\"%@`".indexOf(c) < 0;
  }

  /** The closing quote of a quoted scalar on one line without escapes; -1 when there is none. */
  int closingQuote(int at, int e) {
    char quote = text.charAt(at);
    for (int i = at + 1; i < e; i++) {
      char c = text.charAt(i);
      if (c == '\\' && quote == '"') {
        return -1;
      }
      if (c == quote) {
        if (quote == '\'' && i + 1 < e && text.charAt(i + 1) == '\'') {
          i++;
          continue;
        }
        return i;
      }
    }
    return -1;
  }

  String quoted(int at, int close) {
    String inner = string(at + 1, close);
    return text.charAt(at) == '\'' && inner.indexOf('\'') >= 0 ? inner.replace("''", "'") : inner;
  }

  /** Appends a scalar of a kind {@link ScannedEvents#PLAIN} to {@link ScannedEvents#LITERAL}. */
  void scalar(int line, int at, String value, byte kind) {
    events.addScalar(kind, line, at - start(line), at, value);
  }

  /** The scalar kind of a quoted scalar that starts with {@code quote}. */
  static byte quotedKind(char quote) {
    return quote == '"' ? ScannedEvents.DOUBLE_QUOTED : ScannedEvents.SINGLE_QUOTED;
  }

  /**
   * A flow collection on one line ({@code [a, "b"]}, {@code {k: v, l: [1]}}, {@code []}, {@code
   * {}}) that starts at {@code at}; returns the offset after its closing bracket.
   */
  int flow(int line, int at, int e) {
    enter();
    boolean mapping = text.charAt(at) == '{';
    char close = mapping ? '}' : ']';
    event(mapping ? ScannedEvents.FLOW_MAPPING_START : ScannedEvents.FLOW_SEQUENCE_START, line, at);
    int i = skipSpaces(at + 1, e);
    if (i < e && text.charAt(i) == close) {
      closeFlow(line, i, mapping);
      return i + 1;
    }
    while (true) {
      if (mapping) {
        int keyAt = i;
        i = flowScalar(line, i, e);
        if (i - keyAt > MAX_KEY_SPAN) {
          throw new Outside();
        }
        if (i >= e || text.charAt(i) != ':' || i + 1 >= e || text.charAt(i + 1) != ' ') {
          throw new Outside(); // JSON-style "k":v, a key without a value, or not a key
        }
        i = skipSpaces(i + 1, e);
      }
      int next = flowItem(line, i, e);
      if (next >= e) {
        throw new Outside();
      }
      char c = text.charAt(next);
      if (c == close) {
        closeFlow(line, next, mapping);
        return next + 1;
      }
      if (c != ',') {
        throw new Outside();
      }
      i = skipSpaces(next + 1, e);
      if (i >= e || text.charAt(i) == close) {
        throw new Outside(); // a trailing comma
      }
    }
  }

  void closeFlow(int line, int at, boolean mapping) {
    event(mapping ? ScannedEvents.MAPPING_END : ScannedEvents.SEQUENCE_END, line, at);
    depth--;
  }

  /** A value in a flow collection: a nested one or a scalar; returns the offset after spaces. */
  int flowItem(int line, int i, int e) {
    if (i >= e) {
      throw new Outside();
    }
    char c = text.charAt(i);
    if (c == '[' || c == '{') {
      return skipSpaces(flow(line, i, e), e);
    }
    return flowScalar(line, i, e);
  }

  /**
   * A quoted or plain scalar in a flow collection; returns the offset after it and its spaces.
   * Plain ones hold only letters, digits, spaces and {@code _./-=+$~}: no {@code :} or {@code #}.
   */
  int flowScalar(int line, int i, int e) {
    if (i >= e) {
      throw new Outside();
    }
    char c = text.charAt(i);
    if (c == '"' || c == '\'') {
      int close = closingQuote(i, e);
      if (close < 0) {
        throw new Outside();
      }
      scalar(line, i, quoted(i, close), quotedKind(c));
      return skipSpaces(close + 1, e);
    }
    int j = i;
    while (j < e && flowPlain(text.charAt(j), j == i)) {
      j++;
    }
    if (j == i || (c == '-' && (j == i + 1 || text.charAt(i + 1) == ' '))) {
      throw new Outside();
    }
    int last = j;
    while (text.charAt(last - 1) == ' ') {
      last--;
    }
    scalar(line, i, string(i, last), ScannedEvents.PLAIN);
    return skipSpaces(j, e);
  }

  /** Characters of a plain scalar in a flow sequence this scanner reads. */
  static boolean flowPlain(char c, boolean first) {
    return (c >= 'a' && c <= 'z')
        || (c >= 'A' && c <= 'Z')
        || (c >= '0' && c <= '9')
        || c == '_'
        || c == '.'
        || c == '/'
        || c == '-'
        || c == '='
        || c == '+'
        || c == '$'
        || c == '~'
        || (!first && c == ' ');
  }

  /**
   * A literal block scalar ({@code |} or {@code |-}) whose indicator is at {@code at}, in a block
   * collection at {@code indent}.
   */
  int literal(int line, int at, int indent) {
    int e = end(line);
    int i = at + 1;
    boolean strip = false;
    if (i < e && text.charAt(i) == '-') {
      strip = true;
      i++;
    }
    int h = skipSpaces(i, e);
    if (h < e && (text.charAt(h) != '#' || h == i)) {
      throw new Outside(); // keep (+), an indentation indicator, or text after the header
    }
    int first = line + 1;
    if (first >= lineCount || indent(first) == end(first) - start(first)) {
      throw new Outside(); // empty, or leading blank lines
    }
    int blockIndent = indent(first);
    if (blockIndent < Math.max(indent + 1, 1)) {
      throw new Outside();
    }
    StringBuilder value = new StringBuilder();
    int breaks = 0;
    int k = first;
    for (; k < lineCount; k++) {
      int s = start(k);
      int ke = end(k);
      int sp = indent(k);
      if (sp == ke - s) { // blank
        if (sp > blockIndent) {
          throw new Outside();
        }
        breaks++;
        continue;
      }
      if (sp < blockIndent) {
        break;
      }
      if (k > first) {
        value.append('\n');
        for (int b = 0; b < breaks; b++) {
          value.append('\n');
        }
      }
      breaks = 0;
      value.append(text, s + blockIndent, ke);
      if (ke == length) {
        throw new Outside(); // the last line has no line break
      }
    }
    if (!strip) {
      value.append('\n');
    }
    scalar(line, at, value.toString(), ScannedEvents.LITERAL);
    return nextContent(k);
  }
}
