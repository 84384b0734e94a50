package io.gpuspec.core.manifest;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.regex.Pattern;
import tools.jackson.databind.JsonNode;

/**
 * A field path with wildcards that finds values inside an object: {@code
 * spec.replicatedJobs[*].template.spec.template} (every item of a list) or {@code
 * spec.pytorchReplicaSpecs.*.template} (every value of a map). Steps are field names of letters,
 * digits, {@code _} and {@code -}; {@code name[*]} is every item of the list {@code name}, {@code
 * *} every value of the map it stands in.
 */
public final class FieldPattern {

  private static final Pattern NAME = Pattern.compile("[A-Za-z0-9_-]+");

  /** One step: a field, a field whose list items are all taken, or every value of a map. */
  private record Step(String field, boolean everyItem, boolean everyValue) {}

  /**
   * One value the pattern found.
   *
   * @param pointer its JSON pointer in the object
   * @param path its field path, e.g. {@code spec.replicatedJobs[0].template.spec.template}
   * @param value the value
   * @param wildcards what each wildcard matched, outermost first
   */
  public record Match(String pointer, String path, JsonNode value, List<Wildcard> wildcards) {
    public Match {
      wildcards = List.copyOf(wildcards);
    }
  }

  /**
   * What one wildcard matched: a list item (its index as {@code key}) or a map value (its key).
   *
   * @param pointer the JSON pointer of the item or value
   */
  public record Wildcard(String key, boolean mapKey, JsonNode item, String pointer) {}

  private final String text;
  private final List<Step> steps;

  private FieldPattern(String text, List<Step> steps) {
    this.text = text;
    this.steps = List.copyOf(steps);
  }

  /**
   * Parses a pattern; empty with the reason when it is not one (an empty step, a character other
   * than letters, digits, {@code _}, {@code -}, or a bracket other than {@code [*]}).
   */
  public static Result parse(String text) {
    List<Step> steps = new ArrayList<>();
    if (text.isBlank()) {
      return new Result(Optional.empty(), "the path is empty");
    }
    for (String part : text.split("\\.", -1)) {
      if (part.equals("*")) {
        steps.add(new Step("", false, true));
        continue;
      }
      boolean everyItem = part.endsWith("[*]");
      String field = everyItem ? part.substring(0, part.length() - 3) : part;
      if (!NAME.matcher(field).matches()) {
        return new Result(
            Optional.empty(),
            "step \""
                + part
                + "\" is not a field name, name[*] (every list item) or * (every map value)");
      }
      steps.add(new Step(field, everyItem, false));
    }
    return new Result(Optional.of(new FieldPattern(text, steps)), "");
  }

  /** A parsed pattern, or why the text is not one. */
  public record Result(Optional<FieldPattern> pattern, String problem) {}

  /** How many wildcards the pattern has. */
  public int wildcards() {
    return (int) steps.stream().filter(s -> s.everyItem() || s.everyValue()).count();
  }

  /** Every value of {@code object} the pattern finds, in document order. */
  public List<Match> find(JsonNode object) {
    List<Match> found = new ArrayList<>();
    walk(object, object, 0, "", new ArrayList<>(), found);
    return found;
  }

  private void walk(
      JsonNode root,
      JsonNode node,
      int at,
      String pointer,
      List<Wildcard> wildcards,
      List<Match> found) {
    if (node == null || node.isNull() || node.isMissingNode()) {
      return;
    }
    if (at == steps.size()) {
      found.add(new Match(pointer, FieldPaths.of(pointer, root), node, wildcards));
      return;
    }
    Step step = steps.get(at);
    if (step.everyValue()) {
      if (node.isObject()) {
        for (Map.Entry<String, JsonNode> e : node.properties()) {
          String next = pointer + "/" + JsonPointer.escape(e.getKey());
          walk(root, e.getValue(), at + 1, next, with(wildcards, e.getKey(), true, e, next), found);
        }
      }
      return;
    }
    if (!node.isObject() || !node.has(step.field())) {
      return;
    }
    JsonNode child = node.get(step.field());
    String next = pointer + "/" + JsonPointer.escape(step.field());
    if (!step.everyItem()) {
      walk(root, child, at + 1, next, wildcards, found);
    } else if (child.isArray()) {
      for (int i = 0; i < child.size(); i++) {
        String item = next + "/" + i;
        List<Wildcard> more = new ArrayList<>(wildcards);
        more.add(new Wildcard(Integer.toString(i), false, child.get(i), item));
        walk(root, child.get(i), at + 1, item, more, found);
      }
    }
  }

  private static List<Wildcard> with(
      List<Wildcard> wildcards,
      String key,
      boolean mapKey,
      Map.Entry<String, JsonNode> entry,
      String pointer) {
    List<Wildcard> more = new ArrayList<>(wildcards);
    more.add(new Wildcard(key, mapKey, entry.getValue(), pointer));
    return more;
  }

  /** The field path of a JSON pointer in {@code root}, as findings write it. */
  public static String fieldPath(String pointer, JsonNode root) {
    return FieldPaths.of(pointer, root);
  }

  /** The value at a JSON pointer, or a missing node. */
  public static JsonNode at(JsonNode root, String pointer) {
    return JsonPointer.navigate(root, pointer);
  }

  @Override
  public String toString() {
    return text;
  }
}
