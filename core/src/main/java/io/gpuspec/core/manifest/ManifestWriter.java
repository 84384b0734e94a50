package io.gpuspec.core.manifest;

import io.fabric8.kubernetes.api.model.HasMetadata;
import io.gpuspec.core.report.ObjectRef;
import java.io.IOException;
import java.nio.channels.FileChannel;
import java.nio.channels.FileLock;
import java.nio.channels.OverlappingFileLockException;
import java.nio.charset.StandardCharsets;
import java.nio.file.DirectoryStream;
import java.nio.file.FileSystemException;
import java.nio.file.FileVisitResult;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.SimpleFileVisitor;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.nio.file.attribute.BasicFileAttributes;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.security.SecureRandom;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.regex.Pattern;

/**
 * Writes manifests atomically: a directory with one file per object ({@code 01-namespace-ml.yaml},
 * numbered in canonical order so {@code kubectl apply -f DIR} applies them in order), or one
 * multi-document file. See {@code docs/reading.md} ("Writing") for the layout and its guarantees.
 *
 * <p>The target directory is a symbolic link to a complete version directory kept beside it in a
 * hidden store, {@code .<name>.gpuspec/}. A run renders everything first, writes a new version
 * there (each file and the directory flushed to disk), then replaces the link with one {@code
 * rename(2)} of a new link over it. At every instant the target therefore names either the complete
 * old set or the complete new one; a run killed at any moment leaves the old set in place, and its
 * leftovers are removed by the next run. A lock file in the store ({@link FileChannel#tryLock()})
 * lets one run write a target at a time: a second, concurrent run fails with a {@link
 * ManifestWriteException} instead of waiting. A single file ({@link #writeFile}) is written beside
 * the target and renamed over it.
 *
 * <p>An existing target is replaced only if gpuspec made it: a link into its store, an empty
 * directory, or a directory of the numbered files an earlier gpuspec wrote (moved into the store
 * and replaced by the link: two renames, between which the target is briefly absent, once). A
 * symbolic link gpuspec did not make, a regular file in place of the directory, or a directory
 * holding anything else is left untouched and reported. File names are at most 255 bytes: long
 * object names are shortened and end in a short hash of the full name.
 */
public final class ManifestWriter {

  /** Longest file name most file systems allow, in bytes. */
  static final int MAX_NAME_BYTES = 255;

  private static final String STORE_SUFFIX = ".gpuspec";
  private static final String LOCK = "lock";
  private static final String VERSION = "v-";
  private static final Pattern LEGACY_FILE = Pattern.compile("[0-9]{2,}-[a-z0-9.-]*\\.yaml");
  private static final SecureRandom RANDOM = new SecureRandom();

  private ManifestWriter() {}

  /**
   * Replaces {@code directory} with one YAML file per object and returns the files written (paths
   * through {@code directory}). Objects a {@link DocumentRecognizer} made from non-Kubernetes
   * documents are never written.
   *
   * @throws ManifestWriteException if it cannot be written; the old set is then still in place
   */
  public static List<Path> write(ManifestSet all, Path directory) {
    ManifestSet manifests = withoutSynthetic(all);
    List<String> names;
    List<String> texts = new ArrayList<>();
    try {
      names = fileNames(manifests);
      manifests.forEach(object -> texts.add(YamlRenderer.render(object)));
    } catch (RuntimeException e) {
      throw new ManifestWriteException(
          directory + ": cannot render the manifests (" + e + "); nothing was written", e);
    }
    return writeRendered(names, texts, directory);
  }

