package io.gpuspec.core.registry;

import io.fabric8.kubernetes.api.model.GenericKubernetesResource;
import io.gpuspec.core.manifest.EmbeddedTemplates;
import io.gpuspec.core.manifest.FieldPattern;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;
import tools.jackson.databind.node.ObjectNode;

/**
 * The pod-template registry: the kinds whose pod templates gpuspec finds by their {@link KindEntry}
 * (where the templates are, their roles, how many pods each makes, whether they form gangs) in
 * objects no model class decodes. It tells the reader which values to decode strictly as pod
 * templates, and locates the templates of an object for its workload view.
 */
public final class TemplateRegistry implements EmbeddedTemplates {

  private static final JsonMapper JSON = JsonMapper.builder().build();

  /** Describes no kind. */
  public static final TemplateRegistry EMPTY = new TemplateRegistry(List.of());

  private final List<KindEntry> entries;

  public TemplateRegistry(List<KindEntry> entries) {
    this.entries = List.copyOf(entries);
  }

  /** Its entries, in the order given. */
  public List<KindEntry> entries() {
    return entries;
  }

  /** A registry with these entries too, which win over its own for the same kind. */
  public TemplateRegistry plus(List<KindEntry> more) {
    if (more.isEmpty()) {
      return this;
    }
    List<KindEntry> all = new ArrayList<>(more);
    all.addAll(entries);
    return new TemplateRegistry(all);
  }

  /** The first entry that covers objects of this apiVersion and kind, if any. */
  public Optional<KindEntry> entry(String apiVersion, String kind) {
    return entries.stream().filter(e -> e.covers(apiVersion, kind)).findFirst();
  }

  @Override
  public Optional<List<String>> templatePointers(String apiVersion, String kind, JsonNode object) {
    return entry(apiVersion, kind)
        .map(e -> locate(e, object).stream().map(Located::pointer).toList());
  }

  /**
   * One pod template found in an object.
   *
   * @param role its role, empty for a kind with one unnamed template
   * @param pointer its JSON pointer
   * @param path its field path, e.g. {@code spec.replicatedJobs[0].template.spec.template}
   * @param template the template as written
   * @param pods how many pods it makes at once, over all groups
   */
  public record Located(String role, String pointer, String path, JsonNode template, int pods) {}

  /**
   * The pod templates of an object the registry describes, whether its pods form gangs that must
   * land on one GPU model, and how many gangs of one shape ({@code groups}).
   */
  public record Described(
      KindEntry entry, List<Located> templates, boolean distributed, int groups) {
    public Described {
      templates = List.copyOf(templates);
    }
  }

  /** The templates of an object of a described kind; empty for other objects. */
  public Optional<Described> describe(GenericKubernetesResource object) {
    if (object.getApiVersion() == null || object.getKind() == null) {
      return Optional.empty();
    }
    return entry(object.getApiVersion(), object.getKind())
        .map(
            entry -> {
              JsonNode tree = tree(object);
              List<Located> located = locate(entry, tree);
              long pods = 0;
              for (Located l : located) {
                pods += l.pods();
              }
              int groups = clamped(product(entry.groups(), tree, tree));
              // one gang per group: a gang of one pod has nothing to run together with
              boolean distributed = entry.gang() && (located.size() > 1 || pods > groups);
              return new Described(entry, located, distributed, groups);
            });
  }

  /**
   * The claims the controller gives the pods of an object for its entry's claim templates, by the
   * volume name pods mount them with: {@code <template>} to {@code <object>-<template>}.
   */
  public static Map<String, String> claimVolumes(KindEntry entry, JsonNode object) {
    Map<String, String> claims = new LinkedHashMap<>();
    if (entry.claimTemplates().isEmpty()) {
      return claims;
    }
    String owner = object.path("metadata").path("name").asString("");
    for (FieldPattern.Match match : entry.claimTemplates().get().find(object)) {
      JsonNode name = match.value().path("metadata").path("name");
      if (name.isString() && !name.asString().isEmpty()) {
        claims.putIfAbsent(name.asString(), owner + "-" + name.asString());
      }
    }
    return claims;
  }

