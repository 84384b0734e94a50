package io.gpuspec.core.internal;

import io.gpuspec.core.report.Severity;
import io.gpuspec.core.spi.RuleInfo;
import java.util.List;

/**
 * The metadata of the reader's findings, YAML001–YAML008 (see {@code ManifestReader}), which no
 * rule class carries; listed through {@link CoreModule#findingIds()}.
 */
final class ReaderFindings {

  private static final String OBJECTS =
      "https://kubernetes.io/docs/concepts/overview/working-with-objects/";

  static final List<RuleInfo> ALL =
      List.of(
          info(
              "YAML001",
              Severity.ERROR,
              "Every file reads as YAML",
              "An unreadable file or directory, a file that is not UTF-8, a character YAML forbids"
                  + " or a syntax error: nothing in it can be applied or checked.",
              "Fix the file at the line the finding names."),
          info(
              "YAML002",
              Severity.ERROR,
              "A mapping has each key once",
              "A repeated key is an error for the API server's strict decoding, and tools disagree"
                  + " on which value wins.",
              "Remove one of the two keys."),
          info(
              "YAML003",
              Severity.ERROR,
              "Every field belongs to the object's kind",
              "The API server drops or rejects a field its kind does not have, so a misspelt"
                  + " field silently does nothing (a warning when it may be a field of a newer"
                  + " Kubernetes version).",
              "Spell the field as the kind's schema does, at the level it belongs to."),
          info(
              "YAML004",
              Severity.WARNING,
              "Every kind is one gpuspec models",
              "An object of a kind gpuspec has no model for is kept but not checked.",
              "Check the apiVersion and kind, or add the module that models the kind."),
          info(
              "YAML005",
              Severity.ERROR,
              "A file stays within the reader's limits",
              "A file over the size, depth, alias or document limits is not read, so that hostile"
                  + " input cannot exhaust memory or time; none of its objects are checked.",
              "Split the file, or remove the deep nesting or aliases."),
          info(
              "YAML006",
              Severity.ERROR,
              "Every document is an object with apiVersion and kind",
              "A document that is not a Kubernetes object (and that no module recognises) cannot"
                  + " be applied.",
              "Add apiVersion and kind, or remove the document."),
          info(
              "YAML007",
              Severity.ERROR,
              "Every value has the type its field needs",
              "The API server rejects a value of the wrong type, e.g. an integer label value.",
              "Write the value in the field's type, e.g. quote a string."),
          info(
              "YAML008",
              Severity.ERROR,
              "A string is not written as a YAML 1.1 bool or number",
              "An unquoted yes, on or 012 reads as a bool or number in YAML 1.1 parsers where the"
                  + " field needs a string.",
              "Quote the value."));

  private ReaderFindings() {}

  private static RuleInfo info(String id, Severity severity, String title, String why, String fix) {
    return RuleInfo.builder()
        .id(id)
        .severity(severity)
        .title(title)
        .why(why)
        .fix(fix)
        .addKinds("*")
        .documentation(OBJECTS)
        .build();
  }
}