  /** {@link #write} for files already rendered: {@code names.get(i)} holds {@code texts.get(i)}. */
  static List<Path> writeRendered(List<String> names, List<String> texts, Path directory) {
    Path target = directory.toAbsolutePath().normalize();
    Path parent = target.getParent();
    if (parent == null || target.getFileName() == null) {
      throw new ManifestWriteException(
          directory + ": cannot replace a file system root; give a directory below it", null);
    }
    String name = target.getFileName().toString();
    Path store = parent.resolve(storeName(name));
    try {
      inspectDirectoryTarget(target, store); // fails before anything is created
      Files.createDirectories(parent);
      Files.createDirectories(store);
      try (FileChannel lockFile = openLock(store);
          FileLock lock = lock(lockFile, target, store)) {
        Target existing = inspectDirectoryTarget(target, store);
        removeLeftovers(store, existing.version());
        String id = newId();
        Path staging = store.resolve("tmp-" + id);
        Files.createDirectory(staging);
        NewFiles.write(staging, names, texts);
        syncDirectory(staging);
        Path version = store.resolve(VERSION + id);
        Files.move(staging, version, StandardCopyOption.ATOMIC_MOVE);
        Path link = store.resolve("link-" + id);
        createLink(link, Path.of(store.getFileName().toString(), version.getFileName().toString()));
        syncDirectory(store);
        if (existing.kind() == TargetKind.EMPTY_DIRECTORY) {
          Files.delete(target); // fails if something appeared in it meanwhile
        } else if (existing.kind() == TargetKind.LEGACY_DIRECTORY) {
          Files.move(target, store.resolve("trash-legacy-" + id), StandardCopyOption.ATOMIC_MOVE);
        }
        Files.move(link, target, StandardCopyOption.ATOMIC_MOVE); // the switch: one rename(2)
        syncDirectory(parent);
        removeLeftovers(store, Optional.of(version.getFileName().toString()));
      }
      return names.stream().map(target::resolve).toList();
    } catch (ManifestWriteException e) {
      throw e;
    } catch (IOException | RuntimeException e) {
      throw new ManifestWriteException(
          directory
              + ": cannot write manifests ("
              + e
              + "); check that the parent directory exists and is writable, and that no file"
              + " stands in the way. The previous manifests, if any, are still in place",
          e);
    }
  }

  /**
   * Replaces {@code file} with all objects as one multi-document YAML file, leaving out objects a
   * {@link DocumentRecognizer} made.
   *
   * @throws ManifestWriteException if it cannot be written; the old file is then still in place
   */
  public static Path writeFile(ManifestSet all, Path file) {
    ManifestSet manifests = withoutSynthetic(all);
    Path target = file.toAbsolutePath().normalize();
    Path parent = target.getParent();
    if (parent == null || target.getFileName() == null) {
      throw new ManifestWriteException(file + ": not a file name; give a file to write", null);
    }
    Path store = parent.resolve(storeName(target.getFileName().toString()));
    try {
      String text = YamlRenderer.render(manifests);
      inspectFileTarget(target);
      Files.createDirectories(parent);
      Files.createDirectories(store);
      try (FileChannel lockFile = openLock(store);
          FileLock lock = lock(lockFile, target, store)) {
        inspectFileTarget(target);
        removeLeftovers(store, Optional.empty());
        Path temp = store.resolve("tmp-" + newId() + ".yaml");
        TextFiles.writeNew(temp, text);
        Files.move(temp, target, StandardCopyOption.ATOMIC_MOVE); // the switch: one rename(2)
        syncDirectory(parent);
      }
      return target;
    } catch (ManifestWriteException e) {
      throw e;
    } catch (IOException | RuntimeException e) {
      throw new ManifestWriteException(
          file
              + ": cannot write manifests ("
              + e
              + "); check that the directory is writable. The previous file, if any, is still in"
              + " place",
          e);
    }
  }

  private static ManifestSet withoutSynthetic(ManifestSet manifests) {
    return manifests.filter(object -> !DocumentRecognizer.isSynthetic(object));
  }

  /** {@code NN-kind-namespace-name.yaml}, numbered with as many digits as the count needs. */
  static List<String> fileNames(ManifestSet manifests) {
    int width = Math.max(2, Integer.toString(manifests.size()).length());
    List<String> names = new ArrayList<>();
    int index = 1;
    for (HasMetadata object : manifests) {
      ObjectRef ref = ObjectRef.of(object);
      String stem =
          String.join("-", ref.kind(), ref.namespace().isEmpty() ? "" : ref.namespace(), ref.name())
              .toLowerCase(Locale.ROOT)
              .replaceAll("[^a-z0-9.-]+", "-")
              .replaceAll("-+", "-");
      String prefix = String.format(Locale.ROOT, "%0" + width + "d-", index++);
      names.add(fitName(prefix, stem, ".yaml"));
    }
    return names;
  }

