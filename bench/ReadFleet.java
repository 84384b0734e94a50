import io.gpuspec.core.check.Gpuspec;
import io.gpuspec.core.fleet.FleetRead;
import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * Reads and groups node lists three times in one JVM and prints, per read, wall and reading-thread
 * CPU time and the rate in MB (10^6 bytes) per second of each. Run as a source file:
 * {@code java -XX:+UseSerialGC -Xmx512m -cp bench/target/benchmarks.jar bench/ReadFleet.java FILE...}
 * (under {@code /usr/bin/time -f '%e %U %S %M'} for the whole process's peak RSS).
 */
public class ReadFleet {
  public static void main(String[] args) throws Exception {
    Gpuspec gpuspec = Gpuspec.load();
    List<Path> paths = new ArrayList<>();
    long bytes = 0;
    for (String arg : args) {
      paths.add(Path.of(arg));
      bytes += Files.size(Path.of(arg));
    }
    ThreadMXBean threads = ManagementFactory.getThreadMXBean();
    for (int round = 0; round < 3; round++) {
      long cpu = threads.getCurrentThreadCpuTime();
      long wall = System.nanoTime();
      FleetRead read = gpuspec.readFleet(paths);
      double seconds = (System.nanoTime() - wall) / 1e9;
      double cpuSeconds = (threads.getCurrentThreadCpuTime() - cpu) / 1e9;
      System.out.printf(
          "read %d: %d groups, %d nodes, %d problems; %.2f s wall (%.0f MB/s), %.2f s CPU (%.0f MB"
              + " per CPU-second)%n",
          round,
          read.fleet().map(f -> f.groups().size()).orElse(0),
          read.fleet().map(f -> f.groups().stream().mapToInt(g -> g.nodeCount()).sum()).orElse(0),
          read.problems().size(),
          seconds,
          bytes / 1e6 / seconds,
          cpuSeconds,
          bytes / 1e6 / cpuSeconds);
    }
  }
}
