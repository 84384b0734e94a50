package io.gpuspec.core.manifest;

import java.io.BufferedWriter;
import java.io.IOException;
import java.io.RandomAccessFile;
import java.net.URISyntaxException;
import java.nio.charset.StandardCharsets;
import java.nio.file.AccessDeniedException;
import java.nio.file.DirectoryIteratorException;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.TimeUnit;

/**
 * The hostile inputs the reader must survive: small ones committed under {@code
 * src/test/resources/hostile/} with their expected finding in {@code expected.tsv}, and large or
 * special ones (files of megabytes, symbolic link loops, FIFOs, devices, unreadable files) built
 * here at run time. Each case names one finding the reader must give: a rule id and part of its
 * message ({@code -} for "no finding at all").
 */
final class HostileCorpus {

  /** One input: the path to read, the rule id expected ("-" for none) and part of its message. */
  record Case(String name, Path path, String ruleId, String messagePart) {}

  private static final String CM = "apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: cfg\n";
  private static final int MIB = 1024 * 1024;

  private HostileCorpus() {}

  static Path committedDirectory() {
    try {
      return Path.of(HostileCorpus.class.getResource("/hostile/expected.tsv").toURI()).getParent();
    } catch (URISyntaxException e) {
      throw new IllegalStateException(e);
    }
  }

  /** The committed cases, from {@code expected.tsv}. */
  static List<Case> committed() throws IOException {
    Path dir = committedDirectory();
    List<Case> cases = new ArrayList<>();
    for (String line : Files.readAllLines(dir.resolve("expected.tsv"), StandardCharsets.UTF_8)) {
      if (line.isBlank() || line.startsWith("#")) {
        continue;
      }
      String[] fields = line.split("\t", -1);
      if (fields.length != 3) {
        throw new IllegalStateException("expected.tsv: not file<TAB>rule<TAB>text: " + line);
      }
      cases.add(new Case(fields[0], dir.resolve(fields[0]), fields[1], fields[2]));
    }
    return cases;
  }

