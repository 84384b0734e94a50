package io.gpuspec.core.manifest;

import io.gpuspec.core.report.Severity;
import java.util.Arrays;
import java.util.List;

/**
 * The findings of {@link ManifestReader}, each declared once: its id, its severity, what it
 * requires, why and how to fix it. Every finding the reader gives carries one of these ids.
 */
public enum ReadProblem {
  /** A file that cannot be read as YAML. */
  YAML001(
      Severity.ERROR,
      "Files are readable UTF-8 YAML",
      "an unreadable file or directory, a file that is not regular, text that is not UTF-8, a"
          + " character YAML forbids or a syntax error keeps the whole file from being applied",
      "make the file readable, save it as UTF-8 and fix the YAML at the line named",
      "https://yaml.org/spec/1.2.2/"),
  /** A mapping repeats a key. */
  YAML002(
      Severity.ERROR,
      "A mapping names each key once",
      "the API server's strict decoding rejects duplicate keys; lenient decoders keep one silently",
      "keep one of the entries",
      "https://kubernetes.io/docs/reference/using-api/api-concepts/#field-validation"),
  /** A field the kind does not have. */
  YAML003(
      Severity.ERROR,
      "Every field is a field of the kind",
      "the API server rejects unknown fields under strict field validation (kubectl's default) and"
          + " drops them otherwise; a near-miss or a mis-indented field is an error, any other"
          + " unknown field a warning (it may belong to a newer Kubernetes version)",
      "fix the field's spelling or indentation, or remove it",
      "https://kubernetes.io/docs/reference/using-api/api-concepts/#field-validation"),
  /** A kind gpuspec has no model for. */
  YAML004(
      Severity.WARNING,
      "Every kind is known",
      "an object of a kind gpuspec has no model for is kept but not checked",
      "check the apiVersion and kind, or add the module that knows the kind to the class path",
      "https://kubernetes.io/docs/reference/using-api/#api-groups"),
  /** A limit of the reader is exceeded. */
  YAML005(
      Severity.ERROR,
      "Files stay within the reader's limits",
      "a file beyond the size, line, key, depth, node, alias, document or finding limits is not"
          + " read, so nothing in it is checked",
      "split the file, and write values out instead of repeating them through aliases",
      "https://kubernetes.io/docs/reference/using-api/api-concepts/"),
  /** A document that is not a Kubernetes object. */
  YAML006(
      Severity.ERROR,
      "Every document is an object with apiVersion and kind",
      "the API server cannot decode a document that is not an object naming its apiVersion and"
          + " kind",
      "write a Kubernetes object with apiVersion, kind and metadata",
      "https://kubernetes.io/docs/concepts/overview/working-with-objects/#required-fields"),
  /** A value of the wrong type. */
  YAML007(
      Severity.ERROR,
      "Every value has the type its field wants",
      "the API server rejects a value of the wrong type, such as an integer label value",
      "give the value the type the field expects (see the Kubernetes API reference)",
      "https://kubernetes.io/docs/reference/kubernetes-api/"),
  /** A YAML 1.1 boolean or number where a string is needed. */
  YAML008(
      Severity.ERROR,
      "Strings YAML 1.1 reads as booleans or numbers are quoted",
      "Kubernetes decodes YAML 1.1, where an unquoted yes, on or 012 is a boolean or a number,"
          + " not the string the field wants",
      "quote the value",
      "https://yaml.org/type/bool.html");

  private final Severity severity;
  private final String title;
  private final String why;
  private final String fix;
  private final String documentation;

  ReadProblem(Severity severity, String title, String why, String fix, String documentation) {
    this.severity = severity;
    this.title = title;
    this.why = why;
    this.fix = fix;
    this.documentation = documentation;
  }

  /** The id findings carry, e.g. {@code YAML002}. */
  public String id() {
    return name();
  }

  /**
   * The severity of its findings; {@code YAML003} gives a warning instead for a field that may
   * belong to a newer Kubernetes version.
   */
  public Severity severity() {
    return severity;
  }

  /** One line saying what it requires. */
  public String title() {
    return title;
  }

  /** Why it matters. */
  public String why() {
    return why;
  }

  /** How to fix a finding, in general terms (each finding carries its own precise fix). */
  public String fix() {
    return fix;
  }

  /** The upstream documentation it traces to. */
  public String documentation() {
    return documentation;
  }

  /** Every id the reader can give, in order. */
  public static List<String> ids() {
    return Arrays.stream(values()).map(ReadProblem::id).toList();
  }
}
