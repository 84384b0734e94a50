package io.gpuspec.core.registry;

import io.gpuspec.core.manifest.FieldPattern;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import org.jspecify.annotations.Nullable;
import org.snakeyaml.engine.v2.api.Load;
import org.snakeyaml.engine.v2.api.LoadSettings;
import org.snakeyaml.engine.v2.exceptions.YamlEngineException;

/**
 * Reads a kinds file: the kinds whose pod templates gpuspec checks although no module models them
 * ({@code --kinds FILE}; gpuspec's own entries are one such file). The format:
 *
 * <pre>{@code
 * apiVersion: gpuspec.io/v1alpha1
 * kind: WorkloadKinds
 * kinds:
 * - group: example.com            # API group; "" for the core group
 *   kind: Trainer
 *   versions: [v1]                # optional: every version when absent
 *   gang: true                    # optional: its pods run together (one GPU model, fit at once)
 *   groups: [$.spec.replicas]     # optional: its pods come in this many gangs
 *   groupSize: $.spec.size        # optional: the pods of one group, for `pods: rest`
 *   templates:
 *   - path: spec.roles[*].template  # a PodTemplateSpec; name[*] every list item, * every map value
 *     role: Worker                # optional fixed role; else the map key or the item's roleField
 *     roleField: name             # optional, default name
 *     pods: [replicas, {field: hosts, unset: 1, atLeast: minHosts, atMost: maxHosts}]
 * }</pre>
 *
 * A {@code pods} field is read from the list item or map value the innermost wildcard matched (from
 * the object's root for a path without wildcards), or from the object's root when it starts with
 * {@code $.}; an unset field counts 1 unless {@code unset} says otherwise. {@code pods: rest} is
 * the group's size less the other templates' pods.
 */
public final class KindsFile {

  /** The apiVersion a kinds file declares. */
  public static final String API_VERSION = "gpuspec.io/v1alpha1";

  /** The kind a kinds file declares. */
  public static final String KIND = "WorkloadKinds";

  private static final Set<String> TOP = Set.of("apiVersion", "kind", "kinds");
  private static final Set<String> ENTRY =
      Set.of(
          "group",
          "kind",
          "versions",
          "gang",
          "groups",
          "groupSize",
          "templates",
          "claimTemplates");
  private static final Set<String> TEMPLATE = Set.of("path", "role", "roleField", "pods");
  private static final Set<String> COUNT = Set.of("field", "unset", "atLeast", "atMost");

  private final String source;

  private KindsFile(String source) {
    this.source = source;
  }

  /** The entries of a kinds file; throws {@link KindsFileException} naming what is wrong. */
  public static List<KindEntry> read(Path file) {
    String text;
    try {
      text = Files.readString(file, StandardCharsets.UTF_8);
    } catch (IOException | UncheckedIOException e) {
      throw new KindsFileException(
          file + ": cannot read the kinds file (" + e.getMessage() + "); give a readable file");
    }
    return parse(text, file.toString());
  }

  /** The entries of a kinds file's text; {@code source} names it in errors. */
  public static List<KindEntry> parse(String text, String source) {
    return new KindsFile(source).entries(text);
  }

