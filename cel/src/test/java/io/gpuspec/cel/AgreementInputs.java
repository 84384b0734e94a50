package io.gpuspec.cel;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;

/**
 * What the agreement properties share: a rule's fire and quiet files, checked against the exported
 * policy one by one, and workload objects built around a pod spec.
 */
final class AgreementInputs {

  private AgreementInputs() {}

  /** The rule's YAML test files in {@code directory}, sorted. */
  static List<Path> ruleFiles(Path directory) throws IOException {
    try (Stream<Path> list = Files.list(directory)) {
      return list.filter(p -> p.toString().endsWith(".yaml")).sorted().toList();
    }
  }

  /**
   * How many of {@code files} the rule fires on; each file is checked for agreement between the
   * rule and its exported policy ({@link ExportAgreementProperties#agrees}).
   */
  static int fired(String ruleId, List<Path> files) throws IOException {
    int fired = 0;
    for (Path file : files) {
      fired += ExportAgreementProperties.agrees(ruleId, Files.readString(file)) ? 1 : 0;
    }
    return fired;
  }

  /**
   * A Pod, Deployment, DaemonSet, Job or CronJob (any other kind) with metadata {@code head} whose
   * pod spec is {@code spec}; templates carry the labels {@code {app: w}} and then {@code
   * templateMetadata} (e.g. {@code ", annotations: {...}"}).
   */
  static String workload(String kind, String head, String templateMetadata, String spec) {
    String template = "{metadata: {labels: {app: w}" + templateMetadata + "}, spec: " + spec + "}";
    return switch (kind) {
      case "Pod" -> "apiVersion: v1\nkind: Pod\n" + head + "spec: " + spec + "\n";
      case "Deployment", "DaemonSet" ->
          "apiVersion: apps/v1\nkind: "
              + kind
              + "\n"
              + head
              + "spec: {selector: {matchLabels: {app: w}}, template: "
              + template
              + "}\n";
      case "Job" ->
          "apiVersion: batch/v1\nkind: Job\n" + head + "spec: {template: " + template + "}\n";
      default ->
          "apiVersion: batch/v1\nkind: CronJob\n"
              + head
              + "spec: {schedule: \"0 * * * *\", jobTemplate: {spec: {template: "
              + template
              + "}}}\n";
    };
  }
}
