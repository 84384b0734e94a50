package io.gpuspec.core;

import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;
import static com.tngtech.archunit.library.dependencies.SlicesRuleDefinition.slices;

import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;

/**
 * The package layering of docs/architecture.md, checked on core's compiled classes: no cycles, each
 * layer uses only the ones below it, and core depends on no feature module.
 */
class ArchitectureTest {

  private static final JavaClasses CORE =
      new ClassFileImporter().importPath(Path.of("target/classes"));

  @Test
  void corePackages_haveNoCycles() {
    slices().matching("io.gpuspec.core.(**)").should().beFreeOfCycles().check(CORE);
    slices().matching("io.gpuspec.(*)..").should().beFreeOfCycles().check(CORE);
  }

  @Test
  void report_dependsOnNoOtherGpuspecPackage() {
    noClasses()
        .that()
        .resideInAPackage("io.gpuspec.core.report")
        .should()
        .dependOnClassesThat()
        .resideOutsideOfPackages("io.gpuspec.core.report", "java..", "io.fabric8..")
        .check(CORE);
  }

  @Test
  void k8sAndManifest_dependOnlyOnLowerLayers() {
    noClasses()
        .that()
        .resideInAPackage("io.gpuspec.core.k8s..")
        .should()
        .dependOnClassesThat()
        .resideInAPackage("io.gpuspec..")
        .andShould()
        .dependOnClassesThat()
        .resideOutsideOfPackages("io.gpuspec.core.k8s..", "java..", "io.fabric8..")
        .check(CORE);
    noClasses()
        .that()
        .resideInAPackage("io.gpuspec.core.manifest..")
        .should()
        .dependOnClassesThat()
        .resideInAnyPackage(
            "io.gpuspec.core",
            "io.gpuspec.core.spi..",
            "io.gpuspec.core.check..",
            "io.gpuspec.core.internal..")
        .check(CORE);
  }

  @Test
  void userFacingTypes_doNotDependOnTheEngineOrTheSpi() {
    noClasses()
        .that()
        .resideInAPackage("io.gpuspec.core")
        .should()
        .dependOnClassesThat()
        .resideInAnyPackage(
            "io.gpuspec.core.spi..", "io.gpuspec.core.check..", "io.gpuspec.core.internal..")
        .check(CORE);
  }

  @Test
  void onlyInternalAndTheEngineMayUseTheirOwnLayers() {
    noClasses()
        .that()
        .resideOutsideOfPackages("io.gpuspec.core.internal..")
        .should()
        .dependOnClassesThat()
        .resideInAPackage("io.gpuspec.core.internal..")
        .check(CORE);
    noClasses()
        .that()
        .resideInAPackage("io.gpuspec.core.spi..")
        .should()
        .dependOnClassesThat()
        .resideInAPackage("io.gpuspec.core.check..")
        .check(CORE);
  }

  @Test
  void core_dependsOnNoFeatureModule() {
    noClasses()
        .should()
        .dependOnClassesThat()
        .resideInAnyPackage(
            "io.gpuspec.build..",
            "io.gpuspec.testing..",
            "io.gpuspec.tfjob..",
            "io.gpuspec.sharing..",
            "io.gpuspec.scheduling..",
            "io.gpuspec.cli..",
            "io.gpuspec.maven..",
            "io.gpuspec.gradle..")
        .check(CORE);
  }
}
