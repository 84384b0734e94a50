package io.gpuspec.examples.docs;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

/**
 * The fenced code blocks of the README and of {@code docs/*.md}, with the markers written in an
 * HTML comment on the line right above a fence (invisible when the Markdown is rendered):
 *
 * <ul>
 *   <li>{@code <!-- prelude: JAVA -->}: declarations a {@code java} snippet assumes from the prose
 *       around it, compiled in front of it;
 *   <li>{@code <!-- not-run: REASON -->}: a {@code sh} block a test does not run, and why (build
 *       commands that CI runs itself, commands against a live cluster);
 *   <li>{@code <!-- output: WHAT -->}: a {@code yaml} or {@code text} block that is exactly what
 *       the {@code java} block right before it prints ({@link JavaSnippetsTest} compares them).
 * </ul>
 *
 * See {@code docs/snippets.md} for what each info string means.
 */
public record DocSnippets(List<Snippet> snippets) {

  /** The info strings a fence may carry. */
  public static final List<String> LANGUAGES =
      List.of("java", "sh", "text", "yaml", "json", "xml", "kotlin");

  /** The ways a shell line calls the gpuspec command line, each followed by its arguments. */
  private static final List<String> CLI =
      List.of("java -jar cli/target/gpuspec.jar ", "bin/gpuspec ", "gpuspec ");

  /** One fenced block. */
  public record Snippet(
      Path file,
      int line,
      String language,
      String text,
      Optional<String> prelude,
      Optional<String> notRun,
      boolean output) {

    /** {@code file:line}, for test names and failure messages. */
    public String where() {
      return file.getFileName() + ":" + line;
    }
  }

  /** The block right after {@code snippet} in its file when it is marked as its output. */
  public Optional<Snippet> outputOf(Snippet snippet) {
    int i = snippets.indexOf(snippet);
    if (i < 0 || i + 1 >= snippets.size()) {
      return Optional.empty();
    }
    Snippet next = snippets.get(i + 1);
    return next.output() && next.file().equals(snippet.file())
        ? Optional.of(next)
        : Optional.empty();
  }

  private static final Pattern FENCE = Pattern.compile("^```(\\S*)\\s*$");
  private static final Pattern MARKER =
      Pattern.compile("(?s)^<!--\\s*(prelude|not-run|output):\\s*(.*?)\\s*-->\\s*$");

  /** The README and every page under {@code docs/} (and its folders) of the repository at root. */
  public static DocSnippets of(Path root) {
    List<Path> files = new ArrayList<>();
    files.add(root.resolve("README.md"));
    try (Stream<Path> docs = Files.walk(root.resolve("docs"))) {
      docs.filter(p -> p.toString().endsWith(".md")).sorted().forEach(files::add);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    List<Snippet> all = new ArrayList<>();
    files.forEach(file -> all.addAll(read(file)));
    return new DocSnippets(List.copyOf(all));
  }

  /** The repository root: the parent of the module the tests run in. */
  public static Path root() {
    Path here = Path.of("").toAbsolutePath();
    return Files.exists(here.resolve("docs")) ? here : here.getParent();
  }

  /** The snippets written in {@code language}, in file order. */
  public List<Snippet> in(String language) {
    return snippets.stream().filter(s -> s.language().equals(language)).toList();
  }

  /** A shell block's commands: its non-empty lines without their trailing {@code # comments}. */
  public static List<String> commands(Snippet snippet) {
    return snippet
        .text()
        .lines()
        .map(line -> line.replaceFirst("(^|\\s)#.*$", "").strip())
        .filter(line -> !line.isEmpty())
        .toList();
  }

  /** The arguments of a command that calls the gpuspec command line; empty for any other. */
  public static Optional<String> cliArguments(String command) {
    return CLI.stream()
        .filter(command::startsWith)
        .findFirst()
        .map(prefix -> command.substring(prefix.length()).strip());
  }

  /** The HTML comment that ends on the line above {@code fence}, joined; empty when none. */
  private static String comment(List<String> lines, int fence) {
    if (fence == 0 || !lines.get(fence - 1).trim().endsWith("-->")) {
      return "";
    }
    int start = fence - 1;
    while (start > 0 && !lines.get(start).trim().startsWith("<!--")) {
      start--;
    }
    return String.join("\n", lines.subList(start, fence));
  }

  private static List<Snippet> read(Path file) {
    List<String> lines;
    try {
      lines = Files.readAllLines(file);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    List<Snippet> found = new ArrayList<>();
    for (int i = 0; i < lines.size(); i++) {
      Matcher fence = FENCE.matcher(lines.get(i));
      if (!fence.matches()) {
        continue;
      }
      int start = i;
      StringBuilder text = new StringBuilder();
      for (i++; i < lines.size() && !lines.get(i).startsWith("```"); i++) {
        text.append(lines.get(i)).append('\n');
      }
      Optional<String> prelude = Optional.empty();
      Optional<String> notRun = Optional.empty();
      boolean output = false;
      Matcher marker = MARKER.matcher(comment(lines, start));
      if (marker.matches()) {
        switch (marker.group(1)) {
          case "prelude" -> prelude = Optional.of(marker.group(2));
          case "not-run" -> notRun = Optional.of(marker.group(2));
          default -> output = true;
        }
      }
      found.add(
          new Snippet(file, start + 1, fence.group(1), text.toString(), prelude, notRun, output));
    }
    return found;
  }
}
