package io.gpuspec.examples;

import io.gpuspec.core.Platform;
import io.gpuspec.core.check.Gpuspec;
import io.gpuspec.core.manifest.ManifestSet;
import io.gpuspec.core.manifest.ManifestWriter;
import io.gpuspec.core.manifest.TextFiles;
import io.gpuspec.core.report.Report;
import java.io.IOException;
import java.io.PrintStream;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.util.List;

/**
 * The README's main job: renders the reference platform, checks it with every rule (pools known,
 * warnings as errors) and the fleet check, and, only if it is clean, writes it atomically to the
 * output directory with a {@link Kustomization}, its pools as {@value #FLEET} and the capacity
 * report beside that directory; prints a {@link PlatformSummary}.
 */
public final class GenerateReferencePlatform {

  private GenerateReferencePlatform() {}

  /** The platform's pools as a fleet file, for {@code gpuspec lint --fleet} and {@code check}. */
  private static void writeFleet(Platform platform, Path file) {
    try {
      TextFiles.write(file, Gpuspec.renderFleet(platform.fleet(), "reference-platform"));
    } catch (IOException e) {
      throw new UncheckedIOException("cannot write " + file, e);
    }
  }

  /** The fleet file, written beside the manifests directory (not into it). */
  static final String FLEET = "fleet.yaml";

  /** The GPU Operator's helm values, written beside the manifests directory (not into it). */
  static final String HELM_VALUES = "gpu-operator-values.yaml";

  /**
   * Writes to {@code args[0]} (default {@code examples/target/manifests}), and the GPU Operator's
   * helm values to {@value #HELM_VALUES} beside it; fails on errors.
   */
  public static void main(String[] args) {
    Path out = Path.of(args.length > 0 ? args[0] : "examples/target/manifests");
    if (!run(ReferencePlatform.build(), out, System.out)) {
      throw new IllegalStateException(
          "reference platform has rule violations; nothing was written (see above)");
    }
    Path values = writeHelmValues(ReferencePlatform.gpuOperatorValues().renderHelmValues(), out);
    System.out.println("gpuspec: wrote the GPU Operator's helm values to " + values);
  }

  /**
   * Writes the helm values beside the manifests directory, so that the directory holds only
   * Kubernetes objects (what {@code kubectl apply -f} and the conformance check read); atomically.
   */
  static Path writeHelmValues(String values, Path manifests) {
    Path target = manifests.toAbsolutePath().normalize().resolveSibling(HELM_VALUES);
    try {
      TextFiles.write(target, values);
    } catch (IOException e) {
      throw new UncheckedIOException("cannot write " + target, e);
    }
    return target;
  }

  /**
   * Checks, then writes when clean: the objects, their {@link Kustomization}, the fleet file and
   * the capacity report; prints the {@link PlatformSummary}. Returns whether it wrote.
   */
  static boolean run(Platform platform, Path out, PrintStream console) {
    Gpuspec gpuspec = Gpuspec.load();
    Report report = gpuspec.check(platform);
    report.violations().forEach(v -> console.println("  " + v));
    ManifestSet objects = gpuspec.manifests(platform);
    PlatformSummary summary =
        PlatformSummary.of(
            objects, report, platform.fleet(), gpuspec.checkFleet(platform.fleet(), objects));
    if (report.hasErrors()) {
      console.println(summary.render());
      console.println("gpuspec: " + report.summary() + "; nothing written to " + out);
      return false;
    }
    List<Path> files = ManifestWriter.write(objects, out);
    Kustomization.write(out, files);
    writeFleet(platform, out.resolveSibling(FLEET));
    console.println(
        "gpuspec: capacity report " + CapacityReportPage.write(gpuspec, platform, report, out));
    console.println(summary.render());
    console.println(
        "gpuspec: wrote "
            + files.size()
            + " objects and their "
            + Kustomization.FILE
            + " to "
            + out
            + "; checked "
            + report.summary());
    return true;
  }
}
