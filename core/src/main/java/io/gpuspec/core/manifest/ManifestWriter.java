package io.gpuspec.core.manifest;

import io.fabric8.kubernetes.api.model.HasMetadata;
import io.gpuspec.core.report.ObjectRef;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.AtomicMoveNotSupportedException;
import java.nio.file.FileVisitResult;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.SimpleFileVisitor;
import java.nio.file.StandardCopyOption;
import java.nio.file.attribute.BasicFileAttributes;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * Writes manifests atomically: a directory with one file per object ({@code 01-namespace-ml.yaml},
 * numbered in canonical order so {@code kubectl apply -f DIR} applies them in order), or one
 * multi-document file. Everything is written beside the target first and moved into place at the
 * end, so a failure never leaves a half-written set behind.
 */
public final class ManifestWriter {

  private ManifestWriter() {}

  /**
   * Replaces {@code directory} with one YAML file per object and returns the files written. Objects
   * a {@link DocumentRecognizer} made from non-Kubernetes documents are never written.
   *
   * @throws ManifestWriteException if it cannot be written; the old directory is then untouched
   */
  public static List<Path> write(ManifestSet all, Path directory) {
    ManifestSet manifests = withoutSynthetic(all);
    Path target = directory.toAbsolutePath().normalize();
    Path temp = null;
    try {
      Files.createDirectories(target.getParent());
      temp = Files.createTempDirectory(target.getParent(), "." + target.getFileName() + ".tmp-");
      List<String> names = fileNames(manifests);
      for (int i = 0; i < manifests.size(); i++) {
        Files.writeString(
            temp.resolve(names.get(i)),
            YamlRenderer.render(manifests.objects().get(i)),
            StandardCharsets.UTF_8);
      }
      replaceDirectory(temp, target);
      temp = null;
      return names.stream().map(target::resolve).toList();
    } catch (IOException | RuntimeException e) {
      deleteQuietly(temp);
      throw new ManifestWriteException(
          directory
              + ": cannot write manifests ("
              + e
              + "); check that the parent directory exists and is writable, and that no file"
              + " stands in the way",
          e);
    }
  }

  /**
   * Replaces {@code file} with all objects as one multi-document YAML file, leaving out objects a
   * {@link DocumentRecognizer} made.
   */
  public static Path writeFile(ManifestSet all, Path file) {
    ManifestSet manifests = withoutSynthetic(all);
    Path target = file.toAbsolutePath().normalize();
    Path temp = null;
    try {
      Files.createDirectories(target.getParent());
      temp = Files.createTempFile(target.getParent(), "." + target.getFileName() + ".tmp-", "");
      Files.writeString(temp, YamlRenderer.render(manifests), StandardCharsets.UTF_8);
      move(temp, target);
      return target;
    } catch (IOException | RuntimeException e) {
      deleteQuietly(temp);
      throw new ManifestWriteException(
          file + ": cannot write manifests (" + e + "); check that the directory is writable", e);
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
      names.add(String.format(Locale.ROOT, "%0" + width + "d-%s.yaml", index++, stem));
    }
    return names;
  }

  /** Moves the old directory aside, the new one into place, then deletes the old one. */
  private static void replaceDirectory(Path fresh, Path target) throws IOException {
    if (Files.exists(target) && !Files.isDirectory(target)) {
      throw new IOException(target + " exists and is not a directory");
    }
    Path old = null;
    if (Files.exists(target)) {
      old = Files.createTempDirectory(target.getParent(), "." + target.getFileName() + ".old-");
      Files.delete(old);
      move(target, old);
    }
    try {
      move(fresh, target);
    } catch (IOException e) {
      if (old != null) {
        move(old, target);
      }
      throw e;
    }
    deleteQuietly(old);
  }

  private static void move(Path from, Path to) throws IOException {
    try {
      Files.move(from, to, StandardCopyOption.ATOMIC_MOVE);
    } catch (AtomicMoveNotSupportedException e) {
      Files.move(from, to, StandardCopyOption.REPLACE_EXISTING);
    }
  }

  private static void deleteQuietly(Path path) {
    if (path == null || !Files.exists(path)) {
      return;
    }
    try {
      Files.walkFileTree(
          path,
          new SimpleFileVisitor<>() {
            @Override
            public FileVisitResult visitFile(Path file, BasicFileAttributes attrs)
                throws IOException {
              Files.delete(file);
              return FileVisitResult.CONTINUE;
            }

            @Override
            public FileVisitResult postVisitDirectory(Path dir, IOException e) throws IOException {
              Files.delete(dir);
              return FileVisitResult.CONTINUE;
            }
          });
    } catch (IOException e) {
      // best effort: a leftover temp directory is hidden and harmless
    }
  }
}
