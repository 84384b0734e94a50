package io.gpuspec.examples;

import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;
import static com.tngtech.archunit.library.dependencies.SlicesRuleDefinition.slices;

import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.core.importer.ImportOption;
import org.junit.jupiter.api.Test;

/**
 * Modules plug into core through its SPI only: no module uses core's internals or another module.
 */
class ModuleLayeringTest {

  private static final JavaClasses ALL =
      new ClassFileImporter()
          .withImportOption(ImportOption.Predefined.DO_NOT_INCLUDE_TESTS)
          // in a reactor build past package, core's test classes come as its -tests.jar
          .withImportOption(location -> !location.contains("-tests.jar"))
          .importPackages("io.gpuspec");

  @Test
  void modules_doNotUseCoreInternals() {
    noClasses()
        .that()
        .resideOutsideOfPackage("io.gpuspec.core..")
        .should()
        .dependOnClassesThat()
        .resideInAPackage("io.gpuspec.core.internal..")
        .check(ALL);
  }

  @Test
  void featureModules_doNotDependOnEachOther() {
    String[] features = {"tfjob", "sharing", "scheduling", "trainer", "lws"};
    for (String feature : features) {
      for (String other : features) {
        if (!feature.equals(other)) {
          noClasses()
              .that()
              .resideInAPackage("io.gpuspec." + feature + "..")
              .should()
              .dependOnClassesThat()
              .resideInAPackage("io.gpuspec." + other + "..")
              .allowEmptyShould(true)
              .check(ALL);
        }
      }
    }
  }

  @Test
  void packages_haveNoCycles() {
    slices().matching("io.gpuspec.(**)").should().beFreeOfCycles().check(ALL);
  }
}
