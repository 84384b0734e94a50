package io.gpuspec.cel;

import static com.tngtech.archunit.library.dependencies.SlicesRuleDefinition.slices;

import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;

/** The cel module's packages, checked on its compiled classes: no package cycles. */
class CelPackagesTest {

  @Test
  void celPackages_haveNoCycles() {
    JavaClasses cel = new ClassFileImporter().importPath(Path.of("target/classes"));
    slices().matching("io.gpuspec.cel.(**)").should().beFreeOfCycles().check(cel);
  }
}
