package io.gpuspec.core.manifest;

import java.util.Arrays;
import java.util.List;
import java.util.Optional;
import org.jspecify.annotations.Nullable;

/**
 * Where the values of a document were written: the position of each child of a mapping (of its key)
 * or sequence (of the item), its key, and the original text of plain scalars that YAML 1.1 reads as
 * booleans or numbers. It holds no reference to the Jackson tree, so it can outlive it: the reader
 * keeps it for each object it decodes, and findings on the object's fields are located through it.
 * Shared, like the Jackson subtree it describes, when an alias repeats a subtree.
 */
final class FieldPositions {
  private static final int LINEAR_LOOKUP = 16;
  private static final String[] NO_KEYS = new String[0];
  private static final long[] NO_POSITIONS = new long[0];
  private String @Nullable [] keys; // null for a sequence
  private long[] positions = NO_POSITIONS;
  private FieldPositions @Nullable [] children; // null while every child is a scalar
  private String @Nullable [] texts; // original text of plain scalars that are not strings, if kept
  private boolean @Nullable [] yaml11; // whether that text is read differently by YAML 1.1 and 1.2
  private int size;
  private int @Nullable []
      byKey; // indexes sorted by key, built at the first lookup in a large mapping

  FieldPositions(boolean mapping) {
    this.keys = mapping ? NO_KEYS : null;
  }

  /** Appends a child: its key (null in a sequence), where it is, its index, its text as written. */
  void append(
      @Nullable String key,
      long at,
      @Nullable FieldPositions child,
      @Nullable String text,
      boolean isYaml11) {
    grow();
    if (keys != null) {
      keys[size] = key;
    }
    set(size++, at, child, text, isYaml11);
  }

  private void grow() {
    if (size == positions.length) {
      int capacity = Math.max(4, size * 2);
      positions = Arrays.copyOf(positions, capacity);
      if (children != null) {
        children = Arrays.copyOf(children, capacity);
      }
      if (keys != null) {
        keys = Arrays.copyOf(keys, capacity);
      }
      if (texts != null && yaml11 != null) {
        texts = Arrays.copyOf(texts, capacity);
        yaml11 = Arrays.copyOf(yaml11, capacity);
      }
    }
  }

  /** Replaces what is known about child {@code index} (a repeated key: the last one wins). */
  void set(
      int index, long at, @Nullable FieldPositions child, @Nullable String text, boolean isYaml11) {
    positions[index] = at;
    if (child != null && children == null) {
      children = new FieldPositions[positions.length];
    }
    if (children != null) {
      children[index] = child;
    }
    if (text != null && texts == null) {
      texts = new String[positions.length];
      yaml11 = new boolean[positions.length];
    }
    if (texts != null && yaml11 != null) {
      texts[index] = text;
      yaml11[index] = isYaml11;
    }
  }

  /** Appends what {@code from} knows about its entry {@code key} (a merged entry). */
  void copy(String key, @Nullable FieldPositions from, long at) {
    int fromIndex = from == null ? -1 : from.indexOfKey(key);
    grow();
    if (keys != null) {
      keys[size] = key;
    }
    if (from != null && fromIndex >= 0) {
      set(
          size++,
          from.positions[fromIndex],
          from.child(fromIndex),
          from.texts == null ? null : from.texts[fromIndex],
          from.yaml11 != null && from.yaml11[fromIndex]);
    } else {
      set(size++, at, null, null, false);
    }
  }

  void trim() {
    if (size < positions.length) {
      positions = Arrays.copyOf(positions, size);
      if (children != null) {
        children = Arrays.copyOf(children, size);
      }
      if (keys != null) {
        keys = Arrays.copyOf(keys, size);
      }
      if (texts != null && yaml11 != null) {
        texts = Arrays.copyOf(texts, size);
        yaml11 = Arrays.copyOf(yaml11, size);
      }
    }
  }

  /** How many children it has. */
  int size() {
    return size;
  }

  /** The index of child {@code index}, or null for a scalar. */
  @Nullable FieldPositions child(int index) {
    FieldPositions[] children = this.children;
    return children == null ? null : children[index];
  }

  /** Index of a child: an array index, or the position of a mapping key; -1 if absent. */
  private int indexOf(String step) {
    if (keys == null) {
      int index = JsonPointer.arrayIndex(step);
      return index < size ? index : -1;
    }
    return indexOfKey(step);
  }

