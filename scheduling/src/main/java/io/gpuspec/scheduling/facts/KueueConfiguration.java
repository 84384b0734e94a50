package io.gpuspec.scheduling.facts;

import io.fabric8.kubernetes.api.model.ConfigMap;
import io.gpuspec.core.k8s.Quantities;
import io.gpuspec.core.report.Finding;
import java.io.IOException;
import java.math.BigDecimal;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeMap;
import tools.jackson.core.JacksonException;
import tools.jackson.core.StreamReadFeature;
import tools.jackson.databind.JsonNode;
import tools.jackson.dataformat.yaml.YAMLMapper;

/**
 * What the Kueue manager's {@code Configuration} ({@code config.kueue.x-k8s.io/v1beta1} or {@code
 * v1beta2}, kueue {@code apis/config/*}/configuration_types.go) says about how a workload's
 * requests are counted against quota: {@code resources.excludeResourcePrefixes} (requests Kueue
 * ignores), {@code resources.transformations} (an input resource turned into outputs, per unit,
 * optionally multiplied by another requested resource, the input kept ({@code Retain}, the default)
 * or dropped ({@code Replace})) and, in v1beta2, {@code resources.quotaCheckStrategy} ({@code
 * IgnoreUndeclared}: requests of resources a ClusterQueue does not cover are not checked). Other
 * fields of the configuration are not read.
 *
 * <p>Read from a file ({@code --kueue-config}) or from the ConfigMap {@value #CONFIG_MAP} (key
 * {@value #CONFIG_MAP_KEY}) that Kueue's manifests mount.
 *
 * @param excludeResourcePrefixes prefixes of resource names Kueue ignores
 * @param transformations the transformations, by input resource
 * @param ignoreUndeclared whether {@code quotaCheckStrategy} is {@code IgnoreUndeclared}
 */
