package io.gpuspec.bench;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import java.util.Random;
import java.util.stream.Stream;

/**
 * Deterministic, realistic input for the benchmarks and {@code bench/speed.sh}: node lists as
 * {@code kubectl get nodes -o yaml} prints them (GPU and CPU pools over zones, some nodes
 * cordoned), and GPU workloads (Deployments, Jobs, CronJobs, TFJobs) whose pod templates repeat as
 * they do in real clusters — most workloads share a few dozen templates, a few are unique, and
 * about 2% can never schedule. The same seed gives byte-identical files.
 *
 * <pre>
 * java -cp bench/target/benchmarks.jar io.gpuspec.bench.Corpus nodes DIR 5000
 * java -cp bench/target/benchmarks.jar io.gpuspec.bench.Corpus nodelist DIR 130000
 * java -cp bench/target/benchmarks.jar io.gpuspec.bench.Corpus workloads DIR 10000
 * java -cp bench/target/benchmarks.jar io.gpuspec.bench.Corpus lint DIR 2000
 * java -cp bench/target/benchmarks.jar io.gpuspec.bench.Corpus lint-multi DIR 2000
 * java -cp bench/target/benchmarks.jar io.gpuspec.bench.Corpus lint-single DIR 2000
 * </pre>
 */
public final class Corpus {

  /** Nodes per node-list file: real {@code kubectl} output of 5,000 nodes exceeds 8 MiB. */
  static final int NODES_PER_FILE = 500;

  /** Workload documents per file in the fleet corpus. */
  static final int WORKLOADS_PER_FILE = 250;

  private static final long SEED = 20261123L;

  private Corpus() {}

  /**
   * {@code nodes|nodelist|workloads|lint|lint-multi|lint-single DIR COUNT}: writes that corpus into
   * DIR.
   */
  public static void main(String[] args) throws IOException {
    if (args.length != 3) {
      System.err.println(
          "usage: Corpus nodes|nodelist|workloads|lint|lint-multi|lint-single DIR COUNT");
      System.exit(2);
    }
    Path dir = Path.of(args[1]);
    int count = Integer.parseInt(args[2]);
    Files.createDirectories(dir);
    List<Path> written =
        switch (args[0]) {
          case "nodes" -> writeNodes(dir, count);
          case "nodelist" -> List.of(writeNodeList(dir.resolve("nodes.yaml"), count));
          case "workloads" -> writeWorkloads(dir, count);
          case "lint" -> writeLintSet(dir, count);
          case "lint-multi" -> writeLintFiles(dir, count, 10);
          case "lint-single" -> writeLintFiles(dir, count, count);
          default ->
              throw new IllegalArgumentException(
                  "corpus "
                      + args[0]
                      + ": use nodes, nodelist, workloads, lint, lint-multi or lint-single");
        };
    System.out.println(
        "corpus: wrote " + count + " " + args[0] + " into " + written.size() + " files in " + dir);
  }

  /** {@code count} nodes as {@code kubectl get nodes -o yaml} Lists, 500 per file. */
  public static List<Path> writeNodes(Path dir, int count) {
    List<String> nodes = CorpusNodes.nodes(count);
    List<Path> files = new ArrayList<>();
    for (int from = 0, n = 0; from < nodes.size(); from += NODES_PER_FILE, n++) {
      StringBuilder list = new StringBuilder("apiVersion: v1\nkind: List\nmetadata:\n");
      list.append("  resourceVersion: \"\"\nitems:\n");
      nodes.subList(from, Math.min(nodes.size(), from + NODES_PER_FILE)).forEach(list::append);
      files.add(write(dir.resolve(String.format(Locale.ROOT, "nodes-%02d.yaml", n)), list));
    }
    return files;
  }

  /**
   * {@code count} nodes as one {@code kubectl get nodes -o yaml} List in {@code file}, keys in
   * kubectl's order (items before kind), as a large cluster's list is saved.
   */
  public static Path writeNodeList(Path file, int count) {
    try {
      Files.createDirectories(file.toAbsolutePath().getParent());
      try (Writer out = Files.newBufferedWriter(file, StandardCharsets.UTF_8)) {
        out.write("apiVersion: v1\nitems:\n");
        for (String node : CorpusNodes.nodes(count)) {
          out.write(node);
        }
        out.write("kind: List\nmetadata:\n  resourceVersion: \"\"\n");
      }
      return file;
    } catch (IOException e) {
      throw new UncheckedIOException("cannot write " + file, e);
    }
  }