  private int indexOfKey(String key) {
    String[] keys = this.keys;
    if (keys == null) {
      return -1;
    }
    if (size <= LINEAR_LOOKUP) {
      for (int i = 0; i < size; i++) {
        if (keys[i].equals(key)) {
          return i;
        }
      }
      return -1;
    }
    int[] byKey = this.byKey;
    if (byKey == null) {
      Integer[] order = new Integer[size];
      for (int i = 0; i < size; i++) {
        order[i] = i;
      }
      Arrays.sort(order, (a, b) -> keys[a].compareTo(keys[b]));
      byKey = new int[size];
      for (int i = 0; i < size; i++) {
        byKey[i] = order[i];
      }
      this.byKey = byKey;
    }
    int low = 0;
    int high = size - 1;
    while (low <= high) {
      int middle = (low + high) >>> 1;
      int compared = keys[byKey[middle]].compareTo(key);
      if (compared == 0) {
        return byKey[middle];
      }
      if (compared < 0) {
        low = middle + 1;
      } else {
        high = middle - 1;
      }
    }
    return -1;
  }

  /** The subtree at a JSON pointer, or null when there is none (a scalar, or absent). */
  @Nullable FieldPositions at(String pointer) {
    FieldPositions at = this;
    for (String step : JsonPointer.steps(pointer)) {
      if (at == null) {
        return null;
      }
      int index = at.indexOf(step);
      if (index < 0) {
        return null;
      }
      at = at.child(index);
    }
    return at;
  }

  /** The position of the value at a JSON pointer, or of its nearest ancestor that has one. */
  long positionOf(String pointer, long root) {
    long position = root;
    FieldPositions at = this;
    for (String step : JsonPointer.steps(pointer)) {
      if (at == null) {
        return position;
      }
      int index = at.indexOf(step);
      if (index < 0) {
        return position;
      }
      position = at.positions[index];
      at = at.child(index);
    }
    return position;
  }

  /**
   * The position of the field at a Kubernetes field path ({@code
   * spec.containers[0].resources.limits[nvidia.com/gpu]}), or of its nearest ancestor that was
   * written; {@code root} for {@code <root>} or when not even the first step was written. Steps are
   * matched against the keys that exist, so a key holding dots ({@code nvidia.com/gpu}) or brackets
   * is found whether the path brackets it or not.
   */
  long positionOfField(String path, long root) {
    long position = root;
    FieldPositions at = this;
    int from = 0;
    while (at != null && from < path.length()) {
      int index = -1;
      int next = -1;
      if (path.charAt(from) == '.') {
        from++;
      }
      if (from < path.length() && path.charAt(from) == '[') {
        for (int close = path.indexOf(']', from);
            close >= 0;
            close = path.indexOf(']', close + 1)) {
          if (isStepEnd(path, close + 1)) {
            int found = at.indexOf(path.substring(from + 1, close));
            if (found >= 0) {
              index = found;
              next = close + 1;
            }
          }
        }
      } else if (at.keys != null) {
        for (int end = from; end <= path.length(); end++) {
          if (isStepEnd(path, end) && end > from) {
            int found = at.indexOfKey(path.substring(from, end));
            if (found >= 0) {
              index = found;
              next = end;
            }
          }
        }
      }
      if (index < 0) {
        return position;
      }
      position = at.positions[index];
      at = at.child(index);
      from = next;
    }
    return position;
  }

  private static boolean isStepEnd(String path, int index) {
    return index == path.length() || path.charAt(index) == '.' || path.charAt(index) == '[';
  }

  /**
   * How a plain scalar that is not a string was written ({@code 1.0}, {@code yes}, {@code 012}),
   * and whether YAML 1.1 reads it differently from YAML 1.2; empty for other values.
   */
  Optional<Written> written(String pointer) {
    List<String> steps = JsonPointer.steps(pointer);
    FieldPositions at = this;
    for (int i = 0; i < steps.size() && at != null; i++) {
      int index = at.indexOf(steps.get(i));
      if (index < 0) {
        return Optional.empty();
      }
      if (i == steps.size() - 1) {
        String[] texts = at.texts;
        boolean[] yaml11 = at.yaml11;
        return texts == null || yaml11 == null || texts[index] == null
            ? Optional.empty()
            : Optional.of(new Written(texts[index], yaml11[index]));
      }
      at = at.child(index);
    }
    return Optional.empty();
  }

  /** The text of a plain scalar as written, and whether YAML 1.1 reads it as a bool or number. */
  record Written(String text, boolean yaml11) {}
}
