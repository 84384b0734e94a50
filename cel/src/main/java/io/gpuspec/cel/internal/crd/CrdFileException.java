package io.gpuspec.cel.internal.crd;

/** A user CustomResourceDefinition file that cannot be read or holds no usable schema. */
public final class CrdFileException extends Exception {

  private static final long serialVersionUID = 1L;

  public CrdFileException(String message) {
    super(message);
  }

  /** The message the constructor sets: never {@code null}. */
  @Override
  public String getMessage() {
    return String.valueOf(super.getMessage());
  }
}