  /**
   * Builds the large and special inputs in {@code dir}. The few this system cannot make (no FIFOs,
   * nothing even this user cannot read) are left out and named in {@code omitted}.
   */
  static List<Case> generate(Path dir, List<String> omitted) throws IOException {
    List<Case> cases = new ArrayList<>();
    // size and line limits
    cases.add(
        file(
            dir,
            "huge-file-9MiB.yaml",
            "YAML005",
            "larger than 8 MiB",
            out -> repeatLine(out, "# padding padding padding padding padding\n", 9L * MIB)));
    Path sparse = dir.resolve("sparse-10GiB.yaml");
    try (RandomAccessFile file = new RandomAccessFile(sparse.toFile(), "rw")) {
      file.setLength(10L * 1024 * MIB);
    }
    cases.add(new Case(sparse.getFileName().toString(), sparse, "YAML005", "larger than 8 MiB"));
    cases.add(
        file(
            dir,
            "long-line-2MiB-comment.yaml",
            "YAML005",
            "longer than 1048576",
            out -> {
              out.write("# ");
              repeat(out, 'x', 2 * MIB);
              out.write("\n");
            }));
    cases.add(
        file(
            dir,
            "long-line-8MiB-no-newline.yaml",
            "YAML005",
            "longer than 1048576",
            out -> {
              out.write("a: ");
              repeat(out, 'x', 8 * MIB - 16);
            }));
    cases.add(
        file(
            dir,
            "long-plain-value-just-under-line-limit.yaml",
            "YAML003",
            "has no field",
            out -> {
              out.write(CM + "data:\n  big: ");
              repeat(out, 'x', MIB - 64);
              out.write("\nbogus: 1\n");
            }));
    cases.add(
        file(
            dir,
            "long-quoted-values-7-lines-of-1MiB.yaml",
            "YAML003",
            "has no field",
            out -> {
              out.write(CM + "data:\n");
              for (int i = 0; i < 7; i++) {
                out.write("  k" + i + ": \"");
                repeat(out, 'y', MIB - 64);
                out.write("\"\n");
              }
              out.write("bogus: 1\n");
            }));
    cases.add(
        file(
            dir,
            "long-block-scalar-7MiB.yaml",
            "YAML003",
            "has no field",
            out -> {
              out.write(CM + "data:\n  script: |\n");
              repeatLine(
                  out,
                  "    echo the quick brown fox jumps over the lazy dog, again and again\n",
                  7L * MIB);
              out.write("bogus: 1\n");
            }));
    cases.add(
        file(
            dir,
            "many-keys-of-1000-characters.yaml",
            "YAML007",
            "number where the field wants a string",
            out -> {
              out.write(CM + "data:\n");
              String stem = "k".repeat(990);
              for (int i = 0; i < 6000; i++) {
                out.write("  " + stem + String.format("%06d", i) + ": v\n");
              }
              out.write("  last: 1\n");
            }));
    cases.add(
        file(
            dir,
            "long-explicit-key-1MiB.yaml",
            "YAML005",
            "key is longer than 1024",
            out -> {
              out.write(CM + "data:\n  ? ");
              repeat(out, 'k', MIB - 64);
              out.write("\n  : v\n");
            }));
    // depth
    cases.add(
        file(
            dir,
            "deep-flow-100000.yaml",
            "YAML005",
            "deeper than 100",
            out -> {
              repeat(out, '[', 100_000);
              repeat(out, ']', 100_000);
              out.write("\n");
            }));
    cases.add(
        file(
            dir,
            "deep-block-2000.yaml",
            "YAML005",
            "deeper than 100",
            out -> {
              for (int i = 0; i < 2000; i++) {
                repeat(out, ' ', i);
                out.write("a:\n");
              }
            }));
    // documents and nodes
    cases.add(
        file(
            dir,
            "documents-10001-configmaps.yaml",
            "YAML005",
            "more than 10000 documents",
            out -> {
              for (int i = 0; i <= 10_000; i++) {
                out.write("---\napiVersion: v1\nkind: ConfigMap\nmetadata: {name: c" + i + "}\n");
              }
            }));
    cases.add(
        file(
            dir,
            "documents-10000-configmaps-last-bad.yaml",
            "YAML007",
            "number where the field wants a string",
            out -> {
              for (int i = 0; i < 10_000; i++) {
                out.write("---\napiVersion: v1\nkind: ConfigMap\nmetadata: {name: c" + i + "}\n");
                out.write(i == 9_999 ? "data: {a: 1}\n" : "data: {a: b}\n");
              }
            }));
    cases.add(
        file(
            dir,
            "nodes-600000-in-a-block-list.yaml",
            "YAML005",
            "500000 nodes",
            out -> {
              out.write(CM + "x:\n");
              repeatLine(out, "- 1\n", 600_000L * 4);
            }));
    cases.add(
        file(
            dir,
            "nodes-490000-data-entries-one-int.yaml",
            "YAML007",
            "number where the field wants a string",
            out -> {
              out.write(CM + "data:\n");
              for (int i = 0; i < 245_000; i++) {
                out.write("  k" + i + ": v\n");
              }
              out.write("  last: 1\n");
            }));
    cases.add(
        file(
            dir,
            "type-errors-50-in-200000-entries.yaml",
            "YAML007",
            "number where the field wants a string",
            out -> {
              out.write(CM + "data:\n");
              for (int i = 0; i < 200_000; i++) {
                out.write("  k" + i + (i % 4000 == 0 ? ": 1\n" : ": v\n"));
              }
            }));
    cases.add(
        file(
            dir,
            "findings-5000-unknown-fields.yaml",
            "YAML005",
            "more findings in this file",
            out -> {
              out.write(CM);
              for (int i = 0; i < 5000; i++) {
                out.write("bogus" + i + ": 1\n");
              }
            }));
    cases.add(
        file(
            dir,
            "findings-100000-duplicate-keys.yaml",
            "YAML005",
            "more findings in this file",
            out -> {
              out.write(CM + "data:\n");
              for (int i = 0; i < 100_000; i++) {
                out.write("  a: b\n");
              }
            }));
    cases.add(
        file(
            dir,
            "findings-20000-bad-documents.yaml",
            "YAML005",
            "more findings in this file",
            out -> {
              for (int i = 0; i < 10_000; i++) {
                out.write("--- [" + i + "]\n");
              }
            }));
    // bytes
    cases.add(
        bytes(dir, "invalid-utf8-at-the-end-of-7MiB.yaml", "YAML001", "not UTF-8", (byte) 0xFF));
    cases.add(bytes(dir, "nul-at-the-end-of-7MiB.yaml", "YAML001", "NUL", (byte) 0));
    // files that are not files
    Path self = dir.resolve("symlink-loop-self.yaml");
    Files.createSymbolicLink(self, self.getFileName());
    cases.add(new Case(self.getFileName().toString(), self, "YAML001", "symbolic link loop"));
    Path a = dir.resolve("symlink-loop-a.yaml");
    Path b = dir.resolve("symlink-loop-b.yaml");
    Files.createSymbolicLink(a, b.getFileName());
    Files.createSymbolicLink(b, a.getFileName());
    cases.add(new Case(a.getFileName().toString(), a, "YAML001", "symbolic link loop"));
    Path dangling = dir.resolve("symlink-dangling.yaml");
    Files.createSymbolicLink(dangling, Path.of("no-such-file.yaml"));
    cases.add(new Case(dangling.getFileName().toString(), dangling, "YAML001", "does not exist"));
    Path linkToDir = dir.resolve("symlink-to-a-directory.yaml");
    Files.createDirectories(dir.resolve("a-directory"));
    Files.createSymbolicLink(linkToDir, Path.of("a-directory"));
    Path walked = dir.resolve("directory-with-a-loop-and-odd-entries");
    Files.createDirectories(walked.resolve("sub"));
    Files.createSymbolicLink(walked.resolve("sub/up"), Path.of(".."));
    Files.createSymbolicLink(walked.resolve("sub/loop.yaml"), Path.of("loop.yaml"));
    Files.createSymbolicLink(walked.resolve("dir-link.yaml"), Path.of("sub"));
    Files.writeString(walked.resolve("sub/cfg.yaml"), CM + "bogus: 1\n");
    cases.add(
        new Case(
            walked.getFileName().toString() + " (loop)", walked, "YAML001", "symbolic link loop"));
    cases.add(
        new Case(walked.getFileName().toString() + " (file)", walked, "YAML003", "has no field"));
    cases.add(
        new Case(
            walked.getFileName().toString() + " (link to a directory)",
            walked,
            "YAML001",
            "symbolic link to a directory"));
    for (String device : List.of("/dev/zero", "/dev/urandom", "/dev/null")) {
      Path link = dir.resolve("device-" + Path.of(device).getFileName() + ".yaml");
      if (Files.exists(Path.of(device))) {
        Files.createSymbolicLink(link, Path.of(device));
        cases.add(new Case(link.getFileName().toString(), link, "YAML001", "not a regular file"));
      } else {
        omitted.add(link.getFileName() + " (no " + device + " here)");
      }
    }
    addOrOmit(cases, omitted, "fifo.yaml", fifo(dir.resolve("fifo.yaml")), "not a regular file");
    addOrOmit(cases, omitted, "unreadable-file.yaml", unreadableFile(dir), "permission denied");
    addOrOmit(
        cases, omitted, "unreadable-directory", unreadableDirectory(dir), "permission denied");
    return cases;
  }

