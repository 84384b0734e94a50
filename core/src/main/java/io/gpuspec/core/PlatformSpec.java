package io.gpuspec.core;

/**
 * A GPU platform written as Java code, for a build to turn into checked manifests.
 *
 * <p>The gpuspec Maven and Gradle plugins find implementations in the project's class loader with
 * {@link java.util.ServiceLoader} (list them in {@code
 * META-INF/services/io.gpuspec.core.PlatformSpec}) or by the class names the build configuration
 * gives ({@code specClasses}). Each is created with its public no-argument constructor, and {@link
 * #platform()} is called once per build.
 *
 * <pre>{@code
 * public final class TeamPlatform implements PlatformSpec {
 *   public Platform platform() {
 *     NodePool a100 = NodePool.named("a100").model(GpuCatalogue.A100_80GB).gpusPerNode(8).build();
 *     return Platform.builder().addPools(a100).add(TrainingJob.named("train")...build()).build();
 *   }
 * }
 * }</pre>
 */
@FunctionalInterface
public interface PlatformSpec {

  /** The platform: its pools and everything rendered onto them. */
  Platform platform();
}