public record KueueConfiguration(
    List<String> excludeResourcePrefixes,
    Map<String, Transformation> transformations,
    boolean ignoreUndeclared) {

  /** The name of the ConfigMap Kueue's manifests keep the configuration in. */
  public static final String CONFIG_MAP = "kueue-manager-config";

  /** The key of the configuration in {@value #CONFIG_MAP}. */
  public static final String CONFIG_MAP_KEY = "controller_manager_config.yaml";

  /** The name of the check input that holds the configuration file. */
  public static final String INPUT = "kueue-config";

  private static final String GROUP = "config.kueue.x-k8s.io/";
  private static final Set<String> VERSIONS = Set.of("v1beta1", "v1beta2");
  private static final int MAX_CHARS = 1 << 20;
  private static final YAMLMapper MAPPER =
      YAMLMapper.builder().enable(StreamReadFeature.STRICT_DUPLICATE_DETECTION).build();

  /**
   * One transformation.
   *
   * @param input the resource it reads
   * @param replace whether the input is dropped ({@code Replace}) rather than kept ({@code Retain})
   * @param multiplyBy a requested resource whose amount multiplies the input before the outputs
   * @param outputs each output resource and its amount per unit of input
   */
  public record Transformation(
      String input, boolean replace, Optional<String> multiplyBy, Map<String, BigDecimal> outputs) {

    public Transformation {
      outputs = Map.copyOf(outputs);
    }
  }

  public KueueConfiguration {
    excludeResourcePrefixes = List.copyOf(excludeResourcePrefixes);
    transformations = Map.copyOf(transformations);
  }

  /**
   * The requests Kueue counts for a pod that requests {@code requests}: excluded prefixes dropped,
   * then the transformations applied (kueue {@code pkg/workload}, {@code dropExcludedResources} and
   * {@code applyResourceTransformations}); outputs of several inputs add up, and a negative total
   * counts as zero.
   */
  public Map<String, BigDecimal> effective(Map<String, BigDecimal> requests) {
    Map<String, BigDecimal> kept = new TreeMap<>();
    requests.forEach(
        (name, amount) -> {
          if (excludeResourcePrefixes.stream().noneMatch(name::startsWith)) {
            kept.put(name, amount);
          }
        });
    Map<String, BigDecimal> retained = new TreeMap<>();
    Map<String, BigDecimal> generated = new TreeMap<>();
    kept.forEach(
        (name, amount) -> {
          Transformation t = transformations.get(name);
          if (t == null) {
            retained.put(name, amount);
            return;
          }
          BigDecimal base = t.multiplyBy().map(kept::get).map(amount::multiply).orElse(amount);
          t.outputs()
              .forEach(
                  (output, factor) ->
                      generated.merge(output, base.multiply(factor), BigDecimal::add));
          if (!t.replace()) {
            retained.put(name, amount);
          }
        });
    generated.replaceAll((name, amount) -> amount.signum() < 0 ? BigDecimal.ZERO : amount);
    generated.forEach((name, amount) -> retained.merge(name, amount, BigDecimal::add));
    return retained;
  }

  /**
   * Reads the configuration file at {@code file}.
   *
   * @throws io.gpuspec.core.spi.InputFileException naming the file and the field when it cannot be
   *     read or a field is wrong
   */
  public static KueueConfiguration read(Path file) {
    String text;
    try {
      if (Files.size(file) > MAX_CHARS) {
        throw new io.gpuspec.core.spi.InputFileException(
            file, "", "the file is larger than 1 MiB", "give the Kueue Configuration file");
      }
      text = Files.readString(file, StandardCharsets.UTF_8);
    } catch (IOException | java.io.UncheckedIOException e) {
      throw new io.gpuspec.core.spi.InputFileException(
          file, "", "cannot be read (" + e.getMessage() + ")", "give a readable file", e);
    }
    Parsed parsed = parse(text, "");
    if (!parsed.problems().isEmpty()) {
      Finding first = parsed.problems().get(0);
      throw new io.gpuspec.core.spi.InputFileException(
          file, first.path(), first.message(), first.fix());
    }
    return parsed.configuration().orElseThrow();
  }

  /**
   * The configuration in a ConfigMap named {@value #CONFIG_MAP} under {@value #CONFIG_MAP_KEY}, or
   * the problems of its text (field paths under {@code data[controller_manager_config.yaml]}); no
   * configuration and no problem for another ConfigMap.
   */
  public static Parsed fromConfigMap(ConfigMap map) {
    if (map.getMetadata() == null
        || !CONFIG_MAP.equals(map.getMetadata().getName())
        || map.getData() == null
        || map.getData().get(CONFIG_MAP_KEY) == null) {
      return new Parsed(Optional.empty(), List.of());
    }
    return parse(map.getData().get(CONFIG_MAP_KEY), "data[" + CONFIG_MAP_KEY + "]");
  }

  /**
   * A configuration read from a text, or what is wrong with it.
   *
   * @param configuration the configuration, when the text has no problem
   * @param problems what is wrong, each with its field path
   */
  public record Parsed(Optional<KueueConfiguration> configuration, List<Finding> problems) {

    public Parsed {
      problems = List.copyOf(problems);
    }
  }

  /** Parses a configuration text; {@code prefix} is the path of the text itself. */
  static Parsed parse(String text, String prefix) {
    List<Finding> problems = new ArrayList<>();
    JsonNode root;
    try {
      root = MAPPER.readTree(text);
    } catch (JacksonException e) {
      String why = firstLine(e.getOriginalMessage());
      problems.add(
          new Finding(
              prefix,
              why.startsWith("Trailing token")
                  ? "holds more than one YAML document"
                  : "not valid YAML (" + why + ")",
              "write the Kueue Configuration as one YAML mapping"));
      return new Parsed(Optional.empty(), problems);
    }
    if (root == null || !root.isObject()) {
      problems.add(
          new Finding(prefix, "not a YAML mapping", "write the Kueue Configuration as a mapping"));
      return new Parsed(Optional.empty(), problems);
    }
    String apiVersion = root.path("apiVersion").asString("");
    if (!apiVersion.startsWith(GROUP) || !VERSIONS.contains(apiVersion.substring(GROUP.length()))) {
      problems.add(
          new Finding(
              at(prefix, "apiVersion"),
              "\"" + apiVersion + "\" is not a Kueue Configuration version",
              "use config.kueue.x-k8s.io/v1beta2 (or v1beta1)"));
    }
    if (!"Configuration".equals(root.path("kind").asString(""))) {
      problems.add(
          new Finding(
              at(prefix, "kind"),
              "\"" + root.path("kind").asString("") + "\" is not Configuration",
              "give the Kueue manager's Configuration (kind: Configuration)"));
    }
    JsonNode resources = root.path("resources");
    String path = at(prefix, "resources");
    if (!resources.isMissingNode() && !resources.isNull() && !resources.isObject()) {
      problems.add(new Finding(path, "is not a mapping", "write resources as a mapping"));
      return new Parsed(Optional.empty(), problems);
    }
    List<String> prefixes =
        strings(
            resources.path("excludeResourcePrefixes"),
            at(path, "excludeResourcePrefixes"),
            problems);
    Map<String, Transformation> transformations = new LinkedHashMap<>();
    JsonNode list = resources.path("transformations");
    if (!list.isMissingNode() && !list.isNull() && !list.isArray()) {
      problems.add(
          new Finding(
              at(path, "transformations"), "is not a list", "write a list of transformations"));
    } else if (list.isArray()) {
      for (int i = 0; i < list.size(); i++) {
        String where = at(path, "transformations") + "[" + i + "]";
        Optional<Transformation> t = transformation(list.get(i), where, problems);
        if (t.isPresent() && transformations.putIfAbsent(t.get().input(), t.get()) != null) {
          problems.add(
              new Finding(
                  at(where, "input"),
                  t.get().input() + " is the input of an earlier transformation too",
                  "keep one transformation per input resource"));
        }
      }
    }
    boolean ignoreUndeclared = false;
    JsonNode strategy = resources.path("quotaCheckStrategy");
    if (!strategy.isMissingNode() && !strategy.isNull()) {
      String value = strategy.asString("");
      String where = at(path, "quotaCheckStrategy");
      if (!Set.of("BlockUndeclared", "IgnoreUndeclared").contains(value)) {
        problems.add(
            new Finding(
                where,
                "\"" + value + "\" is not a quota check strategy",
                "use BlockUndeclared or IgnoreUndeclared"));
      } else if (value.equals("IgnoreUndeclared") && !prefixes.isEmpty()) {
        problems.add(
            new Finding(
                where,
                "IgnoreUndeclared is not allowed together with excludeResourcePrefixes",
                "drop excludeResourcePrefixes, or use BlockUndeclared"));
      }
      ignoreUndeclared = value.equals("IgnoreUndeclared");
    }
    return problems.isEmpty()
        ? new Parsed(
            Optional.of(new KueueConfiguration(prefixes, transformations, ignoreUndeclared)),
            problems)
        : new Parsed(Optional.empty(), problems);
  }

  private static Optional<Transformation> transformation(
      JsonNode node, String path, List<Finding> problems) {
    if (node == null || !node.isObject()) {
      problems.add(new Finding(path, "is not a mapping", "give input, strategy and outputs"));
      return Optional.empty();
    }
    int before = problems.size();
    String input = node.path("input").asString("");
    if (input.isEmpty()) {
      problems.add(new Finding(at(path, "input"), "is missing", "name the input resource"));
    }
    String strategy =
        node.path("strategy").isMissingNode() ? "Retain" : node.path("strategy").asString("");
    if (!strategy.equals("Retain") && !strategy.equals("Replace")) {
      problems.add(
          new Finding(
              at(path, "strategy"),
              "\"" + strategy + "\" is not a transformation strategy",
              "use Retain or Replace"));
    }
    JsonNode multiplyBy = node.path("multiplyBy");
    Map<String, BigDecimal> outputs = new TreeMap<>();
    JsonNode given = node.path("outputs");
    if (!given.isMissingNode() && !given.isNull() && !given.isObject()) {
      problems.add(
          new Finding(
              at(path, "outputs"),
              "is not a mapping",
              "map each output resource to an amount per unit"));
    } else if (given.isObject()) {
      for (Map.Entry<String, JsonNode> output : given.properties()) {
        Optional<BigDecimal> amount =
            output.getValue().isValueNode()
                ? Quantities.parse(output.getValue().asString(""))
                : Optional.empty();
        if (amount.isEmpty()) {
          problems.add(
              new Finding(
                  at(path, "outputs") + "[" + output.getKey() + "]",
                  "\"" + output.getValue() + "\" is not a quantity",
                  "give the amount per unit of input, e.g. \"1\" or \"500m\""));
        } else {
          outputs.put(output.getKey(), amount.get());
        }
      }
    }
    if (problems.size() > before) {
      return Optional.empty();
    }
    return Optional.of(
        new Transformation(
            input,
            strategy.equals("Replace"),
            multiplyBy.isMissingNode() || multiplyBy.asString("").isEmpty()
                ? Optional.empty()
                : Optional.of(multiplyBy.asString("")),
            outputs));
  }

  private static List<String> strings(JsonNode node, String path, List<Finding> problems) {
    List<String> values = new ArrayList<>();
    if (node.isMissingNode() || node.isNull()) {
      return values;
    }
    if (!node.isArray()) {
      problems.add(new Finding(path, "is not a list", "write a list of resource name prefixes"));
      return values;
    }
    for (int i = 0; i < node.size(); i++) {
      if (!node.get(i).isString()) {
        problems.add(
            new Finding(path + "[" + i + "]", "is not a string", "write a resource name prefix"));
      } else {
        values.add(node.get(i).asString());
      }
    }
    return values;
  }

  private static String at(String prefix, String field) {
    return prefix.isEmpty() ? field : prefix + "." + field;
  }

  private static String firstLine(String text) {
    if (text == null) {
      return "unreadable";
    }
    int end = text.indexOf('\n');
    return end < 0 ? text : text.substring(0, end);
  }
}
