package io.gpuspec.build;

import io.gpuspec.core.Platform;
import io.gpuspec.core.PlatformSpec;
import java.lang.reflect.Constructor;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Modifier;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Iterator;
import java.util.List;
import java.util.Locale;
import java.util.ServiceConfigurationError;
import java.util.ServiceLoader;

/**
 * Finds a project's {@link PlatformSpec} classes, creates them and asks each for its platform,
 * rendered once, so that anything wrong is one {@link BuildException} naming the class: a class
 * that cannot be found or created, a {@code platform()} that throws or returns nothing.
 */
final class SpecClasses {

  private static final String SERVICE_FILE = "META-INF/services/" + PlatformSpec.class.getName();

  /**
   * A spec class and the platform it returned, already rendered.
   *
   * @param className the spec's binary class name
   * @param platform its platform
   */
  public record Spec(String className, Platform platform) {

    /** The spec's output directory name: its simple class name in kebab case. */
    public String directoryName() {
      String simple = className.substring(className.lastIndexOf('.') + 1);
      simple = simple.substring(simple.lastIndexOf('$') + 1);
      return simple
          .replaceAll("([a-z0-9])([A-Z])", "$1-$2")
          .replaceAll("([A-Z]+)([A-Z][a-z])", "$1-$2")
          .toLowerCase(Locale.ROOT);
    }
  }

  private SpecClasses() {}

  /**
   * The classes named, in order, or when none is named every implementation listed in {@code
   * META-INF/services/io.gpuspec.core.PlatformSpec} visible from the loader.
   *
   * @throws BuildException if there is none, or one cannot be created or fails
   */
  public static List<Spec> load(ClassLoader loader, List<String> names) {
    List<PlatformSpec> specs = new ArrayList<>();
    if (names.isEmpty()) {
      specs.addAll(listed(loader));
    } else {
      for (String name : names) {
        specs.add(create(loader, name.strip()));
      }
    }
    if (specs.isEmpty()) {
      throw new BuildException(
          "gpuspec",
          "the project has no spec classes: none is named in specClasses and no "
              + SERVICE_FILE
              + " lists one",
          "list your classes that implement "
              + PlatformSpec.class.getName()
              + " in that file under src/main/resources, or name them in specClasses");
    }
    return specs.stream().map(SpecClasses::run).toList();
  }

  private static List<PlatformSpec> listed(ClassLoader loader) {
    List<PlatformSpec> specs = new ArrayList<>();
    Iterator<PlatformSpec> found = ServiceLoader.load(PlatformSpec.class, loader).iterator();
    while (true) {
      try {
        if (!found.hasNext()) {
          return specs;
        }
        specs.add(found.next());
      } catch (ServiceConfigurationError | LinkageError e) {
        throw new BuildException(
            SERVICE_FILE,
            "a listed spec class cannot be created (" + describe(e) + ")",
            "list only classes that implement "
                + PlatformSpec.class.getName()
                + " and have a public no-argument constructor",
            e);
      }
    }
  }

  private static PlatformSpec create(ClassLoader loader, String name) {
    String where = "spec class " + name;
    Class<?> type;
    try {
      type = Class.forName(name, false, loader);
    } catch (ClassNotFoundException e) {
      throw new BuildException(
          where,
          "not found in the project's classes or runtime class path",
          "check the name given in specClasses (a binary name such as com.example.TeamPlatform)"
              + " and that the class is compiled");
    } catch (LinkageError e) {
      throw new BuildException(
          where, "cannot be loaded (" + describe(e) + ")", "recompile the project", e);
    }
    if (!PlatformSpec.class.isAssignableFrom(type)) {
      boolean otherCopy =
          Arrays.stream(type.getInterfaces())
              .anyMatch(i -> i.getName().equals(PlatformSpec.class.getName()));
      throw new BuildException(
          where,
          otherCopy
              ? "implements a PlatformSpec of another copy of gpuspec-core"
              : "does not implement " + PlatformSpec.class.getName(),
          otherCopy
              ? "use the same gpuspec version in the project and the plugin"
              : "implement it, or remove the class from specClasses");
    }
    try {
      Constructor<?> constructor = type.getConstructor();
      if (Modifier.isAbstract(type.getModifiers())) {
        throw new NoSuchMethodException("abstract");
      }
      return (PlatformSpec) constructor.newInstance();
    } catch (NoSuchMethodException | IllegalAccessException | InstantiationException e) {
      throw new BuildException(
          where,
          "cannot be created: it needs to be a public, non-abstract class with a public"
              + " no-argument constructor",
          "add one, or make the class public",
          e);
    } catch (InvocationTargetException e) {
      throw failed(where, "its constructor threw", e.getCause(), name);
    } catch (RuntimeException | LinkageError e) {
      throw failed(where, "its constructor threw", e, name);
    }
  }

  private static Spec run(PlatformSpec spec) {
    String name = spec.getClass().getName();
    String where = "spec class " + name;
    Platform platform;
    try {
      platform = spec.platform();
      if (platform != null) {
        platform.manifests(); // rendering is lazy: a spec that cannot render fails here
      }
    } catch (RuntimeException | LinkageError | AssertionError e) {
      throw failed(where, "platform() threw", e, name);
    }
    if (platform == null) {
      throw new BuildException(
          where,
          "platform() returned nothing",
          "return the platform, built with Platform.builder()...build()");
    }
    return new Spec(name, platform);
  }

  private static BuildException failed(String where, String what, Throwable e, String className) {
    if (e instanceof ExceptionInInitializerError && e.getCause() != null) {
      return failed(where, "its static initializer threw", e.getCause(), className);
    }
    String at =
        Arrays.stream(e.getStackTrace())
            .filter(frame -> frame.getClassName().startsWith(className))
            .findFirst()
            .map(frame -> " at " + frame)
            .orElse("");
    return new BuildException(
        where, what + " " + describe(e) + at, "fix the spec so that it builds its platform", e);
  }

  private static String describe(Throwable e) {
    return e.getClass().getSimpleName() + (e.getMessage() == null ? "" : ": " + e.getMessage());
  }
}
