package io.gpuspec.core.manifest;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.AtomicMoveNotSupportedException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.util.UUID;

/**
 * Writes one text file atomically: readers see the old file or the whole new one, never a part. The
 * file gets the permissions the process's umask gives any new file (a temporary file made by {@link
 * Files#createTempFile} would be readable by its owner only).
 */
public final class TextFiles {

  private TextFiles() {}

  /**
   * Replaces {@code file} with {@code text} in UTF-8, creating its directory if needed.
   *
   * @throws IOException if it cannot be written; the old file, if any, is then still in place
   */
  public static Path write(Path file, String text) throws IOException {
    Path target = file.toAbsolutePath().normalize();
    Path directory = target.getParent();
    if (directory == null || target.getFileName() == null) {
      throw new IOException(file + " is not a file name");
    }
    Files.createDirectories(directory);
    Path temp = directory.resolve("." + target.getFileName() + ".tmp-" + UUID.randomUUID());
    try {
      writeNew(temp, text);
      try {
        Files.move(temp, target, StandardCopyOption.ATOMIC_MOVE);
      } catch (AtomicMoveNotSupportedException e) {
        Files.move(temp, target, StandardCopyOption.REPLACE_EXISTING);
      }
    } finally {
      Files.deleteIfExists(temp);
    }
    return target;
  }

  /** Writes {@code text} to a file that must not exist yet, and flushes it to disk. */
  static void writeNew(Path file, String text) throws IOException {
    ByteBuffer bytes = ByteBuffer.wrap(text.getBytes(StandardCharsets.UTF_8));
    try (FileChannel channel =
        FileChannel.open(file, StandardOpenOption.CREATE_NEW, StandardOpenOption.WRITE)) {
      while (bytes.hasRemaining()) {
        channel.write(bytes);
      }
      channel.force(true);
    }
  }
}
