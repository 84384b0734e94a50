package io.gpuspec.core.manifest;

import io.fabric8.kubernetes.api.model.HasMetadata;
import io.gpuspec.core.report.ObjectRef;
import io.gpuspec.core.report.Severity;
import io.gpuspec.core.report.SourceLocation;
import io.gpuspec.core.report.Violation;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import tools.jackson.databind.JsonNode;

/**
 * What reading one file (or listing one directory) has produced: the objects decoded and the
 * findings, at most {@value ManifestReader#MAX_FINDINGS_PER_FILE} of them plus one that counts the
 * rest. Nothing leaves it before the file is done: a file over a limit keeps only the one finding
 * that names the limit. Each file has its own, so files can be read independently and their results
 * merged in order.
 */
final class FileFindings {

  private static final ObjectRef NO_OBJECT = new ObjectRef("", "", "", "-");

  /** An object decoded from the file, where it starts and where its fields are (or null). */
  record Kept(HasMetadata object, SourceLocation source, FieldPositions fields) {}

  private final List<Kept> objects = new ArrayList<>();
  private final List<Violation> problems = new ArrayList<>();
  private int droppedFindings;
  private Severity droppedSeverity;
  private Path droppedFile;

  /** Keeps a decoded object, where it starts and where its fields are (null if unknown). */
  void keep(HasMetadata object, SourceLocation source, FieldPositions fields) {
    objects.add(new Kept(object, source, fields));
  }

  /** A finding about the file (or a document of it) rather than about an object's field. */
  void problem(SourceLocation at, Wording wording) {
    record(
        new Violation(
            wording.problem().id(),
            wording.severity(),
            NO_OBJECT,
            "<root>",
            wording.message(),
            wording.fix(),
            Optional.of(at)));
  }

  /** A finding about the file as a whole, on its first line. */
  void fileProblem(Path file, ReadProblem problem, String message, String fix) {
    problem(at(file, 0, 1, 1), Wording.of(problem, message, fix));
  }

  /** Where a file-level finding is: the document index is never negative. */
  static SourceLocation at(Path file, int document, int line, int column) {
    return new SourceLocation(file, Math.max(document, 0), line, column);
  }

  /** A finding on a value of an object read from the file. */
  void add(ObjectAt where, Wording wording) {
    JsonNode object = where.object();
    JsonNode meta = object.path("metadata");
    record(
        new Violation(
            wording.problem().id(),
            wording.severity(),
            new ObjectRef(
                refText(object.path("apiVersion")),
                refText(object.path("kind")),
                refText(meta.path("namespace")),
                meta.path("name").isValueNode() && !meta.path("name").isNull()
                    ? refText(meta.path("name"))
                    : "-"),
            where.path(),
            wording.message(),
            wording.fix(),
            Optional.of(where.source())));
  }

  /** Drops everything the file has produced and reports the one limit it broke. */
  void reject(SourceLocation at, String message, String fix) {
    objects.clear();
    problems.clear();
    droppedFindings = 0;
    problem(at, Wording.of(ReadProblem.YAML005, message, fix));
  }

  /** Counts a finding that is not listed (beyond the per-file limit). */
  void countDropped(Severity severity, Path file) {
    droppedFindings++;
    droppedFile = file;
    if (droppedSeverity == null || severity == Severity.ERROR) {
      droppedSeverity = severity;
    }
  }

  /** Hands the file's objects and findings on, with one finding counting those not listed. */
  void finishInto(ManifestSet.Builder into, List<Violation> findings) {
    objects.forEach(k -> into.add(k.object(), k.source(), k.fields()));
    findings.addAll(problems);
    if (droppedFindings > 0) {
      findings.add(
          new Violation(
              ReadProblem.YAML005.id(),
              droppedSeverity,
              NO_OBJECT,
              "<root>",
              droppedFindings
                  + " more findings in this file are not listed (at most "
                  + ManifestReader.MAX_FINDINGS_PER_FILE
                  + " per file)",
              "fix the findings above and read the file again",
              Optional.of(new SourceLocation(droppedFile, 0, 1))));
    }
  }

  private static String refText(JsonNode value) {
    return value.isValueNode() && !value.isNull() ? Quoted.clip(value.asString("")) : "";
  }

  private void record(Violation violation) {
    if (problems.size() < ManifestReader.MAX_FINDINGS_PER_FILE) {
      problems.add(violation);
      return;
    }
    countDropped(
        violation.severity(), violation.source().map(SourceLocation::file).orElse(Path.of("-")));
  }
}
