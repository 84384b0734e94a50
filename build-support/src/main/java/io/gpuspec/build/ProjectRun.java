package io.gpuspec.build;

import io.gpuspec.core.check.Gpuspec;
import io.gpuspec.core.check.ModuleLoadException;
import io.gpuspec.core.spi.GpuspecModule;
import io.gpuspec.core.spi.Rule;
import java.io.IOException;
import java.net.URLClassLoader;
import java.nio.file.Path;
import java.util.List;
import java.util.function.Function;
import java.util.stream.Collectors;

/** Runs a goal inside a project's class loader, with the registry of the modules it sees. */
final class ProjectRun {

  private ProjectRun() {}

  /**
   * Calls {@code goal} with a loader over the class path (see {@link ProjectClassLoader}) that is
   * also the thread's context class loader meanwhile, and closes it afterwards.
   */
  static <T> T in(
      List<Path> classPath,
      ClassLoader tool,
      boolean toolModules,
      Function<URLClassLoader, T> goal) {
    Thread thread = Thread.currentThread();
    ClassLoader previous = thread.getContextClassLoader();
    URLClassLoader loader = ProjectClassLoader.create(classPath, tool, toolModules);
    try {
      thread.setContextClassLoader(loader);
      return goal.apply(loader);
    } finally {
      thread.setContextClassLoader(previous);
      try {
        loader.close();
      } catch (IOException e) {
        // it only read local files; nothing is left to release
      }
    }
  }

  /** Every module the loader sees, as a registry. */
  static Gpuspec registry(ClassLoader loader) {
    try {
      return Gpuspec.load(loader);
    } catch (ModuleLoadException e) {
      throw new BuildException(e.getMessage(), e);
    }
  }

  /** {@code gpuspec: modules core, tfjob; 24 rules: GPU001, ..., TFJ005}. */
  static String describe(Gpuspec gpuspec) {
    return "gpuspec: modules "
        + gpuspec.modules().stream().map(GpuspecModule::name).collect(Collectors.joining(", "))
        + "; "
        + gpuspec.rules().size()
        + " rules: "
        + gpuspec.rules().stream().map(Rule::id).collect(Collectors.joining(", "));
  }
}
