package io.gpuspec.examples;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.snakeyaml.engine.v2.api.Load;
import org.snakeyaml.engine.v2.api.LoadSettings;

/**
 * The main job's output read back as plain YAML maps, without gpuspec's reader or model, so that
 * tests can count what was written independently of the code that wrote it.
 */
final class WrittenFiles {

  private WrittenFiles() {}

  /** The object files of a manifests directory, in name order. */
  static List<Path> objectFiles(Path directory) throws IOException {
    try (Stream<Path> files = Files.list(directory)) {
      return files.filter(f -> f.getFileName().toString().endsWith(".yaml")).sorted().toList();
    }
  }

  /** Every document of every object file. */
  static List<Map<String, Object>> objects(Path directory) throws IOException {
    List<Map<String, Object>> objects = new ArrayList<>();
    for (Path file : objectFiles(directory)) {
      for (Object document :
          new Load(LoadSettings.builder().build()).loadAllFromString(Files.readString(file))) {
        if (document != null) {
          objects.add(map(document));
        }
      }
    }
    return objects;
  }

  /** One YAML document. */
  static Map<String, Object> read(Path file) throws IOException {
    return map(new Load(LoadSettings.builder().build()).loadFromString(Files.readString(file)));
  }

  /** The value at a path of keys, or null. */
  static Object at(Object node, String... keys) {
    Object current = node;
    for (String key : keys) {
      if (!(current instanceof Map<?, ?> map)) {
        return null;
      }
      current = map.get(key);
    }
    return current;
  }

  /** The map at a path of keys; empty if absent. */
  static Map<String, Object> mapAt(Object node, String... keys) {
    Object value = at(node, keys);
    return value == null ? Map.of() : map(value);
  }

  /** The list at a path of keys; empty if absent. */
  static List<Object> listAt(Object node, String... keys) {
    Object value = at(node, keys);
    if (value == null) {
      return List.of();
    }
    @SuppressWarnings("unchecked")
    List<Object> list = (List<Object>) value;
    return list;
  }

  /** The integer at a path of keys, or {@code otherwise} if absent. */
  static long number(Object node, long otherwise, String... keys) {
    Object value = at(node, keys);
    return value == null ? otherwise : Long.parseLong(value.toString());
  }

  @SuppressWarnings("unchecked")
  static Map<String, Object> map(Object value) {
    return (Map<String, Object>) value;
  }
}
