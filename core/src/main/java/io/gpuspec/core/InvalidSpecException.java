package io.gpuspec.core;

import io.gpuspec.core.report.Finding;
import io.gpuspec.core.report.ObjectRef;
import java.util.List;
import java.util.Objects;
import java.util.Optional;

/**
 * Thrown by {@code build()} when a spec can never be valid. The message follows the form {@code
 * <where>: <what is wrong>; <how to fix>}, e.g. {@code deployment "llm" gpus: 3 GPUs per pod but
 * pool "a100-train" nodes have 2; request at most 2 or use a pool with larger nodes}.
 *
 * <p>Two subtypes come from the builders themselves: {@link IncompleteSpecException} (a required
 * attribute was never set) and {@link NullValueException} (a {@code null} was passed). Catch this
 * type to handle every invalid spec.
 */
public sealed class InvalidSpecException extends RuntimeException
    permits IncompleteSpecException, NullValueException {

  private static final long serialVersionUID = 1L;

  private final transient Optional<String> ruleId;
  private final transient Optional<Finding> finding;

  public InvalidSpecException(String where, String problem, String fix) {
    super(where + ": " + problem + "; " + fix);
    this.ruleId = Optional.empty();
    this.finding = Optional.empty();
  }

  /**
   * A rule's finding on the object a {@code build()} rendered: the message is {@code <object>
   * <path>: <what is wrong>; <how to fix>}, the same words the rule reports.
   */
  public InvalidSpecException(String ruleId, ObjectRef object, Finding finding) {
    super(object + " " + finding.path() + ": " + finding.message() + "; " + finding.fix());
    this.ruleId = Optional.of(ruleId);
    this.finding = Optional.of(finding);
  }

  /** A message already in the form {@code <where>: <what is wrong>; <how to fix>}. */
  InvalidSpecException(String message) {
    super(message);
    this.ruleId = Optional.empty();
    this.finding = Optional.empty();
  }

  /** Where, what is wrong and how to fix it; never null (every constructor sets it). */
  @Override
  public String getMessage() {
    return Objects.requireNonNull(super.getMessage());
  }

  /** Throws the first of {@code findings}, as {@code ruleId} reports it on {@code object}. */
  public static void requireNone(String ruleId, ObjectRef object, List<Finding> findings) {
    if (!findings.isEmpty()) {
      throw new InvalidSpecException(ruleId, object, findings.get(0));
    }
  }

  /** The id of the rule whose fact refused the spec; empty for checks of the DSL's own shape. */
  public Optional<String> ruleId() {
    return ruleId;
  }

  /** The fact's finding (field path, what is wrong, fix); empty for the DSL's own shape. */
  public Optional<Finding> finding() {
    return finding;
  }

  /** Throws when {@code condition} is false. */
  public static void require(boolean condition, String where, String problem, String fix) {
    if (!condition) {
      throw new InvalidSpecException(where, problem, fix);
    }
  }

  /**
   * Throws unless a sum or product of counts fits the int32 fields of the Kubernetes API: a value
   * the rendered object could not even hold.
   */
  public static void requireCount(String where, long value, String fix) {
    require(
        value <= Integer.MAX_VALUE,
        where,
        value + " is more than a Kubernetes count can hold (2147483647)",
        fix);
  }

  /**
   * Returns {@code value}, or throws a {@link NullValueException} naming {@code where} when it is
   * {@code null}: for the records and convenience methods of the DSL, which Immutables does not
   * guard.
   */
  public static <T> T requireValue(T value, String where) {
    if (value == null) {
      throw new NullValueException(where, "");
    }
    return value;
  }
}
