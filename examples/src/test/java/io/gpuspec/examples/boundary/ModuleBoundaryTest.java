package io.gpuspec.examples.boundary;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.core.importer.ImportOption;
import io.gpuspec.examples.boundary.fixture.a.api.Open;
import io.gpuspec.examples.boundary.fixture.a.internal.Hidden;
import io.gpuspec.examples.boundary.fixture.b.UsesHidden;
import io.gpuspec.examples.boundary.fixture.b.UsesOpen;
import io.gpuspec.examples.boundary.fixture.cycle.Ping;
import io.gpuspec.examples.boundary.fixture.cycle.Pong;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;

/**
 * The module boundary as a test: every module uses only the API/SPI packages other modules declare
 * in {@link ModuleBoundaries#GPUSPEC}, and no package of any module has a class-level cycle. The
 * main classes of every library module are on this module's test class path (core, the feature
 * modules, build-support, testing, examples); the CLI and the plugins sit above them, so nothing
 * can use theirs.
 */
class ModuleBoundaryTest {

  private static final JavaClasses ALL =
      new ClassFileImporter()
          .withImportOption(ImportOption.Predefined.DO_NOT_INCLUDE_TESTS)
          // in a reactor build past package, core's test classes come as its -tests.jar
          .withImportOption(location -> !location.contains("-tests.jar"))
          .importPackages("io.gpuspec");

  private static final String FIXTURE = "io.gpuspec.examples.boundary.fixture";

  /** Two fixture modules: a exports only its api package, b uses a. */
  private static final List<ModuleBoundaries> FIXTURE_MODULES =
      List.of(
          ModuleBoundaries.open("a", FIXTURE + ".a", FIXTURE + ".a.api"),
          ModuleBoundaries.open("b", FIXTURE + ".b"));

  @Test
  void everyModule_usesOnlyTheApiAndSpiOfOthers() {
    assertThat(ALL.containPackage("io.gpuspec.build")).as("build-support imported").isTrue();
    assertThat(ALL.containPackage("io.gpuspec.testing")).as("testing imported").isTrue();
    ModuleBoundaries.rule(ModuleBoundaries.GPUSPEC).check(ALL);
  }

  @Test
  void boundary_failsOnAModuleUsingAPackageThatIsNotApi() {
    JavaClasses bad =
        new ClassFileImporter()
            .importClasses(Open.class, Hidden.class, UsesOpen.class, UsesHidden.class);
    assertThatThrownBy(() -> ModuleBoundaries.rule(FIXTURE_MODULES).check(bad))
        .isInstanceOf(AssertionError.class)
        .hasMessageContaining(UsesHidden.class.getName())
        .hasMessageContaining(Hidden.class.getName())
        .hasMessageNotContaining(UsesOpen.class.getName() + ".value()");
  }

  @Test
  void boundary_passesWhenModulesUseOnlyApi() {
    JavaClasses good =
        new ClassFileImporter().importClasses(Open.class, Hidden.class, UsesOpen.class);
    ModuleBoundaries.rule(FIXTURE_MODULES).check(good);
  }

  @Test
  void everyPackageOfEveryModule_hasNoClassCycle() {
    assertThat(ClassCycles.of(ALL)).as("class cycles inside packages").isEmpty();
  }

  @Test
  void classCycles_areFoundInClassFiles() {
    JavaClasses fixture = new ClassFileImporter().importPackages(FIXTURE + ".cycle");
    assertThat(ClassCycles.of(fixture))
        .containsExactly(Set.of(Ping.class.getName(), Pong.class.getName()));
  }
}
