package io.gpuspec.core.spi;

import java.nio.file.Path;

/**
 * A named input file of a check ({@link io.gpuspec.core.check.CheckOptions#inputs()}) that a module
 * cannot use: it cannot be read, does not parse, or a field is wrong. The message has the form
 * {@code <file> <field>: <what is wrong>; <how to fix>}. A rule that reads the file throws it; the
 * check then stops with it instead of reporting findings on objects the file is not about.
 */
public final class InputFileException extends RuntimeException {

  private static final long serialVersionUID = 1L;

  private final transient Path file;

  /** The file {@code file} is wrong at {@code field}. */
  public InputFileException(Path file, String field, String message, String fix) {
    super(file + (field.isEmpty() ? "" : " " + field) + ": " + message + "; " + fix);
    this.file = file;
  }

  /** The file {@code file} is wrong at {@code field}, found through {@code cause}. */
  public InputFileException(Path file, String field, String message, String fix, Throwable cause) {
    super(file + (field.isEmpty() ? "" : " " + field) + ": " + message + "; " + fix, cause);
    this.file = file;
  }

  /** The file that is wrong. */
  public Path file() {
    return file;
  }
}
