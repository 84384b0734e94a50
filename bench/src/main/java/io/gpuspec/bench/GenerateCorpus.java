package io.gpuspec.bench;

import io.gpuspec.core.Platform;
import io.gpuspec.core.check.Gpuspec;
import io.gpuspec.core.report.Report;
import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.nio.file.Path;
import java.util.Locale;

/**
 * The whole generate process, as a user's build runs it: builds {@code COUNT} objects through the
 * DSL ({@link GenerateObjects}, listed in {@code bench/cdk8s/OBJECTS.md}), checks them with every
 * rule of every module on the class path (pools known, warnings as errors), and writes one file per
 * object into {@code OUT_DIR} with {@code Gpuspec.write}, which replaces the directory atomically.
 * Exits 1 without writing when a rule finds something.
 *
 * <pre>
 * java -cp bench/target/benchmarks.jar io.gpuspec.bench.GenerateCorpus OUT_DIR 2000 [--times]
 * </pre>
 *
 * <p>{@code --times} prints each phase's wall and CPU time to standard error.
 */
public final class GenerateCorpus {

  private static final ThreadMXBean THREADS = ManagementFactory.getThreadMXBean();

  private GenerateCorpus() {}

  /** {@code OUT_DIR COUNT [--times]}. */
  public static void main(String[] args) {
    if (args.length < 2 || args.length > 3 || (args.length == 3 && !"--times".equals(args[2]))) {
      System.err.println("usage: GenerateCorpus OUT_DIR COUNT [--times]");
      System.exit(2);
    }
    Path out = Path.of(args[0]);
    int count = Integer.parseInt(args[1]);
    Phases phases = new Phases(args.length == 3);

    Gpuspec gpuspec = Gpuspec.load();
    phases.end("load the rules");
    Platform platform = GenerateObjects.platform(GenerateObjects.pool(), count);
    phases.end("build " + count + " objects");
    Report report = gpuspec.check(platform);
    phases.end("check");
    if (!report.violations().isEmpty()) {
      System.err.println(
          "generate: "
              + report.violations().size()
              + " findings, nothing written; first: "
              + report.violations().get(0));
      System.exit(1);
    }
    gpuspec.write(platform, out);
    phases.end("render and write");
    System.out.println(
        "generate: wrote "
            + platform.manifests().size()
            + " objects into "
            + out
            + "; checked "
            + report.summary());
  }

  /** Wall and this thread's CPU time between calls, printed when asked. */
  private static final class Phases {
    private final boolean print;
    private long wall = System.nanoTime();
    private long cpu = THREADS.getCurrentThreadCpuTime();

    Phases(boolean print) {
      this.print = print;
    }

    void end(String phase) {
      long nowWall = System.nanoTime();
      long nowCpu = THREADS.getCurrentThreadCpuTime();
      if (print) {
        System.err.printf(
            Locale.ROOT,
            "%-24s %8.1f ms wall %8.1f ms cpu%n",
            phase,
            (nowWall - wall) / 1e6,
            (nowCpu - cpu) / 1e6);
      }
      wall = nowWall;
      cpu = nowCpu;
    }
  }
}
