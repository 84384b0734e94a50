package io.gpuspec.gradle;

import org.gradle.api.file.ConfigurableFileCollection;
import org.gradle.api.file.DirectoryProperty;
import org.gradle.api.file.RegularFileProperty;
import org.gradle.api.provider.ListProperty;
import org.gradle.api.provider.Property;

/**
 * {@code gpuspec { ... }}: the settings of both tasks. Defaults: every {@code PlatformSpec} listed
 * in {@code META-INF/services}, output to {@code build/gpuspec}, fail on errors, lint {@code
 * src/main/k8s}.
 */
public abstract class GpuspecExtension {

  /**
   * Spec class names; empty: those listed in {@code
   * META-INF/services/io.gpuspec.core.PlatformSpec}.
   */
  public abstract ListProperty<String> getSpecClasses();

  /** Where each spec's manifests go, in a directory named after the spec class. */
  public abstract DirectoryProperty getOutputDirectory();

  /** Fail the build on findings at or above {@link #getSeverity()}. */
  public abstract Property<Boolean> getFailOnViolation();

  /** The lowest severity that fails the build: {@code error} or {@code warning}. */
  public abstract Property<String> getSeverity();

  /** A gpuspec Fleet file or {@code kubectl get nodes -o yaml} output: also check scheduling. */
  public abstract RegularFileProperty getFleet();

  /** The Kueue manager's Configuration file, for gpuspecLint's ClusterQueue quota judgement. */
  public abstract RegularFileProperty getKueueConfig();

  /** The directories gpuspecLint reads. */
  public abstract ConfigurableFileCollection getDirectories();

  /** Glob patterns of the files to lint, relative to each directory. */
  public abstract ListProperty<String> getIncludes();

  /**
   * The reports gpuspecLint writes: {@code sarif}, {@code junit} and {@code html} (the capacity
   * report page, whose pools and gangs need the fleet); default {@code sarif} and {@code junit}.
   */
  public abstract ListProperty<String> getFormats();

  /** Where gpuspecLint writes its reports. */
  public abstract DirectoryProperty getReportsDirectory();
}
