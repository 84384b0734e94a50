package io.gpuspec.gradle;

import io.gpuspec.build.BuildException;
import io.gpuspec.build.BuildLog;
import io.gpuspec.build.BuildOutcome;
import io.gpuspec.build.VersionCheck;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.util.Map;
import java.util.Properties;
import java.util.function.Function;
import org.gradle.api.GradleException;

/**
 * What both work actions do around core's goal, with plain values: check that project and plugin
 * use one gpuspec version, run the goal, and turn its outcome into Gradle's (a {@link
 * GradleException} with core's message, which Gradle shows without a stack trace).
 */
final class GradleGoal {

  static final String PLUGIN = "gpuspec-gradle-plugin";

  private GradleGoal() {}

  static void run(
      Map<String, String> gpuspecVersions, BuildLog log, Function<BuildLog, BuildOutcome> goal) {
    BuildOutcome outcome;
    try {
      VersionCheck.requireSameVersion(PLUGIN, pluginVersion(), gpuspecVersions);
      outcome = goal.apply(log);
    } catch (BuildException e) {
      throw new GradleException(e.getMessage());
    }
    if (outcome.failed()) {
      throw new GradleException(outcome.summary());
    }
    log.info(outcome.summary());
  }

  /** The gpuspec version the plugin is built from. */
  static String pluginVersion() {
    Properties properties = new Properties();
    try (InputStream in = GradleGoal.class.getResourceAsStream("version.properties")) {
      if (in == null) {
        throw new IllegalStateException("version.properties is missing from " + PLUGIN);
      }
      properties.load(in);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    return properties.getProperty("version");
  }
}
