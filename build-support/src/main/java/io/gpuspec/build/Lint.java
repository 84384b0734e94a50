package io.gpuspec.build;

import io.gpuspec.core.Fleet;
import io.gpuspec.core.InvalidSpecException;
import io.gpuspec.core.TargetVersions;
import io.gpuspec.core.check.CheckOptions;
import io.gpuspec.core.check.Gpuspec;
import io.gpuspec.core.manifest.ReadResult;
import io.gpuspec.core.registry.KindEntry;
import io.gpuspec.core.registry.KindsFile;
import io.gpuspec.core.registry.KindsFileException;
import io.gpuspec.core.report.Report;
import io.gpuspec.core.report.SourceLocation;
import io.gpuspec.core.report.Violation;
import io.gpuspec.core.report.format.HtmlReport;
import io.gpuspec.core.spi.InputFileException;
import io.gpuspec.core.spi.Rule;
import java.net.URLClassLoader;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.stream.Collectors;

/**
 * The lint goal: reads the YAML and JSON files under the directories, checks them with every rule
 * of every module the plugin bundles and of those on the project's class path (a team's own rules),
 * and with the fleet check when a fleet is given; logs each finding with {@code file:line:column}
 * and writes {@code gpuspec-lint.sarif} and {@code TEST-gpuspec-lint.xml} into the reports
 * directory.
 */
public final class Lint {

  /** The report formats written when a build names none: {@code sarif} and {@code junit}. */
  public static final List<String> DEFAULT_FORMATS = ReportFiles.DEFAULT_FORMATS;

  /** The base name of the report files. */
  public static final String REPORT_NAME = "gpuspec-lint";

  /**
   * What to lint.
   *
   * @param classPath the project's compiled classes and runtime class path (for its own modules)
   * @param toolLoader the plugin's class loader, which holds gpuspec-core and the bundled modules
   * @param baseDirectory the project directory, which report file names are relative to
   * @param directories where to look for files
   * @param includes glob patterns relative to each directory, see {@link LintFiles}
   * @param fleet a fleet file to also check schedulability against
   * @param policy when findings fail the build
   * @param reportsDirectory where the SARIF and JUnit XML files go
   * @param crds CustomResourceDefinition files or directories of the project's own kinds
   * @param kinds kinds files: where the project's own kinds keep their pod templates
   * @param kueueConfig the Kueue manager's Configuration file, which decides what ClusterQueue
   *     quotas must cover
   * @param target the versions of the cluster's components, as {@code TargetVersions.parse} reads
   *     them ({@code kubernetes=1.33,kueue=0.20}); the newest bundled when absent
   */
  public record Request(
      List<Path> classPath,
      ClassLoader toolLoader,
      Path baseDirectory,
      List<Path> directories,
      List<String> includes,
      Optional<Path> fleet,
      FailurePolicy policy,
      Path reportsDirectory,
      List<Path> crds,
      List<Path> kinds,
      Optional<Path> kueueConfig,
      Optional<String> target) {

    /** A request checked against the newest bundled versions. */
    public Request(
        List<Path> classPath,
        ClassLoader toolLoader,
        Path baseDirectory,
        List<Path> directories,
        List<String> includes,
        Optional<Path> fleet,
        FailurePolicy policy,
        Path reportsDirectory,
        List<Path> crds,
        List<Path> kinds,
        Optional<Path> kueueConfig) {
      this(
          classPath,
          toolLoader,
          baseDirectory,
          directories,
          includes,
          fleet,
          policy,
          reportsDirectory,
          crds,
          kinds,
          kueueConfig,
          Optional.empty());
    }

    public Request {
      classPath = List.copyOf(classPath);
      crds = List.copyOf(crds);
      kinds = List.copyOf(kinds);
      directories = List.copyOf(directories);
      includes = List.copyOf(includes);
    }
  }

  private Lint() {}

  /** The check input the Kueue configuration file is given as (read by gpuspec-scheduling). */
  public static final String KUEUE_CONFIG = "kueue-config";