  /** The object as a tree, as the reader read it. */
  public static JsonNode tree(GenericKubernetesResource object) {
    ObjectNode tree = JSON.createObjectNode();
    tree.put("apiVersion", object.getApiVersion());
    tree.put("kind", object.getKind());
    if (object.getMetadata() != null) {
      tree.set("metadata", JSON.valueToTree(object.getMetadata()));
    }
    for (Map.Entry<String, Object> field : object.getAdditionalProperties().entrySet()) {
      tree.set(field.getKey(), JSON.valueToTree(field.getValue()));
    }
    return tree;
  }

  /** The templates an entry finds in an object (as a tree), with roles and pod counts. */
  static List<Located> locate(KindEntry entry, JsonNode object) {
    long groups = product(entry.groups(), object, object);
    List<Located> found = new ArrayList<>();
    List<Integer> rest = new ArrayList<>();
    long counted = 0;
    for (TemplateEntry template : entry.templates()) {
      for (FieldPattern.Match match : template.path().find(object)) {
        if (!match.value().isObject()) {
          continue; // not a template: the API server's schema rejects it
        }
        JsonNode base =
            match.wildcards().isEmpty()
                ? object
                : match.wildcards().get(match.wildcards().size() - 1).item();
        long pods = template.rest() ? 0 : product(template.pods(), base, object);
        if (template.rest()) {
          rest.add(found.size());
        } else {
          counted += pods;
        }
        found.add(
            new Located(
                role(template, match),
                match.pointer(),
                match.path(),
                match.value(),
                clamped(saturated(pods, groups))));
      }
    }
    if (!rest.isEmpty()) {
      long size = value(entry.groupSize().orElseThrow(), object, object);
      long each = Math.max(0, size - counted) / rest.size();
      for (int i : rest) {
        Located l = found.get(i);
        found.set(
            i,
            new Located(
                l.role(), l.pointer(), l.path(), l.template(), clamped(saturated(each, groups))));
      }
    }
    return found;
  }

  private static int clamped(long pods) {
    return (int) Math.min(pods, Integer.MAX_VALUE);
  }

  private static String role(TemplateEntry template, FieldPattern.Match match) {
    if (template.role().isPresent()) {
      return template.role().get();
    }
    if (match.wildcards().isEmpty()) {
      return "";
    }
    FieldPattern.Wildcard innermost = match.wildcards().get(match.wildcards().size() - 1);
    if (innermost.mapKey()) {
      return innermost.key();
    }
    JsonNode name = innermost.item().path(template.roleField());
    if (name.isString() && !name.asString().isEmpty()) {
      return name.asString();
    }
    String pointer = innermost.pointer();
    String list = pointer.substring(0, pointer.lastIndexOf('/'));
    return list.substring(list.lastIndexOf('/') + 1) + "[" + innermost.key() + "]";
  }

  private static long product(List<PodCount> counts, JsonNode base, JsonNode root) {
    long product = 1;
    for (PodCount count : counts) {
      product = saturated(product, value(count, base, root));
    }
    return product;
  }

  private static long saturated(long a, long b) {
    long product = a * b;
    return a != 0 && (product / a != b || product < 0) ? Long.MAX_VALUE : product;
  }

  /** The count a field gives: its integer value, else {@code unset}, kept within its bounds. */
  static long value(PodCount count, JsonNode base, JsonNode root) {
    long value = integer(count.field(), base, root).orElse(count.unset());
    Optional<Long> atLeast = count.atLeast().flatMap(f -> integer(f, base, root));
    Optional<Long> atMost = count.atMost().flatMap(f -> integer(f, base, root));
    if (atLeast.isPresent() && value < atLeast.get()) {
      value = atLeast.get();
    }
    if (atMost.isPresent() && value > atMost.get()) {
      value = atMost.get();
    }
    return Math.max(0, value);
  }

  private static Optional<Long> integer(String field, JsonNode base, JsonNode root) {
    JsonNode node = field.startsWith("$.") ? root : base;
    String path = field.startsWith("$.") ? field.substring(2) : field;
    for (String step : path.split("\\.")) {
      node = node.path(step);
    }
    return node.isIntegralNumber() ? Optional.of(node.asLong()) : Optional.empty();
  }
}