  /**
   * {@code prefix + stem + suffix}, or, if that is longer than {@value #MAX_NAME_BYTES} bytes, the
   * stem cut short and followed by {@code -} and 8 hex digits of the full stem's SHA-256.
   */
  static String fitName(String prefix, String stem, String suffix) {
    String whole = prefix + stem + suffix;
    if (utf8Length(whole) <= MAX_NAME_BYTES) {
      return whole;
    }
    String hash = "-" + sha256(stem).substring(0, 8);
    int budget = MAX_NAME_BYTES - utf8Length(prefix + hash + suffix);
    StringBuilder kept = new StringBuilder();
    int used = 0;
    for (int i = 0; i < stem.length(); ) {
      int codePoint = stem.codePointAt(i);
      int bytes = utf8Length(new String(Character.toChars(codePoint)));
      if (used + bytes > budget) {
        break;
      }
      kept.appendCodePoint(codePoint);
      used += bytes;
      i += Character.charCount(codePoint);
    }
    return prefix + kept + hash + suffix;
  }

  /** The hidden store beside a target: {@code .<name>.gpuspec}, shortened like file names. */
  static String storeName(String targetName) {
    return fitName(".", targetName, STORE_SUFFIX);
  }

  private static int utf8Length(String text) {
    return text.getBytes(StandardCharsets.UTF_8).length;
  }

  private static String sha256(String text) {
    try {
      return HexFormat.of()
          .formatHex(
              MessageDigest.getInstance("SHA-256").digest(text.getBytes(StandardCharsets.UTF_8)));
    } catch (NoSuchAlgorithmException e) {
      throw new IllegalStateException("every Java platform has SHA-256", e);
    }
  }

  private static String newId() {
    return Long.toString(System.currentTimeMillis(), 36)
        + "-"
        + HexFormat.of().formatHex(RANDOM.generateSeed(4));
  }

  // ---------------------------------------------------------------------------------------------
  // what stands at the target

  private enum TargetKind {
    ABSENT,
    OURS,
    EMPTY_DIRECTORY,
    LEGACY_DIRECTORY
  }

  /** What is at the target; for {@link TargetKind#OURS} the version directory it names. */
  private record Target(TargetKind kind, Optional<String> version) {}

  private static Target inspectDirectoryTarget(Path target, Path store) throws IOException {
    if (!Files.exists(target, LinkOption.NOFOLLOW_LINKS)) {
      return new Target(TargetKind.ABSENT, Optional.empty());
    }
    if (Files.isSymbolicLink(target)) {
      Path link = Files.readSymbolicLink(target);
      if (!link.isAbsolute()
          && link.getNameCount() == 2
          && link.getName(0).toString().equals(store.getFileName().toString())
          && link.getName(1).toString().startsWith(VERSION)) {
        return new Target(TargetKind.OURS, Optional.of(link.getName(1).toString()));
      }
      throw new ManifestWriteException(
          target
              + " is a symbolic link to "
              + link
              + " that gpuspec did not make; gpuspec keeps the target as its own link to switch"
              + " versions atomically. Write to the directory the link points to, or remove the"
              + " link",
          null);
    }
    if (!Files.isDirectory(target, LinkOption.NOFOLLOW_LINKS)) {
      throw new ManifestWriteException(
          target + " exists and is not a directory; move it away or choose another target", null);
    }
    List<String> entries = new ArrayList<>();
    boolean legacy = true;
    try (DirectoryStream<Path> list = Files.newDirectoryStream(target)) {
      for (Path entry : list) {
        entries.add(entry.getFileName().toString());
        legacy &=
            LEGACY_FILE.matcher(entry.getFileName().toString()).matches()
                && Files.isRegularFile(entry, LinkOption.NOFOLLOW_LINKS);
      }
    }
    if (entries.isEmpty()) {
      return new Target(TargetKind.EMPTY_DIRECTORY, Optional.empty());
    }
    if (legacy) {
      return new Target(TargetKind.LEGACY_DIRECTORY, Optional.empty());
    }
    throw new ManifestWriteException(
        target
            + " is a directory gpuspec did not write (it holds "
            + entries.stream().sorted().findFirst().orElse("")
            + "); gpuspec replaces only its own output. Move the directory away or choose another"
            + " target",
        null);
  }

