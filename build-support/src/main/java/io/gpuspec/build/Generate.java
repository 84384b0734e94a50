package io.gpuspec.build;

import io.gpuspec.core.Fleet;
import io.gpuspec.core.Platform;
import io.gpuspec.core.check.Gpuspec;
import io.gpuspec.core.manifest.ManifestWriteException;
import io.gpuspec.core.report.Report;
import io.gpuspec.core.report.Violation;
import java.net.URLClassLoader;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.stream.Collectors;

/**
 * The generate goal: finds the project's spec classes, renders each platform, checks it with every
 * rule of every module the project has (pools known, warnings as errors, and the fleet check when a
 * fleet is given), and only when nothing fails the build writes each platform atomically into
 * {@code <outputDirectory>/<spec-name>/}, one file per object.
 */
public final class Generate {

  /**
   * What to generate.
   *
   * @param classPath the project's compiled classes and runtime class path
   * @param toolLoader the plugin's class loader, which holds gpuspec-core
   * @param specClasses spec class names; empty to find them with {@link java.util.ServiceLoader}
   * @param outputDirectory where each spec's directory goes
   * @param fleet a fleet file to also check schedulability against
   * @param policy when findings fail the build
   */
  public record Request(
      List<Path> classPath,
      ClassLoader toolLoader,
      List<String> specClasses,
      Path outputDirectory,
      Optional<Path> fleet,
      FailurePolicy policy) {

    public Request {
      classPath = List.copyOf(classPath);
      specClasses = List.copyOf(specClasses);
    }
  }

  private Generate() {}

  /**
   * Runs the goal, logging every finding and what was written.
   *
   * @throws BuildException when a spec cannot be run or the output cannot be written
   */
  public static BuildOutcome run(Request request, BuildLog log) {
    return ProjectRun.in(
        request.classPath(), request.toolLoader(), false, loader -> run(request, loader, log));
  }

  private static BuildOutcome run(Request request, URLClassLoader loader, BuildLog log) {
    Gpuspec gpuspec = ProjectRun.registry(loader);
    log.info(ProjectRun.describe(gpuspec));
    Optional<Fleet> fleet =
        request.fleet().map(file -> FleetFile.read(gpuspec, List.of(file), log));
    List<SpecClasses.Spec> specs = SpecClasses.load(loader, request.specClasses());
    requireDistinctDirectories(specs, request.outputDirectory());

    Map<SpecClasses.Spec, Report> reports = new LinkedHashMap<>();
    for (SpecClasses.Spec spec : specs) {
      Report report = check(gpuspec, spec.platform(), fleet);
      FindingsLog.log(report, request.policy(), log);
      reports.put(spec, report);
    }
    Report all = merge(reports.values());
    List<Violation> failing = all.violations().stream().filter(request.policy()::fails).toList();
    if (!failing.isEmpty()) {
      return new BuildOutcome(
          all,
          true,
          "gpuspec: "
              + failing.size()
              + (failing.size() == 1 ? " finding fails" : " findings fail")
              + " the build ("
              + failing.stream()
                  .map(v -> v.ruleId() + " " + v.object())
                  .distinct()
                  .limit(10)
                  .collect(Collectors.joining(", "))
              + "); nothing was written to "
              + request.outputDirectory()
              + "; fix the spec, or silence one rule on one object with the annotation"
              + " gpuspec.io/ignore-check.<RULE-ID>: \"<reason>\"");
    }
    for (Map.Entry<SpecClasses.Spec, Report> entry : reports.entrySet()) {
      write(gpuspec, entry.getKey(), entry.getValue(), request.outputDirectory(), log);
    }
    return new BuildOutcome(
        all,
        false,
        "gpuspec: generated "
            + specs.size()
            + (specs.size() == 1 ? " platform" : " platforms")
            + " into "
            + request.outputDirectory());
  }

  /** Every rule, pools known and strict; with a fleet, also whether every pod can schedule. */
  private static Report check(Gpuspec gpuspec, Platform platform, Optional<Fleet> fleet) {
    Report report = gpuspec.check(platform);
    if (fleet.isEmpty()) {
      return report;
    }
    List<Violation> all = new ArrayList<>(report.violations());
    all.addAll(gpuspec.checkFleet(fleet.get(), gpuspec.manifests(platform)).violations());
    return new Report(all, report.objectsChecked(), report.rulesChecked());
  }

  private static Report merge(Iterable<Report> reports) {
    List<Violation> all = new ArrayList<>();
    int objects = 0;
    int rules = 0;
    for (Report report : reports) {
      all.addAll(report.violations());
      objects += report.objectsChecked();
      rules = Math.max(rules, report.rulesChecked());
    }
    return new Report(all, objects, rules);
  }

  private static void write(
      Gpuspec gpuspec, SpecClasses.Spec spec, Report report, Path output, BuildLog log) {
    Path directory = output.resolve(spec.directoryName());
    try {
      gpuspec.write(spec.platform(), directory);
    } catch (ManifestWriteException e) {
      throw new BuildException(e.getMessage(), e);
    }
    log.info(
        "gpuspec: "
            + spec.className()
            + ": wrote "
            + spec.platform().manifests().size()
            + (spec.platform().manifests().size() == 1 ? " object to " : " objects to ")
            + directory
            + "; checked "
            + report.summary());
    if (!report.violations().isEmpty()) {
      log.warn(
          "gpuspec: "
              + spec.className()
              + ": written with the findings above, which do not fail this build"
              + " (gpuspec.failOnViolation or gpuspec.severity)");
    }
  }

  private static void requireDistinctDirectories(List<SpecClasses.Spec> specs, Path output) {
    Map<String, String> byDirectory = new HashMap<>();
    for (SpecClasses.Spec spec : specs) {
      String other = byDirectory.put(spec.directoryName(), spec.className());
      if (other != null) {
        throw new BuildException(
            "spec classes " + other + " and " + spec.className(),
            "both would write to " + output.resolve(spec.directoryName()),
            other.equals(spec.className())
                ? "name each spec class once"
                : "rename one of them (the directory is the simple class name in kebab case)");
      }
    }
  }
}
