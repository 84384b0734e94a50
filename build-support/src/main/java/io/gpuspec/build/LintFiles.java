package io.gpuspec.build;

import java.io.IOException;
import java.nio.file.FileSystems;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.PathMatcher;
import java.util.List;
import java.util.TreeSet;
import java.util.stream.Stream;

/**
 * The files a lint goal reads: those under its directories that match an include pattern (glob,
 * relative to the directory, {@code /} as separator; {@code **}{@code /} also matches no
 * directory), sorted.
 */
public final class LintFiles {

  /** What the plugins lint by default. */
  public static final List<String> DEFAULT_INCLUDES = List.of("**/*.yaml", "**/*.yml", "**/*.json");

  private LintFiles() {}

  /**
   * Every matching regular file; a directory that does not exist is logged and skipped.
   *
   * @throws BuildException if a directory cannot be listed or a pattern is not a glob
   */
  public static List<Path> find(List<Path> directories, List<String> includes, BuildLog log) {
    List<PathMatcher> matchers =
        includes.stream()
            .flatMap(
                include ->
                    include.startsWith("**/")
                        ? Stream.of(include, include.substring("**/".length()))
                        : Stream.of(include))
            .map(LintFiles::matcher)
            .toList();
    TreeSet<Path> files = new TreeSet<>();
    for (Path directory : directories) {
      if (!Files.isDirectory(directory)) {
        log.info("gpuspec: " + directory + " is not a directory; nothing to lint there");
        continue;
      }
      try (Stream<Path> walk = Files.walk(directory)) {
        walk.filter(Files::isRegularFile)
            .filter(file -> matches(matchers, directory.relativize(file)))
            .forEach(files::add);
      } catch (IOException e) {
        throw new BuildException(
            directory.toString(),
            "cannot list the directory (" + e.getMessage() + ")",
            "check that it is readable",
            e);
      }
    }
    return List.copyOf(files);
  }

  private static PathMatcher matcher(String glob) {
    try {
      return FileSystems.getDefault().getPathMatcher("glob:" + glob);
    } catch (IllegalArgumentException e) {
      throw new BuildException(
          "include " + glob, "not a glob pattern (" + e.getMessage() + ")", "use e.g. **/*.yaml");
    }
  }

  private static boolean matches(List<PathMatcher> matchers, Path relative) {
    return matchers.stream().anyMatch(m -> m.matches(relative));
  }
}
