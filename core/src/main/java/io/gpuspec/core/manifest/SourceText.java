package io.gpuspec.core.manifest;

import java.io.IOException;
import java.io.InputStream;
import java.nio.ByteBuffer;
import java.nio.CharBuffer;
import java.nio.charset.CharsetDecoder;
import java.nio.charset.CoderResult;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.nio.file.AccessDeniedException;
import java.nio.file.FileSystemException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.attribute.BasicFileAttributes;
import java.util.Arrays;
import java.util.Optional;

/**
 * The text of one file: only a regular file within {@value ManifestReader#MAX_FILE_BYTES} bytes is
 * opened, read once into memory and decoded as strict UTF-8. Every reason it cannot be read (gone,
 * unreadable, a link loop, a FIFO or device, too large, another encoding) becomes one finding.
 */
final class SourceText {

  private SourceText() {}

  /** The text of a file, or empty after reporting why it cannot be read. */
  static Optional<String> load(Path file, FileFindings out) {
    BasicFileAttributes attributes;
    try {
      attributes = Files.readAttributes(file, BasicFileAttributes.class);
    } catch (IOException e) {
      fileError(file, e, out);
      return Optional.empty();
    }
    if (attributes.isDirectory()) {
      out.fileProblem(
          file,
          ReadProblem.YAML001,
          "is a symbolic link to a directory, which is not followed inside a directory",
          "give the directory it points to as a path of its own");
      return Optional.empty();
    }
    if (!attributes.isRegularFile()) {
      out.fileProblem(
          file,
          ReadProblem.YAML001,
          "is not a regular file (a FIFO, socket or device), so it is not opened",
          "give a regular file; write a stream to a file first");
      return Optional.empty();
    }
    if (attributes.size() > ManifestReader.MAX_FILE_BYTES) {
      tooLarge(file, out);
      return Optional.empty();
    }
    byte[] bytes;
    int length;
    try (InputStream in = Files.newInputStream(file)) {
      // one buffer of the size looked at, and one byte more: the size can change after it was
      // looked at, so what is read decides (at most one byte over the limit)
      bytes = new byte[(int) attributes.size() + 1];
      length = in.readNBytes(bytes, 0, bytes.length);
      if (length == bytes.length) {
        byte[] rest = in.readNBytes(ManifestReader.MAX_FILE_BYTES + 1 - length);
        bytes = Arrays.copyOf(bytes, length + rest.length);
        System.arraycopy(rest, 0, bytes, length, rest.length);
        length = bytes.length;
      }
    } catch (IOException e) {
      fileError(file, e, out);
      return Optional.empty();
    }
    if (length > ManifestReader.MAX_FILE_BYTES) {
      tooLarge(file, out);
      return Optional.empty();
    }
    return decodeUtf8(file, bytes, length, out);
  }

  private static void tooLarge(Path file, FileFindings out) {
    out.fileProblem(
        file,
        ReadProblem.YAML005,
        "the file is larger than 8 MiB (" + ManifestReader.MAX_FILE_BYTES + " bytes)",
        "split it into smaller files");
  }

  private static void fileError(Path file, IOException e, FileFindings out) {
    String what;
    String fix = "check the path exists and is readable";
    if (e instanceof AccessDeniedException) {
      what = "cannot read the file: permission denied";
      fix = "make it readable (chmod a+r), or leave it out";
    } else if (e instanceof NoSuchFileException) {
      if (Files.isSymbolicLink(file)) {
        what = "is a symbolic link to a file that does not exist";
        fix = "fix or remove the link";
      } else {
        what = "the file does not exist (or disappeared while it was being read)";
        fix = "check the path; run again once nothing is changing the files";
      }
    } else if (e instanceof FileSystemException fse
        && fse.getReason() != null
        && fse.getReason().contains("symbolic links")) {
      what = "is a symbolic link loop (" + reason(e) + ")";
      fix = "make the link point to a file";
    } else {
      what = "cannot read the file (" + reason(e) + ")";
    }
    out.fileProblem(file, ReadProblem.YAML001, what, fix);
  }

  static String reason(IOException e) {
    String reason = e instanceof FileSystemException fse ? fse.getReason() : e.getMessage();
    return Quoted.clip(reason == null || reason.isBlank() ? e.getClass().getSimpleName() : reason);
  }

  /**
   * Decodes the first {@code length} bytes as UTF-8 strictly; reports the line of the first byte
   * that is not UTF-8.
   */
  private static Optional<String> decodeUtf8(
      Path file, byte[] bytes, int length, FileFindings findings) {
    Optional<String> other = otherUnicodeEncoding(bytes, length);
    if (other.isPresent()) {
      findings.fileProblem(
          file,
          ReadProblem.YAML001,
          "the file is not UTF-8: it starts with a " + other.get() + " byte order mark",
          "save it as UTF-8");
      return Optional.empty();
    }
    if (isAscii(bytes, length)) {
      return Optional.of(new String(bytes, 0, length, StandardCharsets.ISO_8859_1));
    }
    CharsetDecoder decoder =
        StandardCharsets.UTF_8
            .newDecoder()
            .onMalformedInput(CodingErrorAction.REPORT)
            .onUnmappableCharacter(CodingErrorAction.REPORT);
    ByteBuffer in = ByteBuffer.wrap(bytes, 0, length);
    CharBuffer out = CharBuffer.allocate(length);
    CoderResult result = decoder.decode(in, out, true);
    if (!result.isError()) {
      result = decoder.flush(out);
    }
    if (result.isError()) {
      int at = in.position();
      int line = 1;
      for (int i = 0; i < at && i < length; i++) {
        if (bytes[i] == '\n') {
          line++;
        }
      }
      findings.problem(
          FileFindings.at(file, 0, line, 1),
          Wording.of(
              ReadProblem.YAML001,
              "the file is not UTF-8 (byte " + at + ", on line " + line + ")",
              "save it as UTF-8"));
      return Optional.empty();
    }
    out.flip();
    return Optional.of(out.toString());
  }

  /** Whether the bytes are all ASCII, which decodes to the same characters byte for byte. */
  private static boolean isAscii(byte[] bytes, int length) {
    for (int i = 0; i < length; i++) {
      if (bytes[i] < 0) {
        return false;
      }
    }
    return true;
  }

  private static Optional<String> otherUnicodeEncoding(byte[] b, int length) {
    if (length >= 4 && b[0] == 0 && b[1] == 0 && b[2] == (byte) 0xFE && b[3] == (byte) 0xFF) {
      return Optional.of("UTF-32");
    }
    if (length >= 4 && b[0] == (byte) 0xFF && b[1] == (byte) 0xFE && b[2] == 0 && b[3] == 0) {
      return Optional.of("UTF-32");
    }
    if (length >= 2
        && ((b[0] == (byte) 0xFE && b[1] == (byte) 0xFF)
            || (b[0] == (byte) 0xFF && b[1] == (byte) 0xFE))) {
      return Optional.of("UTF-16");
    }
    return Optional.empty();
  }
}