  /** The entries of a kinds file on the class path (a module's own). */
  public static List<KindEntry> resource(Class<?> owner, String name) {
    try (InputStream in = owner.getResourceAsStream(name)) {
      if (in == null) {
        throw new KindsFileException(
            owner.getName() + " " + name + ": no such resource; add it next to the class");
      }
      return parse(new String(in.readAllBytes(), StandardCharsets.UTF_8), name);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  private List<KindEntry> entries(String text) {
    Object root;
    try {
      LoadSettings settings =
          LoadSettings.builder()
              .setAllowDuplicateKeys(false)
              .setMaxAliasesForCollections(10)
              .setCodePointLimit(1024 * 1024)
              .build();
      root = new Load(settings).loadFromString(text);
    } catch (YamlEngineException e) {
      throw fail(
          "",
          "is not valid YAML ("
              + String.valueOf(e.getMessage()).lines().findFirst().orElse("")
              + ")",
          "fix the YAML syntax");
    }
    Map<?, ?> top = map(root, "", "write a mapping with apiVersion, kind and kinds");
    known(top, TOP, "");
    require(
        API_VERSION.equals(top.get("apiVersion")) && KIND.equals(top.get("kind")),
        "",
        "declares apiVersion " + top.get("apiVersion") + " and kind " + top.get("kind"),
        "write apiVersion: " + API_VERSION + " and kind: " + KIND);
    List<?> kinds = list(top.get("kinds"), "kinds", "list the kinds under kinds:");
    require(!kinds.isEmpty(), "kinds", "is empty", "declare at least one kind");
    List<KindEntry> entries = new ArrayList<>();
    for (int i = 0; i < kinds.size(); i++) {
      KindEntry entry = entry(kinds.get(i), "kinds[" + i + "]");
      for (KindEntry earlier : entries) {
        boolean overlap =
            earlier.group().equals(entry.group())
                && earlier.kind().equals(entry.kind())
                && (earlier.versions().isEmpty()
                    || entry.versions().isEmpty()
                    || earlier.versions().stream().anyMatch(entry.versions()::contains));
        require(
            !overlap,
            "kinds[" + i + "] (" + entry + ")",
            "declares a kind declared before",
            "declare each group, kind and version once");
      }
      entries.add(entry);
    }
    return entries;
  }

  private KindEntry entry(Object value, String where) {
    Map<?, ?> entry = map(value, where, "write group, kind and templates");
    String kind = string(entry.get("kind"), where + ".kind", "name the kind, e.g. kind: JobSet");
    require(!kind.isBlank(), where + ".kind", "is empty", "name the kind, e.g. kind: JobSet");
    String group =
        string(
            entry.get("group"),
            where + ".group",
            "name the API group, e.g. group: jobset.x-k8s.io (\"\" for the core group)");
    String at = where + " (" + (group.isEmpty() ? "" : group + " ") + kind + ")";
    known(entry, ENTRY, at);
    List<String> versions = new ArrayList<>();
    if (entry.get("versions") != null) {
      List<?> given = list(entry.get("versions"), at + ".versions", "list versions, e.g. [v1]");
      for (int i = 0; i < given.size(); i++) {
        versions.add(string(given.get(i), at + ".versions[" + i + "]", "write a version, e.g. v1"));
      }
    }
    boolean gang = false;
    if (entry.get("gang") != null) {
      require(
          entry.get("gang") instanceof Boolean,
          at + ".gang",
          "is " + entry.get("gang"),
          "write true or false");
      gang = (Boolean) entry.get("gang");
    }
    List<PodCount> groups = counts(entry.get("groups"), at + ".groups");
    Optional<PodCount> groupSize =
        entry.get("groupSize") == null
            ? Optional.empty()
            : Optional.of(count(entry.get("groupSize"), at + ".groupSize"));
    List<?> templates =
        list(entry.get("templates"), at + ".templates", "list where the pod templates are");
    require(
        !templates.isEmpty(), at + ".templates", "is empty", "list where the pod templates are");
    List<TemplateEntry> parsed = new ArrayList<>();
    for (int i = 0; i < templates.size(); i++) {
      TemplateEntry template = template(templates.get(i), at + ".templates[" + i + "]");
      require(
          !template.rest() || groupSize.isPresent(),
          at + ".templates[" + i + "].pods",
          "is rest but the kind declares no groupSize",
          "add groupSize: <field of the group's pod count>, or count the pods");
      parsed.add(template);
    }
    Optional<FieldPattern> claims =
        entry.get("claimTemplates") == null
            ? Optional.empty()
            : Optional.of(
                pattern(
                    string(
                        entry.get("claimTemplates"),
                        at + ".claimTemplates",
                        "write the field path of the claim templates, e.g."
                            + " spec.volumeClaimPolicies[*].templates[*]"),
                    at + ".claimTemplates"));
    return new KindEntry(group, kind, versions, gang, groups, groupSize, parsed, claims);
  }

  private FieldPattern pattern(String text, String where) {
    FieldPattern.Result parsed = FieldPattern.parse(text);
    return parsed
        .pattern()
        .orElseThrow(
            () ->
                fail(
                    where,
                    parsed.problem(),
                    "write fields separated by dots, e.g. spec.groups[*].template"));
  }

  private TemplateEntry template(Object value, String where) {
    Map<?, ?> template = map(value, where, "write path (and role, pods)");
    known(template, TEMPLATE, where);
    String text =
        string(
            template.get("path"),
            where + ".path",
            "write the field path of the PodTemplateSpec, e.g. spec.template");
    FieldPattern path = pattern(text, where + ".path");
    Optional<String> role =
        template.get("role") == null
            ? Optional.empty()
            : Optional.of(string(template.get("role"), where + ".role", "write a role name"));
    String roleField =
        template.get("roleField") == null
            ? "name"
            : string(template.get("roleField"), where + ".roleField", "write a field name");
    require(
        role.isPresent() || path.wildcards() > 0 || template.get("roleField") == null,
        where + ".roleField",
        "is set but the path has no wildcard whose items it could name",
        "remove roleField, or give a fixed role");
    Object pods = template.get("pods");
    if ("rest".equals(pods)) {
      return new TemplateEntry(path, role, roleField, List.of(), true);
    }
    return new TemplateEntry(path, role, roleField, counts(pods, where + ".pods"), false);
  }

  private List<PodCount> counts(@Nullable Object value, String where) {
    if (value == null) {
      return List.of();
    }
    List<?> given = list(value, where, "list the count's factors, e.g. [replicas]");
    List<PodCount> counts = new ArrayList<>();
    for (int i = 0; i < given.size(); i++) {
      counts.add(count(given.get(i), where + "[" + i + "]"));
    }
    return counts;
  }

  private PodCount count(Object value, String where) {
    if (value instanceof String field) {
      return PodCount.of(fieldOf(field, where), 1);
    }
    Map<?, ?> count =
        map(value, where, "write a field path, or {field: F, unset: N, atLeast: F, atMost: F}");
    known(count, COUNT, where);
    String field =
        fieldOf(string(count.get("field"), where + ".field", "write the field path"), where);
    long unset = 1;
    if (count.get("unset") != null) {
      require(
          count.get("unset") instanceof Integer || count.get("unset") instanceof Long,
          where + ".unset",
          "is " + count.get("unset"),
          "write the count when the field is not written, a whole number");
      unset = ((Number) count.get("unset")).longValue();
      require(unset >= 0, where + ".unset", "is negative", "write 0 or more");
    }
    Optional<String> atLeast = optionalField(count.get("atLeast"), where + ".atLeast");
    Optional<String> atMost = optionalField(count.get("atMost"), where + ".atMost");
    return new PodCount(field, unset, atLeast, atMost);
  }

  private Optional<String> optionalField(@Nullable Object value, String where) {
    return value == null
        ? Optional.empty()
        : Optional.of(fieldOf(string(value, where, "write a field path"), where));
  }

  private String fieldOf(String field, String where) {
    String relative = field.startsWith("$.") ? field.substring(2) : field;
    FieldPattern.Result parsed = FieldPattern.parse(relative);
    require(
        parsed.pattern().isPresent() && parsed.pattern().get().wildcards() == 0,
        where,
        "\"" + field + "\" is not a field path without wildcards",
        "write fields separated by dots, e.g. replicas or $.spec.replicas");
    return field;
  }

  private void known(Map<?, ?> map, Set<String> fields, String where) {
    for (Object key : map.keySet()) {
      require(
          fields.contains(String.valueOf(key)),
          where.isEmpty() ? String.valueOf(key) : where + "." + key,
          "is not a field of a kinds file here",
          "use one of " + fields.stream().sorted().toList());
    }
  }

  private Map<?, ?> map(@Nullable Object value, String where, String fix) {
    if (value instanceof Map<?, ?> map) {
      return map;
    }
    throw fail(where, value == null ? "is missing" : "is not a mapping", fix);
  }

  private List<?> list(@Nullable Object value, String where, String fix) {
    if (value instanceof List<?> list) {
      return list;
    }
    throw fail(where, value == null ? "is missing" : "is not a list", fix);
  }

  private String string(@Nullable Object value, String where, String fix) {
    if (value instanceof String text) {
      return text;
    }
    throw fail(where, value == null ? "is missing" : "is " + value + ", not a string", fix);
  }

  private void require(boolean holds, String where, String what, String fix) {
    if (!holds) {
      throw fail(where, what, fix);
    }
  }

  private KindsFileException fail(String where, String what, String fix) {
    return new KindsFileException(
        source + ": " + (where.isEmpty() ? "" : where + ": ") + what + "; " + fix);
  }
}
