package io.gpuspec.sharing;

import io.fabric8.kubernetes.api.model.ConfigMap;
import io.gpuspec.core.report.Finding;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.function.Predicate;
import tools.jackson.databind.node.ObjectNode;

/**
 * What the facts over configs embedded in a ConfigMap share: each finding is at the config's data
 * key ({@code data[tesla-t4]}) and names the path inside the config first in its message ({@code
 * sharing.timeSlicing.resources[0].replicas: ...}).
 */
final class ConfigFindings {

  private ConfigFindings() {}

  /** A fact over one embedded config: its data key, its text and its tree. */
  @FunctionalInterface
  interface Fact {
    List<Finding> apply(String key, String text, ObjectNode root);
  }

  /**
   * The findings of {@code fact} on every data value of the ConfigMap, by sorted key, whose text
   * reads as a mapping that {@code recognises} accepts.
   */
  static List<Finding> each(ConfigMap configMap, Predicate<ObjectNode> recognises, Fact fact) {
    List<Finding> findings = new ArrayList<>();
    Map<String, String> data = configMap.getData() == null ? Map.of() : configMap.getData();
    new TreeMap<>(data)
        .forEach(
            (key, text) ->
                DevicePluginConfigText.tree(text)
                    .filter(recognises)
                    .ifPresent(
                        root -> {
                          for (Finding inner : fact.apply(key, text, root)) {
                            findings.add(
                                new Finding(
                                    "data[" + key + "]",
                                    at(inner.path()) + inner.message(),
                                    inner.fix()));
                          }
                        }));
    return findings;
  }

  /** A strict reader's problem ({@code "<what>; <fix>"}) as a finding inside its config. */
  static Finding of(ConfigProblem problem) {
    String message = problem.message();
    int split = message.lastIndexOf("; ");
    return new Finding(
        problem.path(),
        split < 0 ? message : message.substring(0, split),
        split < 0 ? "fix the config as the message says" : message.substring(split + 2));
  }

  private static String at(String inner) {
    return inner.isEmpty() || inner.equals("<root>") ? "" : inner + ": ";
  }
}
