package io.gpuspec.cli;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.AtomicMoveNotSupportedException;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;
import java.util.List;
import java.util.Optional;

/**
 * A class-data archive of the jar in the user's cache directory, for plain {@code java -jar} runs
 * of a jar that has no fitting archive beside it (a jar copied out of the build directory: an
 * archive fits only the jar path, size, modification time and JVM it was made with). The first run
 * writes it when the JVM exits ({@code -XX:ArchiveClassesAtExit}, to a file of its own that is then
 * moved into place, so concurrent first runs cannot leave a half-written archive); later runs map
 * it. The file name holds a hash of the jar's path and one of its size, modification time and the
 * JVM, so a rebuilt jar or another JVM gets a new archive and the old one of the same path is
 * deleted. Any failure (no home directory, a read-only cache, a full disk) only means no archive.
 */
final class ArchiveCache {

  private static final String PREFIX = "gpuspec-";

  private final Path directory;
  private final String pathKey;
  private final String versionKey;

  private ArchiveCache(Path directory, String pathKey, String versionKey) {
    this.directory = directory;
    this.pathKey = pathKey;
    this.versionKey = versionKey;
  }

  /** The cache of this jar under this JVM, or empty when there is no cache directory to use. */
  static Optional<ArchiveCache> of(Path jar) {
    Optional<Path> root = cacheRoot();
    if (root.isEmpty()) {
      return Optional.empty();
    }
    try {
      String version =
          Files.size(jar)
              + "|"
              + Files.getLastModifiedTime(jar).toMillis()
              + "|"
              + System.getProperty("java.home")
              + "|"
              + System.getProperty("java.vm.version");
      return Optional.of(
          new ArchiveCache(root.get().resolve("gpuspec"), hash(jar.toString()), hash(version)));
    } catch (IOException | RuntimeException e) {
      return Optional.empty();
    }
  }

  /** {@code $XDG_CACHE_HOME}, else {@code ~/.cache}. */
  private static Optional<Path> cacheRoot() {
    try {
      String xdg = System.getenv("XDG_CACHE_HOME");
      if (xdg != null && !xdg.isBlank() && Path.of(xdg).isAbsolute()) {
        return Optional.of(Path.of(xdg));
      }
      String home = System.getProperty("user.home", "");
      return home.isBlank() || "?".equals(home)
          ? Optional.empty()
          : Optional.of(Path.of(home, ".cache"));
    } catch (RuntimeException e) {
      return Optional.empty();
    }
  }

  /** The archive of this jar and JVM. */
  Path archive() {
    return directory.resolve(PREFIX + pathKey + "-" + versionKey + ".jsa");
  }

  /**
   * The JVM options of a run: map the archive when it is there; else write it at exit into a file
   * of this process ({@code pending}), or none when the directory cannot be made.
   */
  List<String> options(Path pending) {
    if (Files.isRegularFile(archive())) {
      return List.of("-XX:SharedArchiveFile=" + archive(), "-Xshare:auto");
    }
    try {
      Files.createDirectories(directory);
    } catch (IOException | RuntimeException e) {
      return List.of();
    }
    return List.of("-XX:ArchiveClassesAtExit=" + pending);
  }

  /** A file name for this process's archive before it is moved into place. */
  Path pending() {
    return directory.resolve(
        PREFIX + pathKey + "-" + versionKey + "." + ProcessHandle.current().pid() + ".tmp");
  }

  /**
   * Moves the archive the run wrote into place and deletes this jar path's archives of other
   * versions; does nothing when the run wrote none.
   */
  void publish(Path pending) {
    try {
      if (!Files.isRegularFile(pending)) {
        return;
      }
      try {
        Files.move(pending, archive(), StandardCopyOption.ATOMIC_MOVE);
      } catch (AtomicMoveNotSupportedException e) {
        Files.move(pending, archive(), StandardCopyOption.REPLACE_EXISTING);
      }
      try (DirectoryStream<Path> old =
          Files.newDirectoryStream(directory, PREFIX + pathKey + "-*.jsa")) {
        for (Path file : old) {
          if (!file.equals(archive())) {
            Files.deleteIfExists(file);
          }
        }
      }
    } catch (IOException | RuntimeException e) {
      try {
        Files.deleteIfExists(pending);
      } catch (IOException | RuntimeException ignored) {
        // nothing more to clean up
      }
    }
  }

  private static String hash(String text) {
    try {
      byte[] digest =
          MessageDigest.getInstance("SHA-256").digest(text.getBytes(StandardCharsets.UTF_8));
      return HexFormat.of().formatHex(digest, 0, 8);
    } catch (NoSuchAlgorithmException e) {
      throw new IllegalStateException("ArchiveCache: SHA-256 is missing from this JVM", e);
    }
  }
}
