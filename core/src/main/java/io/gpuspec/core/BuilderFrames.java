package io.gpuspec.core;

import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Names the DSL value whose generated code threw, for the messages of {@link
 * IncompleteSpecException} and {@link NullValueException}: the frame of {@code
 * ImmutableNodePool.Builder} reads "node pool builder", that of {@code ImmutableTfJob} "tf job".
 */
final class BuilderFrames {

  private static final Pattern GENERATED =
      Pattern.compile("(?:.*\\.)?Immutable([A-Z][A-Za-z0-9]*)(\\$Builder)?");
  private static final Pattern WORD_START = Pattern.compile("(?<=[a-z0-9])(?=[A-Z])");

  private BuilderFrames() {}

  /**
   * The value type (and "builder") of the nearest generated frame, else "spec". The generated null
   * check is a static helper of the value class, so its frame is skipped for the caller's.
   */
  static String where() {
    return StackWalker.getInstance()
        .walk(
            frames ->
                frames
                    .filter(frame -> !frame.getMethodName().equals("requireNonNull"))
                    .map(StackWalker.StackFrame::getClassName)
                    .map(GENERATED::matcher)
                    .filter(Matcher::matches)
                    .findFirst())
        .map(m -> words(m.group(1)) + (m.group(2) == null ? "" : " builder"))
        .orElse("spec");
  }

  /** {@code NodePool} as {@code node pool}. */
  static String words(String typeName) {
    return WORD_START.matcher(typeName).replaceAll(" ").toLowerCase(Locale.ROOT);
  }
}
