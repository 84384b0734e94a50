package io.gpuspec.examples;

import io.gpuspec.core.Platform;
import io.gpuspec.core.check.Gpuspec;
import io.gpuspec.core.manifest.ManifestSet;
import io.gpuspec.core.manifest.TextFiles;
import io.gpuspec.core.report.Report;
import io.gpuspec.core.report.format.HtmlReport;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.util.Optional;

/**
 * The main job's capacity report: the platform's manifests checked against its own pools, drawn as
 * one self-contained page, {@value #FILE}, beside the manifests directory.
 */
final class CapacityReportPage {

  /** The page's file name. */
  static final String FILE = "report.html";

  private CapacityReportPage() {}

  /** Writes the page beside {@code manifests}, atomically, and returns its path. */
  static Path write(Gpuspec gpuspec, Platform platform, Report findings, Path manifests) {
    ManifestSet objects = gpuspec.manifests(platform);
    String page =
        HtmlReport.render(
            "reference platform",
            objects,
            findings,
            Optional.of(gpuspec.checkFleet(platform.fleet(), objects)));
    Path target = manifests.toAbsolutePath().normalize().resolveSibling(FILE);
    try {
      TextFiles.write(target, page);
    } catch (IOException e) {
      throw new UncheckedIOException("cannot write " + target, e);
    }
    return target;
  }
}