  private static void addOrOmit(
      List<Case> cases, List<String> omitted, String name, Optional<Path> path, String part) {
    if (path.isPresent()) {
      cases.add(new Case(name, path.get(), "YAML001", part));
    } else {
      omitted.add(name + " (cannot be made on this system)");
    }
  }

  /** Writes text to a file through a buffered writer. */
  interface Writing {
    void write(BufferedWriter out) throws IOException;
  }

  private static Case file(Path dir, String name, String ruleId, String part, Writing content)
      throws IOException {
    Path path = dir.resolve(name);
    try (BufferedWriter out = Files.newBufferedWriter(path, StandardCharsets.UTF_8)) {
      content.write(out);
    }
    return new Case(name, path, ruleId, part);
  }

  /** 7 MiB of a valid ConfigMap, then one more byte. */
  private static Case bytes(Path dir, String name, String ruleId, String part, byte last)
      throws IOException {
    Path path = dir.resolve(name);
    try (BufferedWriter out = Files.newBufferedWriter(path, StandardCharsets.UTF_8)) {
      out.write(CM + "data:\n");
      for (long written = 0; written < 7L * MIB; written += 32) {
        out.write("  k" + String.format("%08d", written / 32) + ": some value\n");
      }
    }
    Files.write(path, new byte[] {last}, java.nio.file.StandardOpenOption.APPEND);
    return new Case(name, path, ruleId, part);
  }

