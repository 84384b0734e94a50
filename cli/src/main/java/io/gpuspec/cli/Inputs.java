package io.gpuspec.cli;

import io.gpuspec.core.check.Gpuspec;
import io.gpuspec.core.manifest.ManifestSet;
import io.gpuspec.core.manifest.ReadResult;
import io.gpuspec.core.report.Violation;
import java.io.IOException;
import java.io.InputStream;
import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/** The PATH arguments of a command: files, directories, and {@code -} for standard input. */
final class Inputs {

  /** The most bytes read from standard input (as for one file). */
  static final int MAX_STDIN_BYTES = 8 * 1024 * 1024;

  private Inputs() {}

  /**
   * Reads every path; returns empty after printing one line per path that does not exist (exit 2).
   */
  static Optional<ReadResult> read(
      Gpuspec gpuspec, List<String> arguments, InputStream stdin, PrintWriter err) {
    List<Path> paths = new ArrayList<>();
    boolean missing = false;
    boolean fromStdin = false;
    for (String argument : arguments) {
      if (argument.equals("-")) {
        fromStdin = true;
      } else if (!Files.exists(Path.of(argument))) {
        err.println("gpuspec: " + argument + ": " + whyMissing(Path.of(argument)));
        missing = true;
      } else {
        paths.add(Path.of(argument));
      }
    }
    if (missing) {
      return Optional.empty();
    }
    ReadResult files = gpuspec.read(paths);
    if (!fromStdin) {
      return Optional.of(files);
    }
    ReadResult piped;
    try {
      byte[] bytes = stdin.readNBytes(MAX_STDIN_BYTES + 1);
      piped =
          bytes.length > MAX_STDIN_BYTES
              ? null
              : gpuspec.read(new String(bytes, StandardCharsets.UTF_8), "<stdin>");
    } catch (IOException e) {
      err.println("gpuspec: <stdin>: cannot read (" + e.getMessage() + ")");
      return Optional.empty();
    }
    if (piped == null) {
      err.println("gpuspec: <stdin>: more than 8 MiB; lint files instead");
      return Optional.empty();
    }
    ManifestSet objects = files.manifests().plus(piped.manifests());
    List<Violation> problems = new ArrayList<>(files.problems());
    problems.addAll(piped.problems());
    return Optional.of(new ReadResult(objects, problems));
  }

  /** Why a path that does not resolve cannot be read: absent, a dangling link, or a link loop. */
  private static String whyMissing(Path path) {
    if (!Files.isSymbolicLink(path)) {
      return "no such file or directory";
    }
    try {
      return path.toRealPath() + " does not exist";
    } catch (NoSuchFileException e) {
      return "is a symbolic link to a file that does not exist";
    } catch (IOException e) {
      return "is a symbolic link loop (or a chain of links too long to follow)";
    }
  }
}
