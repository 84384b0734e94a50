package io.gpuspec.examples.boundary;

import static com.tngtech.archunit.core.domain.JavaClass.Predicates.resideInAPackage;
import static com.tngtech.archunit.core.domain.JavaClass.Predicates.resideOutsideOfPackages;
import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;

import com.tngtech.archunit.lang.ArchRule;
import com.tngtech.archunit.lang.CompositeArchRule;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;

/**
 * The one declaration of what each gpuspec module lets other modules use: its API packages (what
 * users write and call) and SPI packages (what modules build on: the SPI, Kubernetes semantics,
 * Kubeflow's job types, facts). Everything else of a module, e.g. its {@code internal} packages, is
 * its own. A package ending in {@code ..} includes its subpackages (ArchUnit's syntax).
 *
 * <p>A module may restrict its packages to some users (build-support serves the CLI and the plugins
 * only); a module whose packages no main code may use (testing, the adapters) lists no users.
 *
 * @param name the module's directory
 * @param root the package root all its classes are under
 * @param exported its API and SPI packages
 * @param users the package roots of the modules allowed to use them; empty for everyone
 */
public record ModuleBoundaries(
    String name, String root, List<String> exported, List<String> users) {

  private static final String ANYONE = "*";

  /** Every module of gpuspec, with its API/SPI packages. */
  public static final List<ModuleBoundaries> GPUSPEC =
      List.of(
          open(
              "core",
              "io.gpuspec.core",
              // API
              "io.gpuspec.core",
              "io.gpuspec.core.check",
              "io.gpuspec.core.fleet",
              "io.gpuspec.core.manifest",
              "io.gpuspec.core.registry",
              "io.gpuspec.core.report",
              "io.gpuspec.core.report.format",
              // SPI
              "io.gpuspec.core.spi..",
              "io.gpuspec.core.k8s..",
              "io.gpuspec.core.kubeflow..",
              "io.gpuspec.core.facts.."),
          open(
              "tfjob",
              "io.gpuspec.tfjob",
              "io.gpuspec.tfjob",
              "io.gpuspec.tfjob.model..",
              "io.gpuspec.tfjob.facts.."),
          open(
              "sharing",
              "io.gpuspec.sharing",
              "io.gpuspec.sharing",
              "io.gpuspec.sharing.dra..",
              "io.gpuspec.sharing.facts.."),
          open("lws", "io.gpuspec.lws", "io.gpuspec.lws", "io.gpuspec.lws.facts.."),
          open(
              "scheduling",
              "io.gpuspec.scheduling",
              "io.gpuspec.scheduling",
              "io.gpuspec.scheduling.model..",
              "io.gpuspec.scheduling.facts.."),
          new ModuleBoundaries(
              "build-support",
              "io.gpuspec.build",
              List.of("io.gpuspec.build"),
              List.of("io.gpuspec.cli", "io.gpuspec.maven", "io.gpuspec.gradle")),
          closed("testing", "io.gpuspec.testing"),
          closed("examples", "io.gpuspec.examples"),
          closed("cli", "io.gpuspec.cli"),
          closed("maven-plugin", "io.gpuspec.maven"),
          closed("gradle-plugin", "io.gpuspec.gradle"),
          closed("bench", "io.gpuspec.bench"));

  public ModuleBoundaries {
    exported = List.copyOf(exported);
    users = List.copyOf(users);
  }

  /** A module whose API/SPI packages any other module may use. */
  public static ModuleBoundaries open(String name, String root, String... exported) {
    return new ModuleBoundaries(name, root, List.of(exported), List.of(ANYONE));
  }

  /** A module no other module's main code may use. */
  public static ModuleBoundaries closed(String name, String root) {
    return new ModuleBoundaries(name, root, List.of(), List.of());
  }

  /**
   * The rule for a set of modules: no class of one module depends on a class of another that is
   * outside the other's API/SPI packages, or on any class of a module it is not a user of.
   */
  public static ArchRule rule(List<ModuleBoundaries> modules) {
    List<ArchRule> rules = new ArrayList<>();
    for (ModuleBoundaries module : modules) {
      String own = module.root() + "..";
      if (module.users().contains(ANYONE)) {
        rules.add(
            noClasses()
                .that()
                .resideOutsideOfPackage(own)
                .should()
                .dependOnClassesThat(
                    resideInAPackage(own)
                        .and(resideOutsideOfPackages(module.exported().toArray(String[]::new))))
                .as(
                    "no module uses a package of "
                        + module.name()
                        + " that is not API/SPI "
                        + module.exported())
                .allowEmptyShould(true));
      } else {
        String[] allowed =
            Stream.concat(Stream.of(own), module.users().stream().map(u -> u + ".."))
                .toArray(String[]::new);
        rules.add(
            noClasses()
                .that()
                .resideOutsideOfPackages(allowed)
                .should()
                .dependOnClassesThat()
                .resideInAPackage(own)
                .as(
                    "only "
                        + (module.users().isEmpty() ? "its own classes" : module.users())
                        + " use "
                        + module.name())
                .allowEmptyShould(true));
        if (!module.users().isEmpty()) {
          rules.add(
              noClasses()
                  .that()
                  .resideOutsideOfPackage(own)
                  .should()
                  .dependOnClassesThat(
                      resideInAPackage(own)
                          .and(resideOutsideOfPackages(module.exported().toArray(String[]::new))))
                  .as("its users use only " + module.exported() + " of " + module.name())
                  .allowEmptyShould(true));
        }
      }
      if (module.exported().isEmpty()) {
        continue;
      }
      rules.add(
          noClasses()
              .that()
              .resideInAnyPackage(module.exported().toArray(String[]::new))
              .should()
              .dependOnClassesThat()
              .resideInAPackage(module.root() + ".internal..")
              .as("the API/SPI of " + module.name() + " does not use its internal packages")
              .allowEmptyShould(true));
    }
    return CompositeArchRule.of(rules);
  }
}
