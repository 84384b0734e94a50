package io.gpuspec.examples.docs;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * The Javadoc that javadoc's own doclint does not demand (the build runs it without {@code
 * missing}): every public type of every module's main sources has a type-level comment (nested ones
 * outside {@code internal} packages too), and every rule's class comment links the upstream
 * documentation or source behind it.
 */
class JavadocCoverageTest {

  private static final Pattern PUBLIC_TYPE =
      Pattern.compile(
          "(?m)^([ \\t]*)public\\s+(?:(?:abstract|final|sealed|non-sealed|static|strictfp)\\s+)*"
              + "(?:class|interface|record|enum|@interface)\\s+(\\w+)");
  private static final Pattern RULE_CLASS =
      Pattern.compile(
          "(?m)^(?:public\\s+)?(?:final\\s+)?(?:class|record)\\s+(\\w+)[^{]*"
              + "(?:extends\\s+BaseRule|implements\\s+Rule\\b)");
  private static final Pattern ANNOTATION = Pattern.compile("@[\\w.]+");

  private static List<Path> sources;

  @BeforeAll
  static void mainSources() throws IOException {
    Path root = DocSnippets.root();
    try (Stream<Path> files = Files.walk(root)) {
      sources =
          files
              .filter(p -> p.toString().endsWith(".java"))
              .filter(p -> p.toString().contains("/src/main/java/"))
              .filter(p -> !p.toString().contains("/target/") && !p.toString().contains("/src/it/"))
              .filter(p -> !p.getFileName().toString().equals("package-info.java"))
              .sorted()
              .toList();
    }
  }

  @Test
  void everyPublicType_hasATypeComment() throws IOException {
    List<String> missing = new ArrayList<>();
    int types = 0;
    for (Path file : sources) {
      String text = Files.readString(file);
      boolean internal = file.toString().contains("/internal/");
      Matcher type = PUBLIC_TYPE.matcher(text);
      while (type.find()) {
        boolean nested = !type.group(1).isEmpty();
        if (nested && internal) {
          continue;
        }
        types++;
        if (comment(text, type.start()) == null) {
          missing.add(file.getFileName() + ": " + type.group(2));
        }
      }
    }
    assertThat(types).isGreaterThan(400);
    assertThat(missing).as("public types without a Javadoc comment").isEmpty();
  }

  @Test
  void everyRule_linksItsUpstreamDocumentation() throws IOException {
    List<String> unlinked = new ArrayList<>();
    int rules = 0;
    for (Path file : sources) {
      String text = Files.readString(file);
      Matcher rule = RULE_CLASS.matcher(text);
      if (!rule.find() || text.contains("abstract class " + rule.group(1))) {
        continue;
      }
      rules++;
      String comment = comment(text, rule.start());
      if (comment == null || !comment.contains("http")) {
        unlinked.add(file.getFileName().toString());
      }
    }
    assertThat(rules).isGreaterThan(90);
    assertThat(unlinked).as("rule classes whose comment links no upstream page").isEmpty();
  }

  /** The Javadoc comment right above the declaration at {@code start} (annotations between). */
  private static String comment(String text, int start) {
    String before = text.substring(0, start);
    int end = before.lastIndexOf("*/");
    if (end < 0 || !withoutAnnotations(before.substring(end + 2)).isBlank()) {
      return null;
    }
    int open = before.lastIndexOf("/**", end);
    return open > before.lastIndexOf("*/", end - 1) ? before.substring(open, end) : null;
  }

  /** {@code between} without annotations and their (possibly nested) arguments. */
  private static String withoutAnnotations(String between) {
    StringBuilder rest = new StringBuilder();
    Matcher annotation = ANNOTATION.matcher(between);
    int i = 0;
    while (annotation.find(i)) {
      rest.append(between, i, annotation.start());
      i = annotation.end();
      int j = i;
      while (j < between.length() && Character.isWhitespace(between.charAt(j))) {
        j++;
      }
      if (j < between.length() && between.charAt(j) == '(') {
        int depth = 0;
        for (; j < between.length(); j++) {
          char c = between.charAt(j);
          depth += c == '(' ? 1 : c == ')' ? -1 : 0;
          if (depth == 0) {
            break;
          }
        }
        i = Math.min(j + 1, between.length());
      }
    }
    return rest.append(between.substring(i)).toString();
  }
}
