package io.gpuspec.core.fleet;

import java.io.Closeable;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.CharsetDecoder;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.Arrays;
import org.jspecify.annotations.Nullable;

/**
 * The lines of a UTF-8 file, read as bytes: a line ends at {@code \n}, {@code \r} or {@code \r\n}
 * (as {@link java.io.BufferedReader#readLine} splits them). A line of ASCII bytes becomes its
 * string without decoding; any other line is decoded strictly, and a byte sequence that is not
 * UTF-8 ends the reading with a {@link CharacterCodingException} at that line.
 */
final class NodeListLines implements Closeable {

  private static final int CHUNK = 1 << 20;

  private final FileChannel channel;
  private final CharsetDecoder decoder =
      StandardCharsets.UTF_8
          .newDecoder()
          .onMalformedInput(CodingErrorAction.REPORT)
          .onUnmappableCharacter(CodingErrorAction.REPORT);
  private byte[] buffer;
  private int position;
  private int limit;
  private boolean end;

  NodeListLines(Path file) throws IOException {
    this(file, CHUNK);
  }

  /** Reads {@code chunk} bytes at a time (more for a longer line). */
  NodeListLines(Path file, int chunk) throws IOException {
    channel = FileChannel.open(file, StandardOpenOption.READ);
    buffer = new byte[chunk];
  }

  /** The next line without its terminator, or null after the last one. */
  @Nullable String next() throws IOException {
    int scanned = position;
    while (true) {
      int nonAscii = 0;
      int at = scanned;
      byte[] bytes = buffer;
      int stop = limit;
      while (at < stop) {
        byte b = bytes[at];
        if (b == '\n' || b == '\r') {
          break;
        }
        nonAscii |= b;
        at++;
      }
      if (at < stop) {
        if (bytes[at] == '\r' && at + 1 == stop && !end) {
          scanned = fill(at); // is the \r followed by \n? read on to know
          continue;
        }
        String line = text(position, at, nonAscii < 0 || hasNonAscii(position, scanned));
        position = bytes[at] == '\r' && at + 1 < stop && bytes[at + 1] == '\n' ? at + 2 : at + 1;
        return line;
      }
      if (end) {
        if (position == limit) {
          return null;
        }
        String line = text(position, limit, hasNonAscii(position, limit));
        position = limit;
        return line;
      }
      scanned = fill(at);
    }
  }

  /**
   * Reads more bytes behind the line being read (moving it to the front, growing the buffer when
   * the line fills it); returns where {@code scanned} is now.
   */
  private int fill(int scanned) throws IOException {
    int kept = limit - position;
    if (position > 0) {
      System.arraycopy(buffer, position, buffer, 0, kept);
      scanned -= position;
      position = 0;
      limit = kept;
    }
    if (limit == buffer.length) {
      buffer = Arrays.copyOf(buffer, buffer.length * 2);
    }
    ByteBuffer into = ByteBuffer.wrap(buffer, limit, buffer.length - limit);
    int read = 0;
    while (read == 0) {
      read = channel.read(into);
    }
    if (read < 0) {
      end = true;
    } else {
      limit += read;
    }
    return scanned;
  }

  private boolean hasNonAscii(int from, int to) {
    for (int i = from; i < to; i++) {
      if (buffer[i] < 0) {
        return true;
      }
    }
    return false;
  }

  private String text(int from, int to, boolean nonAscii) throws CharacterCodingException {
    if (!nonAscii) {
      return new String(buffer, from, to - from, StandardCharsets.ISO_8859_1);
    }
    return decoder.decode(ByteBuffer.wrap(buffer, from, to - from)).toString();
  }

  @Override
  public void close() throws IOException {
    channel.close();
  }
}
