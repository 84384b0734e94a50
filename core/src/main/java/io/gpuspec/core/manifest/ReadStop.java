package io.gpuspec.core.manifest;

/**
 * Why {@link YamlTree} stopped reading a file: where (line and column), what and how to fix it.
 * {@link LimitExceeded} is a limit of {@link ManifestReader}; {@link Invalid} is YAML the parser
 * accepts but the reader does not (aliases, cycles, escapes kubectl rejects).
 */
abstract class ReadStop extends RuntimeException {
  private static final long serialVersionUID = 1L;
  final int line;
  final int column;
  final String fix;
  private final String message;

  private ReadStop(long at, String message, String fix) {
    super(message, null, false, false);
    this.line = Positions.line(at);
    this.column = Positions.column(at);
    this.fix = fix;
    this.message = message;
  }

  @Override
  public String getMessage() {
    return message; // never null: always constructed with one
  }

  /** A limit of {@link ManifestReader} was exceeded; the file is not read further. */
  static final class LimitExceeded extends ReadStop {
    private static final long serialVersionUID = 1L;

    LimitExceeded(long at, String message, String fix) {
      super(at, message, fix);
    }
  }

  /** The stream is not valid YAML in a way the parser does not check (aliases, cycles). */
  static final class Invalid extends ReadStop {
    private static final long serialVersionUID = 1L;

    Invalid(long at, String message, String fix) {
      super(at, message, fix);
    }
  }
}
