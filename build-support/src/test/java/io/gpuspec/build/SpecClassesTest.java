package io.gpuspec.build;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.net.URL;
import java.net.URLClassLoader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class SpecClassesTest {

  private static final ClassLoader LOADER = SpecClassesTest.class.getClassLoader();

  @TempDir Path temp;

  private static String name(Class<?> type) {
    return type.getName();
  }

  @Test
  void load_namedClass_runsItOnceAndRendersItsPlatform() {
    List<SpecClasses.Spec> specs =
        SpecClasses.load(LOADER, List.of(name(Specs.ServingPlatform.class)));

    assertThat(specs)
        .singleElement()
        .satisfies(
            s -> {
              assertThat(s.className()).isEqualTo(name(Specs.ServingPlatform.class));
              assertThat(s.platform().manifests().size())
                  .isEqualTo(Specs.serving().manifests().size());
              assertThat(s.directoryName()).isEqualTo("serving-platform");
            });
  }

  @Test
  void load_noName_findsTheClassesListedForServiceLoader() throws IOException {
    Path services = Files.createDirectories(temp.resolve("META-INF/services"));
    Files.writeString(
        services.resolve("io.gpuspec.core.PlatformSpec"),
        "# the team's platforms\n" + name(Specs.ServingPlatform.class) + "\n");
    try (URLClassLoader project = new URLClassLoader(new URL[] {temp.toUri().toURL()}, LOADER)) {
      assertThat(SpecClasses.load(project, List.of()))
          .extracting(SpecClasses.Spec::className)
          .containsExactly(name(Specs.ServingPlatform.class));
    }
  }

  @Test
  void load_serviceFileListsAMissingClass_namesTheFile() throws IOException {
    Path services = Files.createDirectories(temp.resolve("META-INF/services"));
    Files.writeString(services.resolve("io.gpuspec.core.PlatformSpec"), "com.example.Gone\n");
    try (URLClassLoader project = new URLClassLoader(new URL[] {temp.toUri().toURL()}, LOADER)) {
      assertThatThrownBy(() -> SpecClasses.load(project, List.of()))
          .isInstanceOf(BuildException.class)
          .hasMessageStartingWith("META-INF/services/io.gpuspec.core.PlatformSpec: ")
          .hasMessageContaining("com.example.Gone")
          .hasMessageContaining("public no-argument constructor");
    }
  }

  @Test
  void load_nothingNamedOrListed_saysHowToRegisterOne() {
    assertThatThrownBy(() -> SpecClasses.load(LOADER, List.of()))
        .isInstanceOf(BuildException.class)
        .hasMessageContaining("the project has no spec classes")
        .hasMessageContaining("specClasses");
  }

  @Test
  void load_unknownName_saysItIsNotFound() {
    assertThatThrownBy(() -> SpecClasses.load(LOADER, List.of("com.example.Missing")))
        .isInstanceOf(BuildException.class)
        .hasMessage(
            "spec class com.example.Missing: not found in the project's classes or runtime class"
                + " path; check the name given in specClasses (a binary name such as"
                + " com.example.TeamPlatform) and that the class is compiled");
  }

  @Test
  void load_classThatIsNoSpec_saysWhatToImplement() {
    assertThatThrownBy(() -> SpecClasses.load(LOADER, List.of(name(Specs.NotASpec.class))))
        .hasMessageContaining("spec class " + name(Specs.NotASpec.class))
        .hasMessageContaining("does not implement io.gpuspec.core.PlatformSpec");
  }

  @Test
  void load_noNoArgumentConstructor_saysWhatConstructorIsNeeded() {
    assertThatThrownBy(() -> SpecClasses.load(LOADER, List.of(name(Specs.NeedsArgument.class))))
        .hasMessageContaining("spec class " + name(Specs.NeedsArgument.class))
        .hasMessageContaining("public no-argument constructor");
  }

  @Test
  void load_constructorThrows_namesClassExceptionAndLine() {
    assertThatThrownBy(() -> SpecClasses.load(LOADER, List.of(name(Specs.ConstructorThrows.class))))
        .hasMessageStartingWith(
            "spec class "
                + name(Specs.ConstructorThrows.class)
                + ": its constructor threw IllegalStateException: no config at "
                + name(Specs.ConstructorThrows.class)
                + ".<init>(Specs.java:");
  }

  @Test
  void load_staticInitializerThrows_namesTheCauseNotTheWrapper() {
    assertThatThrownBy(() -> SpecClasses.load(LOADER, List.of(name(Specs.StaticInitThrows.class))))
        .hasMessageStartingWith(
            "spec class "
                + name(Specs.StaticInitThrows.class)
                + ": its static initializer threw NumberFormatException: For input string: \"not a"
                + " number\"");
  }

  @Test
  void load_platformThrows_namesClassAndTheSpecError() {
    assertThatThrownBy(() -> SpecClasses.load(LOADER, List.of(name(Specs.Throws.class))))
        .isInstanceOf(BuildException.class)
        .hasMessageStartingWith(
            "spec class " + name(Specs.Throws.class) + ": platform() threw InvalidSpecException: ")
        .hasMessageContaining("Not A Name")
        .hasMessageContaining(" at " + name(Specs.Throws.class) + ".platform(Specs.java:")
        .hasMessageEndingWith("; fix the spec so that it builds its platform");
  }

  @Test
  void load_platformReturnsNull_saysItReturnedNothing() {
    assertThatThrownBy(() -> SpecClasses.load(LOADER, List.of(name(Specs.ReturnsNull.class))))
        .hasMessage(
            "spec class "
                + name(Specs.ReturnsNull.class)
                + ": platform() returned nothing; return the platform, built with"
                + " Platform.builder()...build()");
  }

  @Test
  void directoryName_isTheSimpleNameInKebabCase() {
    assertThat(new SpecClasses.Spec("com.example.GPUTeamPlatform", Specs.serving()).directoryName())
        .isEqualTo("gpu-team-platform");
    assertThat(new SpecClasses.Spec("Lab", Specs.serving()).directoryName()).isEqualTo("lab");
  }
}
