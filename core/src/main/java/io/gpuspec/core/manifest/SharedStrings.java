package io.gpuspec.core.manifest;

/**
 * The keys and short scalars of the files read, shared instead of copied once per occurrence:
 * {@code name}, {@code nvidia.com/gpu} or {@code IfNotPresent} are written in every document, and
 * each copy would be kept by the objects read (their fields, label maps and field positions) for as
 * long as the set lives. A small table of recent strings, looked up by the characters' hash; a miss
 * makes the substring and remembers it in place of what was in its slot.
 *
 * <p>One table serves every thread, without locks: a slot is one reference to an immutable string,
 * which the Java memory model publishes safely through its final fields, so two threads racing on a
 * slot only lose one entry. The table holds at most {@value #SLOTS} strings of at most {@value
 * #MAX_CHARS} characters.
 */
final class SharedStrings {

  private static final int SLOTS = 4096; // a power of two
  private static final int MAX_CHARS = 64;
  private static final String[] TABLE = new String[SLOTS];

  private SharedStrings() {}

  /** {@code text.substring(from, to)}, or an equal string read before. */
  static String of(String text, int from, int to) {
    int length = to - from;
    if (length > MAX_CHARS) {
      return text.substring(from, to);
    }
    int hash = length;
    for (int i = from; i < to; i++) {
      hash = 31 * hash + text.charAt(i);
    }
    int slot = (hash ^ (hash >>> 13)) & (SLOTS - 1);
    String known = TABLE[slot];
    if (known != null && known.length() == length && text.startsWith(known, from)) {
      return known;
    }
    String made = text.substring(from, to);
    TABLE[slot] = made;
    return made;
  }
}