  private static void inspectFileTarget(Path target) throws IOException {
    if (Files.isSymbolicLink(target)) {
      throw new ManifestWriteException(
          target
              + " is a symbolic link to "
              + Files.readSymbolicLink(target)
              + "; gpuspec replaces a file by renaming a new one over it and would replace the"
              + " link. Write to the file the link points to, or remove the link",
          null);
    }
    if (Files.exists(target, LinkOption.NOFOLLOW_LINKS)
        && !Files.isRegularFile(target, LinkOption.NOFOLLOW_LINKS)) {
      throw new ManifestWriteException(
          target + " exists and is not a regular file; move it away or choose another file", null);
    }
  }

  // ---------------------------------------------------------------------------------------------
  // lock, leftovers, durable writes

  private static FileChannel openLock(Path store) throws IOException {
    return FileChannel.open(
        store.resolve(LOCK), StandardOpenOption.CREATE, StandardOpenOption.WRITE);
  }

  private static FileLock lock(FileChannel lockFile, Path target, Path store) throws IOException {
    FileLock lock;
    try {
      lock = lockFile.tryLock();
    } catch (OverlappingFileLockException e) {
      lock = null; // held by another thread of this process
    }
    if (lock == null) {
      throw new ManifestWriteException(
          target
              + ": another gpuspec run is writing it (it holds the lock "
              + store.resolve(LOCK)
              + "); wait for that run to finish, then run again",
          null);
    }
    return lock;
  }

  /**
   * Removes what earlier runs left in the store: staging directories and links of runs that were
   * killed, versions no link names any more, legacy directories moved aside. Keeps the lock and
   * {@code keep}. A version is first renamed to {@code trash-…}, so a reader that looks it up by
   * name gets it whole or not at all.
   */
  private static void removeLeftovers(Path store, Optional<String> keep) throws IOException {
    List<Path> leftovers = new ArrayList<>();
    try (DirectoryStream<Path> entries = Files.newDirectoryStream(store)) {
      for (Path entry : entries) {
        String entryName = entry.getFileName().toString();
        if (!entryName.equals(LOCK) && !keep.map(entryName::equals).orElse(false)) {
          leftovers.add(entry);
        }
      }
    }
    for (Path leftover : leftovers) {
      try {
        Path doomed = leftover;
        if (leftover.getFileName().toString().startsWith(VERSION)) {
          doomed = store.resolve("trash-" + leftover.getFileName());
          Files.move(leftover, doomed, StandardCopyOption.ATOMIC_MOVE);
        }
        deleteTree(doomed);
      } catch (IOException e) {
        // best effort: a leftover that cannot be removed now is tried again by the next run
      }
    }
  }

  private static void createLink(Path link, Path to) throws IOException {
    try {
      Files.createSymbolicLink(link, to);
    } catch (UnsupportedOperationException | FileSystemException e) {
      throw new ManifestWriteException(
          link.getParent()
              + ": cannot create a symbolic link ("
              + e
              + "), which gpuspec needs to replace a directory atomically; use a file system with"
              + " symbolic links, or write one file with ManifestWriter.writeFile",
          e);
    }
  }

  /** Flushes a directory's entries to disk where the platform allows it. */
  private static void syncDirectory(Path directory) {
    try (FileChannel channel = FileChannel.open(directory, StandardOpenOption.READ)) {
      channel.force(true);
    } catch (IOException e) {
      // some platforms cannot open or flush a directory; the rename is still atomic there
    }
  }

  /** Deletes a tree without following symbolic links (a link is deleted, not its target). */
  private static void deleteTree(Path root) throws IOException {
    if (!Files.exists(root, LinkOption.NOFOLLOW_LINKS)) {
      return;
    }
    Files.walkFileTree(
        root,
        new SimpleFileVisitor<>() {
          @Override
          public FileVisitResult visitFile(Path file, BasicFileAttributes attrs)
              throws IOException {
            Files.deleteIfExists(file);
            return FileVisitResult.CONTINUE;
          }

          @Override
          public FileVisitResult visitFileFailed(Path file, IOException e) throws IOException {
            Files.deleteIfExists(file);
            return FileVisitResult.CONTINUE;
          }

          @Override
          public FileVisitResult postVisitDirectory(Path dir, IOException e) throws IOException {
            Files.deleteIfExists(dir);
            return FileVisitResult.CONTINUE;
          }
        });
  }
}
