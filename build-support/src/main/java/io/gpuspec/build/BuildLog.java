package io.gpuspec.build;

/**
 * Where a build writes its messages: the Maven plugin's log, Gradle's logger, the command line's
 * standard error. Findings that fail the build go to {@link #error}, so they show in quiet builds.
 */
public interface BuildLog {

  void info(String line);

  void warn(String line);

  void error(String line);
}