  /** {@code count} workloads, one per document, 250 per file. */
  public static List<Path> writeWorkloads(Path dir, int count) {
    Random random = new Random(SEED);
    List<Path> files = new ArrayList<>();
    StringBuilder file = new StringBuilder();
    for (int i = 0; i < count; i++) {
      file.append(CorpusWorkloads.workload(i, random));
      if ((i + 1) % WORKLOADS_PER_FILE == 0 || i + 1 == count) {
        files.add(
            write(
                dir.resolve(String.format(Locale.ROOT, "workloads-%03d.yaml", files.size())),
                file));
        file.setLength(0);
      }
    }
    return files;
  }

  /**
   * {@code count} documents as a repository of manifests holds them: one file per application (a
   * Deployment and its Service, a Job, a TFJob, a CronJob, a ConfigMap), namespaces in one file.
   */
  public static List<Path> writeLintSet(Path dir, int count) {
    Random random = new Random(SEED + 1);
    List<Path> files = new ArrayList<>();
    int namespaces = Math.min(20, count);
    StringBuilder ns = new StringBuilder();
    for (int i = 0; i < namespaces; i++) {
      ns.append("---\napiVersion: v1\nkind: Namespace\nmetadata:\n  name: ")
          .append(CorpusWorkloads.namespace(i))
          .append('\n');
    }
    files.add(write(dir.resolve("00-namespaces.yaml"), ns));
    int documents = namespaces;
    for (int i = 0; documents < count; i++) {
      StringBuilder app = new StringBuilder();
      if (i % 10 == 9) {
        app.append(CorpusWorkloads.configMap(i));
        documents++;
      } else {
        String workload = CorpusWorkloads.workload(i, random);
        app.append(workload);
        documents++;
        if (workload.contains("\nkind: Deployment\n") && documents < count) {
          app.append(CorpusWorkloads.service(i, workload));
          documents++;
        }
      }
      files.add(
          write(
              dir.resolve(
                  String.format(
                      Locale.ROOT,
                      "%s/app-%04d.yaml",
                      CorpusWorkloads.namespace(i % namespaces),
                      i)),
              app));
    }
    return files;
  }

  /**
   * The documents of {@link #writeLintSet}, in the same order, laid out in {@code fileCount} files
   * of equal share ({@code lint-multi}: 10 files of 200 documents for 2,000; {@code lint-single}:
   * one document per file).
   */
  public static List<Path> writeLintFiles(Path dir, int count, int fileCount) {
    Path staging = dir.resolve(".staging");
    List<String> documents = new ArrayList<>();
    for (Path file : writeLintSet(staging, count)) {
      try {
        for (String document : Files.readString(file, StandardCharsets.UTF_8).split("(?m)^---\n")) {
          if (!document.isBlank()) {
            documents.add("---\n" + document);
          }
        }
      } catch (IOException e) {
        throw new UncheckedIOException("cannot read " + file, e);
      }
    }
    try {
      deleteRecursively(staging);
    } catch (IOException e) {
      throw new UncheckedIOException("cannot delete " + staging, e);
    }
    List<Path> files = new ArrayList<>();
    int perFile = (documents.size() + fileCount - 1) / fileCount;
    for (int from = 0; from < documents.size(); from += perFile) {
      StringBuilder text = new StringBuilder();
      documents.subList(from, Math.min(documents.size(), from + perFile)).forEach(text::append);
      files.add(
          write(dir.resolve(String.format(Locale.ROOT, "docs-%04d.yaml", files.size())), text));
    }
    return files;
  }

  /** Deletes a corpus directory and everything in it. */
  public static void deleteRecursively(Path dir) throws IOException {
    if (!Files.exists(dir)) {
      return;
    }
    try (Stream<Path> paths = Files.walk(dir)) {
      for (Path path : paths.sorted(Comparator.reverseOrder()).toList()) {
        Files.delete(path);
      }
    }
  }

  private static Path write(Path file, CharSequence text) {
    try {
      Files.createDirectories(file.getParent());
      return Files.writeString(file, text, StandardCharsets.UTF_8);
    } catch (IOException e) {
      throw new UncheckedIOException("cannot write " + file, e);
    }
  }
}
