package io.gpuspec.gradle;

import io.gpuspec.build.BuildLog;
import org.gradle.api.logging.Logger;

/**
 * Core's messages to Gradle's log: info at lifecycle level (shown by default, as Maven shows info),
 * errors at error level (shown with {@code -q} too).
 */
record GradleLog(Logger logger) implements BuildLog {

  @Override
  public void info(String line) {
    logger.lifecycle(line);
  }

  @Override
  public void warn(String line) {
    logger.warn(line);
  }

  @Override
  public void error(String line) {
    logger.error(line);
  }
}
