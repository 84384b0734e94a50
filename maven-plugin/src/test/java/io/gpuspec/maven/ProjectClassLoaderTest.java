package io.gpuspec.maven;

import static org.assertj.core.api.Assertions.assertThat;

import io.gpuspec.build.ProjectClassLoader;
import io.gpuspec.core.check.Gpuspec;
import io.gpuspec.core.spi.GpuspecModule;
import java.net.URLClassLoader;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * Which modules a project's registry sees, with the plugin's class path as the tool's: core and
 * gpuspec-tfjob (runtime dependencies of the plugin, as in a real build).
 */
class ProjectClassLoaderTest {

  private static final ClassLoader PLUGIN = ProjectClassLoaderTest.class.getClassLoader();

  private static List<String> modules(ClassLoader loader) {
    return Gpuspec.load(loader).modules().stream().map(GpuspecModule::name).toList();
  }

  private static Path tfjobJar() throws Exception {
    return Path.of(
        Class.forName("io.gpuspec.tfjob.internal.TfJobModule", false, PLUGIN)
            .getProtectionDomain()
            .getCodeSource()
            .getLocation()
            .toURI());
  }

  @Test
  void lint_seesEveryModuleThePluginBundles() throws Exception {
    try (URLClassLoader project = ProjectClassLoader.create(List.of(), PLUGIN, true)) {
      assertThat(modules(project)).contains("core", "tfjob");
    }
  }

  @Test
  void generate_seesOnlyCoreOfThePlugin() throws Exception {
    try (URLClassLoader project = ProjectClassLoader.create(List.of(), PLUGIN, false)) {
      assertThat(modules(project)).containsExactly("core");
    }
  }

  @Test
  void generate_usesTheProjectsOwnModuleJar_withThePluginsCore() throws Exception {
    try (URLClassLoader project = ProjectClassLoader.create(List.of(tfjobJar()), PLUGIN, false)) {
      Gpuspec gpuspec = Gpuspec.load(project);

      assertThat(gpuspec.modules())
          .extracting(GpuspecModule::name)
          .containsExactly("core", "tfjob");
      GpuspecModule tfjob = gpuspec.modules().get(1);
      assertThat(tfjob.getClass().getClassLoader()).isSameAs(project);
      assertThat(gpuspec.modules().get(0).getClass().getClassLoader()).isSameAs(PLUGIN);
    }
  }
}
