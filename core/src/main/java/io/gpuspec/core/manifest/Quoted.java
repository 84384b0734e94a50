package io.gpuspec.core.manifest;

/** Text from the input or from a library, made fit for a one-line message. */
final class Quoted {

  /** Characters of input text quoted in a message. */
  private static final int MAX_QUOTED = 200;

  private Quoted() {}

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

  /** The first line of a library's message, without its aside, clipped. */
  static String firstLine(String message) {
    String text = message == null ? "" : message.strip();
    int newline = text.indexOf('\n');
    String line = newline < 0 ? text : text.substring(0, newline);
    int aside = line.indexOf(" (but ");
    return clip(aside < 0 ? line : line.substring(0, aside));
  }
}
