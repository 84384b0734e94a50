package io.gpuspec.build;

import java.util.Map;
import java.util.TreeMap;
import java.util.stream.Collectors;

/**
 * The project and the build plugin must use one gpuspec version: the project's spec classes and
 * rules run against the plugin's gpuspec-core (see {@link ProjectClassLoader}), so anything else
 * would break in ways far from the cause.
 */
public final class VersionCheck {

  private VersionCheck() {}

  /**
   * Fails when a gpuspec artifact of the project has another version than the plugin.
   *
   * @param plugin the plugin's name, e.g. {@code gpuspec-maven-plugin}
   * @param pluginVersion its version
   * @param projectArtifacts the project's {@code io.gpuspec} artifacts: artifact id to version
   * @throws BuildException naming every artifact of another version
   */
  public static void requireSameVersion(
      String plugin, String pluginVersion, Map<String, String> projectArtifacts) {
    Map<String, String> other = new TreeMap<>();
    projectArtifacts.forEach(
        (artifact, version) -> {
          if (!version.equals(pluginVersion)) {
            other.put(artifact, version);
          }
        });
    if (other.isEmpty()) {
      return;
    }
    String theirs =
        other.entrySet().stream()
            .map(e -> e.getKey() + " " + e.getValue())
            .collect(Collectors.joining(", "));
    String wanted = other.values().iterator().next();
    throw new BuildException(
        plugin + " " + pluginVersion,
        "the project uses " + theirs + ", but specs and rules must run with the plugin's version",
        "use " + plugin + " " + wanted + ", or gpuspec " + pluginVersion + " in the project");
  }
}
