package io.gpuspec.examples;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.File;
import java.lang.reflect.Method;
import java.net.MalformedURLException;
import java.net.URL;
import java.net.URLClassLoader;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.function.Predicate;
import org.junit.jupiter.api.Test;

/**
 * The registry sees exactly the modules of the class loader it is given, as a build plugin that
 * runs a project in its own class loader needs: gpuspec itself is loaded afresh in a {@link
 * URLClassLoader} with or without the tfjob jar, and driven reflectively.
 */
class RegistryClassLoaderTest {

  private static final String TFJOB =
      """
      apiVersion: kubeflow.org/v1
      kind: TFJob
      metadata:
        name: mnist
        namespace: ml
      spec:
        tfReplicaSpecs:
          Worker:
            replicas: 2
            template:
              spec:
                containers:
                - name: tensorflow
                  image: tensorflow/tensorflow:2.16.1-gpu
      """;

  private static URLClassLoader fresh(Predicate<String> keep) throws MalformedURLException {
    List<URL> urls = new ArrayList<>();
    for (String entry : System.getProperty("java.class.path").split(File.pathSeparator)) {
      if (keep.test(entry) && !entry.contains("test-classes")) {
        urls.add(Path.of(entry).toUri().toURL());
      }
    }
    return new URLClassLoader(urls.toArray(URL[]::new), ClassLoader.getPlatformClassLoader());
  }

  private static boolean isTfjob(String entry) {
    return entry.contains("gpuspec-tfjob") || entry.replace('\\', '/').contains("tfjob/target");
  }

  private static Object load(ClassLoader loader) throws ReflectiveOperationException {
    Class<?> gpuspec = Class.forName("io.gpuspec.core.check.Gpuspec", true, loader);
    return gpuspec.getMethod("load", ClassLoader.class).invoke(null, loader);
  }

  private static List<String> ruleIds(Object gpuspec) throws ReflectiveOperationException {
    List<String> ids = new ArrayList<>();
    for (Object rule : (List<?>) gpuspec.getClass().getMethod("rules").invoke(gpuspec)) {
      Method id = rule.getClass().getMethod("id");
      id.setAccessible(true);
      ids.add((String) id.invoke(rule));
    }
    return ids;
  }

  private static List<String> lintText(Object gpuspec, ClassLoader loader)
      throws ReflectiveOperationException {
    Object read =
        gpuspec
            .getClass()
            .getMethod("read", String.class, String.class)
            .invoke(gpuspec, TFJOB, "job.yaml");
    Class<?> options = Class.forName("io.gpuspec.core.check.CheckOptions", true, loader);
    Object engine = gpuspec.getClass().getMethod("engine").invoke(gpuspec);
    Object report =
        engine
            .getClass()
            .getMethod("lint", read.getClass(), options)
            .invoke(engine, read, options.getMethod("defaults").invoke(null));
    List<String> lines = new ArrayList<>();
    for (Object violation : (List<?>) report.getClass().getMethod("violations").invoke(report)) {
      lines.add(violation.toString());
    }
    return lines;
  }

  @Test
  void withTheTfjobJar_tfjobRulesAndKindArePresent() throws Exception {
    try (URLClassLoader loader = fresh(entry -> true)) {
      Object gpuspec = load(loader);
      assertThat(gpuspec.getClass().getClassLoader()).isSameAs(loader);
      assertThat(ruleIds(gpuspec)).contains("TFJ001", "TFJ002", "GPU001");
      Object kinds = gpuspec.getClass().getMethod("kinds").invoke(gpuspec);
      Object tfjob =
          kinds
              .getClass()
              .getMethod("lookup", String.class, String.class)
              .invoke(kinds, "kubeflow.org/v1", "TFJob");
      assertThat(tfjob.toString()).contains("io.gpuspec.tfjob.model.TFJob");
      assertThat(lintText(gpuspec, loader)).noneMatch(line -> line.contains("YAML004"));
    }
  }

  @Test
  void withoutTheTfjobJar_aTfjobGetsOneClearWarningAndNothingElse() throws Exception {
    try (URLClassLoader loader = fresh(Predicate.not(RegistryClassLoaderTest::isTfjob))) {
      Object gpuspec = load(loader);
      assertThat(ruleIds(gpuspec)).contains("GPU001").noneMatch(id -> id.startsWith("TFJ"));
      assertThat(lintText(gpuspec, loader))
          .singleElement()
          .satisfies(
              line ->
                  assertThat(line)
                      .startsWith("WARNING YAML004")
                      .contains("kind kubeflow.org/v1 TFJob is not known")
                      .contains("gpuspec-tfjob models this kind: add it to the class path"));
    }
  }

  @Test
  void theClassPathOfThisTest_holdsTheTfjobModule() {
    assertThat(Arrays.stream(System.getProperty("java.class.path").split(File.pathSeparator)))
        .anyMatch(RegistryClassLoaderTest::isTfjob);
  }
}