  private static void repeat(BufferedWriter out, char c, long count) throws IOException {
    char[] chunk = new char[8192];
    java.util.Arrays.fill(chunk, c);
    for (long left = count; left > 0; left -= chunk.length) {
      out.write(chunk, 0, (int) Math.min(chunk.length, left));
    }
  }

  private static void repeatLine(BufferedWriter out, String line, long bytes) throws IOException {
    for (long written = 0; written < bytes; written += line.length()) {
      out.write(line);
    }
  }

  /** A FIFO made with mkfifo(1), where it exists. */
  private static Optional<Path> fifo(Path path) {
    try {
      Process mkfifo = new ProcessBuilder("mkfifo", path.toString()).inheritIO().start();
      return mkfifo.waitFor(10, TimeUnit.SECONDS) && mkfifo.exitValue() == 0
          ? Optional.of(path)
          : Optional.empty();
    } catch (IOException e) {
      return Optional.empty();
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      return Optional.empty();
    }
  }

  /**
   * A file this process cannot read: mode 000, or (as root, who reads everything) a link to a
   * kernel file that even root may not read.
   */
  static Optional<Path> unreadableFile(Path dir) throws IOException {
    Path file = dir.resolve("unreadable-file.yaml");
    Files.writeString(file, CM);
    Files.setPosixFilePermissions(file, PosixFilePermissions.fromString("---------"));
    if (cannotRead(file)) {
      return Optional.of(file);
    }
    Files.delete(file);
    Path writeOnly = Path.of("/proc/sys/vm/compact_memory");
    if (Files.exists(writeOnly) && cannotRead(writeOnly)) {
      Files.createSymbolicLink(file, writeOnly);
      return Optional.of(file);
    }
    return Optional.empty();
  }

  /** A directory this process cannot list (as {@link #unreadableFile}). */
  static Optional<Path> unreadableDirectory(Path dir) throws IOException {
    Path locked = dir.resolve("unreadable-directory");
    Files.createDirectories(locked);
    Files.writeString(locked.resolve("cfg.yaml"), CM);
    Files.setPosixFilePermissions(locked, PosixFilePermissions.fromString("---------"));
    if (cannotList(locked)) {
      return Optional.of(locked);
    }
    Files.setPosixFilePermissions(locked, PosixFilePermissions.fromString("rwx------"));
    Path mapFiles = Path.of("/proc/1/map_files");
    if (Files.isDirectory(mapFiles) && cannotList(mapFiles)) {
      Path link = dir.resolve("unreadable-directory-link");
      Files.createSymbolicLink(link, mapFiles);
      return Optional.of(link);
    }
    return Optional.empty();
  }

  private static boolean cannotRead(Path file) {
    try (var in = Files.newInputStream(file)) {
      in.read();
      return false;
    } catch (AccessDeniedException e) {
      return true;
    } catch (IOException e) {
      return false;
    }
  }

  private static boolean cannotList(Path dir) {
    try (DirectoryStream<Path> entries = Files.newDirectoryStream(dir)) {
      entries.iterator().hasNext();
      return false;
    } catch (AccessDeniedException e) {
      return true;
    } catch (DirectoryIteratorException e) {
      return e.getCause() instanceof AccessDeniedException;
    } catch (IOException | RuntimeException e) {
      return false;
    }
  }

  /** Gives permissions back to what {@link #generate} locked, so that it can be deleted. */
  static void unlock(Path dir) throws IOException {
    for (String name : List.of("unreadable-file.yaml", "unreadable-directory")) {
      Path path = dir.resolve(name);
      if (Files.exists(path, java.nio.file.LinkOption.NOFOLLOW_LINKS)
          && !Files.isSymbolicLink(path)) {
        Files.setPosixFilePermissions(path, PosixFilePermissions.fromString("rwx------"));
      }
    }
  }
}
