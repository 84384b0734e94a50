package io.gpuspec.core.manifest;

import io.fabric8.kubernetes.api.model.IntOrString;
import io.fabric8.kubernetes.api.model.Quantity;
import io.gpuspec.core.report.Severity;
import java.util.Collection;
import java.util.Map;
import java.util.Optional;
import tools.jackson.core.JacksonException;
import tools.jackson.core.exc.InputCoercionException;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.exc.MismatchedInputException;

/**
 * The words of strict decoding's findings: a value of the wrong type (YAML007), a YAML 1.1 boolean
 * or number where a string is wanted (YAML008), and a field the model does not have (YAML003).
 */
final class DecodeWording {

  private DecodeWording() {}

  /**
   * The finding for a value the model refused: {@code value} as read, how it was written if it is a
   * plain scalar that is not a string, and the decoder's exception.
   */
  static Wording typeMismatch(
      JsonNode value, Optional<FieldPositions.Written> written, RuntimeException e) {
    Class<?> target = targetType(e);
    boolean wantsString = target != null && CharSequence.class.isAssignableFrom(target);
    boolean scalar = value.isNumber() || value.isBoolean();
    String shown = written.map(FieldPositions.Written::text).orElse(scalarText(value));
    ReadProblem id = ReadProblem.YAML007;
    String message;
    String fix = "give the value the type the field expects (see the Kubernetes API reference)";
    if (wantsString && scalar && written.map(FieldPositions.Written::yaml11).orElse(false)) {
      id = ReadProblem.YAML008;
      message =
          "the unquoted value "
              + Quoted.clip(shown)
              + " is a boolean or number in YAML 1.1, which Kubernetes decodes, but the field"
              + " wants a string";
      fix = "quote it: \"" + Quoted.clip(shown) + "\"";
    } else if (wantsString && scalar) {
      message =
          "the value "
              + Quoted.clip(shown)
              + " is a "
              + (value.isNumber() ? "number" : "boolean")
              + " where the field wants a string";
      fix = "quote it: \"" + Quoted.clip(shown) + "\"";
    } else if (value.isNumber() && isInteger(target)) {
      boolean wide = target == long.class || target == Long.class;
      message =
          "the value has the wrong type: "
              + Quoted.clip(shown)
              + " is not a "
              + (wide ? "64" : "32")
              + "-bit integer, which the field wants";
      fix =
          wide
              ? "use a whole number from -9223372036854775808 to 9223372036854775807"
              : "use a whole number from -2147483648 to 2147483647";
    } else if (target != null) {
      message =
          "the value has the wrong type: "
              + describeValue(value, shown)
              + " where the field wants "
              + describeType(target);
    } else {
      message =
          "the value has the wrong type: "
              + (e instanceof JacksonException j
                  ? Quoted.firstLine(j.getOriginalMessage())
                  : e.getClass().getSimpleName() + " " + Quoted.firstLine(e.getMessage()));
    }
    return Wording.of(id, message, fix);
  }

  private static String scalarText(JsonNode value) {
    return value.isValueNode() ? value.asString("") : "";
  }

  private static Class<?> targetType(RuntimeException e) {
    if (e instanceof MismatchedInputException m) {
      return m.getTargetType();
    }
    if (e instanceof InputCoercionException c) {
      return c.getTargetType();
    }
    return null;
  }

  private static boolean isInteger(Class<?> type) {
    return type == int.class
        || type == Integer.class
        || type == long.class
        || type == Long.class
        || type == short.class
        || type == Short.class;
  }

  private static String describeValue(JsonNode value, String shown) {
    if (value.isString()) {
      return "the string \"" + Quoted.clip(value.asString()) + "\"";
    }
    if (value.isNumber()) {
      return "the number " + Quoted.clip(shown);
    }
    if (value.isBoolean()) {
      return "the boolean " + Quoted.clip(shown);
    }
    if (value.isObject()) {
      return "a mapping";
    }
    if (value.isArray()) {
      return "a list";
    }
    return value.isNull() ? "null" : "the value";
  }

  private static String describeType(Class<?> type) {
    if (CharSequence.class.isAssignableFrom(type)) {
      return "a string";
    }
    if (isInteger(type)) {
      return type == long.class || type == Long.class ? "a 64-bit integer" : "a 32-bit integer";
    }
    if (type == boolean.class || type == Boolean.class) {
      return "true or false";
    }
    if (type == double.class
        || type == Double.class
        || type == float.class
        || type == Float.class) {
      return "a number";
    }
    if (Collection.class.isAssignableFrom(type) || type.isArray()) {
      return "a list";
    }
    if (Map.class.isAssignableFrom(type)) {
      return "a mapping";
    }
    if (type == Quantity.class) {
      return "a quantity (such as \"500m\", \"4Gi\" or 2)";
    }
    if (type == IntOrString.class) {
      return "an integer or a string";
    }
    if (type.isEnum()) {
      return "one of the values " + type.getSimpleName() + " allows";
    }
    return "an object (" + type.getSimpleName() + ")";
  }

  /**
   * Reports a field the model does not have. A near-miss of a field the object has, or a field of
   * an enclosing object (wrong indentation), is an error: kubectl's default strict field validation
   * makes the API server reject it, other clients have it dropped. Any other unknown field may be a
   * field of a Kubernetes version the model does not cover: a warning.
   */
  static Wording unknownField(String kind, String unknown, StrictDecoder.Unknown found) {
    String name = Quoted.clip(lastStep(unknown));
    String consequence =
        "the API server rejects it under strict field validation (kubectl's default),"
            + " otherwise drops it";
    if (found.nearMiss().isPresent()) {
      return new Wording(
          ReadProblem.YAML003,
          Severity.ERROR,
          Quoted.clip(kind)
              + " has no field \""
              + name
              + "\" here, but one named \""
              + Quoted.clip(found.nearMiss().get())
              + "\"; "
              + consequence,
          "spell it " + Quoted.clip(found.nearMiss().get()));
    }
    if (found.ofEnclosing().isPresent()) {
      return new Wording(
          ReadProblem.YAML003,
          Severity.ERROR,
          Quoted.clip(kind)
              + " has no field \""
              + name
              + "\" here: it is a field of an enclosing "
              + found.ofEnclosing().get()
              + "; "
              + consequence,
          "indent it under the object it belongs to");
    }
    return new Wording(
        ReadProblem.YAML003,
        Severity.WARNING,
        Quoted.clip(kind)
            + " has no field \""
            + name
            + "\" in gpuspec's model (Kubernetes "
            + StrictDecoder.MODEL_VERSION
            + "); unless the cluster's Kubernetes version"
            + " has it, "
            + consequence,
        "remove it or fix its spelling or indentation; ignore this for a field of a newer"
            + " Kubernetes version than gpuspec knows");
  }

  private static String lastStep(String pointer) {
    return JsonPointer.unescape(pointer.substring(pointer.lastIndexOf('/') + 1));
  }
}
