package io.gpuspec.core.report.format;

/**
 * Builds the HTML report's text: every value that comes from manifests or fleet files passes
 * through {@link #text} (element content and attribute values alike), so no name, label or message
 * can open an element, close one, or end an attribute.
 */
final class Html {

  private final StringBuilder out = new StringBuilder(64 * 1024);

  /**
   * {@code value} with {@code & < > " '} as character references and control characters removed.
   */
  static String escape(String value) {
    StringBuilder escaped = new StringBuilder(value.length() + 16);
    for (int i = 0; i < value.length(); i++) {
      char c = value.charAt(i);
      switch (c) {
        case '&' -> escaped.append("&amp;");
        case '<' -> escaped.append("&lt;");
        case '>' -> escaped.append("&gt;");
        case '"' -> escaped.append("&quot;");
        case '\'' -> escaped.append("&#39;");
        default -> {
          if (c == '\n' || c == '\t' || (c >= 0x20 && c != 0x7f && (c < 0x80 || c > 0x9f))) {
            escaped.append(c);
          } else {
            escaped.append('\uFFFD');
          }
        }
      }
    }
    return escaped.toString();
  }

  /** Appends markup written by the report itself (never input). */
  Html raw(String markup) {
    out.append(markup);
    return this;
  }

  /** Appends input text, escaped. */
  Html text(String value) {
    out.append(escape(value));
    return this;
  }

  /** Appends {@code <tag>text</tag>} with the text escaped; {@code tag} may carry attributes. */
  Html element(String tag, String value) {
    int space = tag.indexOf(' ');
    String name = space < 0 ? tag : tag.substring(0, space);
    return raw("<" + tag + ">").text(value).raw("</" + name + ">");
  }

  /** Appends {@code <tr>} with one escaped {@code <td>} per cell. */
  Html row(String... cells) {
    raw("<tr>");
    for (String cell : cells) {
      element("td", cell);
    }
    return raw("</tr>\n");
  }

  /** Appends {@code <thead>} with one {@code <th>} per heading (written by the report). */
  Html head(String... headings) {
    raw("<thead><tr>");
    for (String heading : headings) {
      raw("<th>" + heading + "</th>");
    }
    return raw("</tr></thead>\n");
  }

  @Override
  public String toString() {
    return out.toString();
  }
}
