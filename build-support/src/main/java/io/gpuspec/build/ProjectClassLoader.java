package io.gpuspec.build;

import io.gpuspec.core.check.Gpuspec;
import io.gpuspec.core.spi.GpuspecModule;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.MalformedURLException;
import java.net.URL;
import java.net.URLClassLoader;
import java.nio.file.Path;
import java.security.CodeSource;
import java.util.ArrayList;
import java.util.Collections;
import java.util.Enumeration;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

/**
 * The class loader a build runs a project's spec classes and rules in: the project's classes and
 * runtime class path over the build tool's loader (the plugin's), parent first, so that
 * gpuspec-core and its dependencies are the plugin's and {@link io.gpuspec.core.PlatformSpec},
 * {@link io.gpuspec.core.Platform} and {@link GpuspecModule} mean the same on both sides. The
 * plugin checks that both use one gpuspec version (see {@link VersionCheck}).
 *
 * <p>Which gpuspec modules a registry loaded from it sees depends on {@code toolModules}: with
 * {@code true} the modules the plugin bundles plus the project's own (lint: every module); with
 * {@code false} the plugin's modules other than core are hidden, so the project's own module jars
 * (and its own rules) are the ones used (generate).
 */
public final class ProjectClassLoader {

  private ProjectClassLoader() {}

  /** A loader over {@code classPath} (directories and jars) whose parent is {@code tool}. */
  public static URLClassLoader create(List<Path> classPath, ClassLoader tool, boolean toolModules) {
    List<URL> urls = new ArrayList<>();
    for (Path entry : classPath) {
      try {
        urls.add(entry.toUri().toURL());
      } catch (MalformedURLException e) {
        throw new BuildException(
            entry.toString(),
            "not a usable class path entry (" + e.getMessage() + ")",
            "check the project's dependencies",
            e);
      }
    }
    ClassLoader parent = toolModules ? tool : new CoreOnly(tool);
    return new URLClassLoader("gpuspec-project", urls.toArray(URL[]::new), parent);
  }

  /**
   * The tool's loader without the gpuspec modules it bundles besides core: their classes and
   * resources are not found here, so a child loader finds its own copies (or none).
   */
  private static final class CoreOnly extends ClassLoader {

    static {
      registerAsParallelCapable();
    }

    private final ClassLoader tool;
    private final Set<String> hidden;

    CoreOnly(ClassLoader tool) {
      super("gpuspec-core-only", null);
      this.tool = tool;
      this.hidden = moduleRoots(tool);
    }

    /** The roots (jar or directory URLs) of the tool's module listings, core's excepted. */
    private static Set<String> moduleRoots(ClassLoader tool) {
      String listing = "META-INF/services/" + GpuspecModule.class.getName();
      Set<String> roots = new HashSet<>();
      try {
        for (URL url : Collections.list(tool.getResources(listing))) {
          roots.add(root(url.toString(), listing));
        }
      } catch (IOException e) {
        throw new UncheckedIOException(e);
      }
      CodeSource core = Gpuspec.class.getProtectionDomain().getCodeSource();
      if (core != null) {
        roots.remove(core.getLocation().toString());
      }
      return Set.copyOf(roots);
    }

    /** {@code file:/a/b.jar} for {@code jar:file:/a/b.jar!/NAME}, {@code file:/d/} for a dir. */
    private static String root(String url, String name) {
      String root = url.endsWith(name) ? url.substring(0, url.length() - name.length()) : url;
      if (root.startsWith("jar:") && root.endsWith("!/")) {
        root = root.substring("jar:".length(), root.length() - "!/".length());
      }
      return root;
    }

    private boolean isHidden(URL resource, String name) {
      return resource != null && hidden.contains(root(resource.toString(), name));
    }

    @Override
    protected Class<?> loadClass(String name, boolean resolve) throws ClassNotFoundException {
      Class<?> type = tool.loadClass(name);
      CodeSource source = type.getProtectionDomain().getCodeSource();
      if (source != null && hidden.contains(source.getLocation().toString())) {
        throw new ClassNotFoundException(name);
      }
      return type;
    }

    @Override
    public URL getResource(String name) {
      try {
        Enumeration<URL> all = getResources(name);
        return all.hasMoreElements() ? all.nextElement() : null;
      } catch (IOException e) {
        return null;
      }
    }

    @Override
    public Enumeration<URL> getResources(String name) throws IOException {
      List<URL> visible = new ArrayList<>();
      for (URL url : Collections.list(tool.getResources(name))) {
        if (!isHidden(url, name)) {
          visible.add(url);
        }
      }
      return Collections.enumeration(visible);
    }
  }
}
