package io.gpuspec.core.manifest;

/** A 1-based line and column packed into one long: the line in the high half. */
final class Positions {

  private Positions() {}

  static long position(int line, int column) {
    return ((long) line << 32) | (column & 0xFFFF_FFFFL);
  }

  static int line(long position) {
    return (int) (position >>> 32);
  }

  static int column(long position) {
    return (int) position;
  }
}