  /** The entries of the kinds files; a bad file is a {@link BuildException} naming it. */
  private static List<KindEntry> declaredKinds(List<Path> files) {
    List<KindEntry> entries = new ArrayList<>();
    for (Path file : files) {
      try {
        entries.addAll(KindsFile.read(file));
      } catch (KindsFileException e) {
        throw new BuildException("gpuspec: kinds file " + e.getMessage(), e);
      }
    }
    return entries;
  }

  /**
   * Runs the goal, writing the SARIF and JUnit XML reports.
   *
   * @throws BuildException when the fleet file or the Kueue configuration is unusable, or the
   *     reports cannot be written
   */
  public static BuildOutcome run(Request request, BuildLog log) {
    return run(request, List.of(), log);
  }

  /**
   * Runs the goal, writing the reports of {@code formats}: {@code sarif} ({@value #REPORT_NAME}
   * .sarif), {@code junit} (TEST-{@value #REPORT_NAME}.xml) and {@code html} ({@value
   * #REPORT_NAME}.html, the capacity report page; its pools and gangs need a fleet); the first two
   * when empty.
   *
   * @throws BuildException when a format is unknown, the fleet file or the Kueue configuration is
   *     unusable, or the reports cannot be written
   */
  public static BuildOutcome run(Request request, List<String> formats, BuildLog log) {
    List<String> checked = ReportFiles.formats(formats);
    return ProjectRun.in(
        request.classPath(),
        request.toolLoader(),
        true,
        loader -> run(request, checked, loader, log));
  }

  private static BuildOutcome run(
      Request request, List<String> formats, URLClassLoader loader, BuildLog log) {
    List<Path> files = LintFiles.find(request.directories(), request.includes(), log);
    Gpuspec gpuspec = ProjectRun.registry(loader).withKinds(declaredKinds(request.kinds()));
    log.info(ProjectRun.describe(gpuspec));
    CheckOptions.Builder options = CheckOptions.builder().addAllCrdFiles(request.crds());
    Optional<Fleet> fleet =
        request.fleet().map(file -> FleetFile.read(gpuspec, List.of(file), log));
    fleet.ifPresent(options::fleet);
    request.kueueConfig().ifPresent(file -> options.putInput(KUEUE_CONFIG, file));
    if (request.target().isPresent()) {
      try {
        options.target(TargetVersions.parse(request.target().get()));
      } catch (InvalidSpecException e) {
        throw new BuildException("gpuspec: " + e.getMessage(), e);
      }
    }
    ReadResult read = gpuspec.read(files);
    Report report;
    try {
      report = gpuspec.lint(read, options.build());
    } catch (InputFileException e) {
      throw new BuildException("gpuspec: Kueue configuration " + e.getMessage(), e);
    }
    FindingsLog.log(report, request.policy(), log);
    List<Path> written =
        ReportFiles.write(
            request.reportsDirectory(),
            REPORT_NAME,
            report,
            gpuspec.rules().stream().map(Rule::info).toList(),
            files,
            request.policy(),
            request.baseDirectory(),
            formats,
            () ->
                HtmlReport.render(
                    request.baseDirectory().getFileName() + " (gpuspec lint)",
                    read.manifests(),
                    report,
                    fleet.map(f -> gpuspec.checkFleet(f, read.manifests()))));
    log.info(
        "gpuspec: linted "
            + files.size()
            + (files.size() == 1 ? " file: " : " files: ")
            + report.summary()
            + "; reports "
            + written.stream().map(Path::toString).collect(Collectors.joining(", ")));
    if (!request.policy().fails(report)) {
      return new BuildOutcome(report, false, "gpuspec: lint passed, " + report.summary());
    }
    List<Violation> failing = report.violations().stream().filter(request.policy()::fails).toList();
    return new BuildOutcome(
        report,
        true,
        "gpuspec: "
            + failing.size()
            + (failing.size() == 1 ? " finding fails" : " findings fail")
            + " the build, in "
            + failing.stream()
                .map(
                    v ->
                        v.source()
                            .map(SourceLocation::file)
                            .map(Path::toString)
                            .orElse(v.object().toString()))
                .distinct()
                .collect(Collectors.joining(", "))
            + "; fix the findings above, or silence one rule on one object with the"
            + " annotation gpuspec.io/ignore-check.<RULE-ID>: \"<reason>\"");
  }
}
