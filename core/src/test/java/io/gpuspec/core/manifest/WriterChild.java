package io.gpuspec.core.manifest;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.nio.channels.FileChannel;
import java.nio.channels.FileLock;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * A separate JVM that writes manifests, for the tests that kill writers or run them side by side
 * ({@link ManifestWriterKillTest}). It writes already rendered files, so that it starts fast (no
 * model classes to load); rendering happens before the writer touches the disk anyway.
 *
 * <ul>
 *   <li>{@code loop TARGET}: writes set A, then B, then A… until killed; prints {@code started}
 *       first.
 *   <li>{@code burst TARGET SET COUNT}: waits for a line on stdin, then writes SET COUNT times and
 *       prints {@code ok} or {@code locked: <message>} or {@code failed: <message>} per attempt.
 *   <li>{@code hold TARGET}: holds the target's lock, prints {@code locked}, and keeps it until
 *       stdin closes.
 * </ul>
 */
public final class WriterChild {

  private WriterChild() {}

  /** The file names of set {@code A} (40 files) or {@code B} (25 files, partly the same names). */
  static List<String> names(String set) {
    int count = set.equals("A") ? 40 : 25;
    List<String> names = new ArrayList<>();
    for (int i = 1; i <= count; i++) {
      names.add(String.format(Locale.ROOT, "%02d-configmap-ml-%s.yaml", i, i % 2 == 0 ? "x" : set));
    }
    return names;
  }

  /** The contents of set A or B: about 8 KiB per file, each file naming its set. */
  static List<String> texts(String set) {
    List<String> texts = new ArrayList<>();
    for (String name : names(set)) {
      StringBuilder text =
          new StringBuilder("---\napiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: ")
              .append(name, 0, name.length() - ".yaml".length())
              .append("\n  namespace: ml\ndata:\n  set: ")
              .append(set)
              .append("\n  padding: |\n");
      while (text.length() < 8192) {
        text.append("    set ").append(set).append(" file ").append(name).append('\n');
      }
      texts.add(text.toString());
    }
    return texts;
  }

  public static void main(String[] args) throws IOException {
    Path target = Path.of(args[1]);
    switch (args[0]) {
      case "loop" -> {
        System.out.println("started");
        System.out.flush();
        for (long i = 0; ; i++) {
          String set = i % 2 == 0 ? "B" : "A";
          ManifestWriter.writeRendered(names(set), texts(set), target);
        }
      }
      case "burst" -> {
        String set = args[2];
        int count = Integer.parseInt(args[3]);
        List<String> names = names(set);
        List<String> texts = texts(set);
        System.out.println("ready");
        System.out.flush();
        new BufferedReader(new InputStreamReader(System.in, StandardCharsets.UTF_8)).readLine();
        for (int i = 0; i < count; i++) {
          try {
            ManifestWriter.writeRendered(names, texts, target);
            System.out.println("ok");
          } catch (ManifestWriteException e) {
            boolean locked = e.getMessage().contains("another gpuspec run is writing it");
            System.out.println((locked ? "locked: " : "failed: ") + e.getMessage());
          }
        }
        System.out.flush();
      }
      case "hold" -> {
        Path lock =
            target
                .toAbsolutePath()
                .getParent()
                .resolve(ManifestWriter.storeName(target.getFileName().toString()))
                .resolve("lock");
        try (FileChannel channel = FileChannel.open(lock, StandardOpenOption.WRITE);
            FileLock held = channel.lock()) {
          System.out.println("locked");
          System.out.flush();
          while (System.in.read() >= 0) {
            // hold the lock until the parent closes our stdin
          }
        }
      }
      default -> throw new IllegalArgumentException("mode loop, burst or hold: " + args[0]);
    }
  }
}
