package io.gpuspec.core.check;

import io.gpuspec.core.Fleet;
import io.gpuspec.core.GpuCatalogue;
import io.gpuspec.core.GpuSpecStyle;
import io.gpuspec.core.LabelScheme;
import io.gpuspec.core.TargetVersions;
import io.gpuspec.core.registry.KindEntry;
import io.gpuspec.core.registry.KindsFile;
import io.gpuspec.core.registry.KindsFileException;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import org.immutables.value.Value;

/**
 * What a check knows about the cluster and how strict it is.
 *
 * <ul>
 *   <li>{@link #fleet()}: the node pools. Known pools turn cluster-dependent warnings (a missing
 *       GPU toleration, an unpinned model) into exact errors.
 *   <li>{@link #strict()}: every warning becomes an error; used for DSL output, which must pass
 *       every rule.
 *   <li>{@link #labelSchemes()}: extra schemes to read GPU models from node affinity, on top of the
 *       built-in ones and those of the fleet's pools.
 *   <li>{@link #crdFiles()}: CustomResourceDefinition files or directories of the user's own kinds;
 *       a module that executes CRD schemas (gpuspec-cel) validates their resources.
 *   <li>{@link #kinds()}: the user's own kinds for the pod-template registry ({@code --kinds}).
 *   <li>{@link #target()}: the versions of Kubernetes, Kueue, Kubeflow Trainer, JobSet and
 *       LeaderWorkerSet the cluster runs ({@code --target}).
 *   <li>{@link #inputs()}: named files modules read, e.g. the Kueue configuration ({@code
 *       --kueue-config}).
 * </ul>
 */
@Value.Immutable
@GpuSpecStyle
public abstract class CheckOptions {

  public abstract Optional<Fleet> fleet();

  @Value.Default
  public boolean strict() {
    return false;
  }

  @Value.Default
  public GpuCatalogue catalogue() {
    return GpuCatalogue.defaults();
  }

  /**
   * The versions of the cluster's components manifests are checked against (which apiVersions it
   * serves); the newest versions gpuspec bundles by default.
   */
  @Value.Default
  public TargetVersions target() {
    return TargetVersions.defaults();
  }

  /** Extra label schemes (the built-ins and the fleet's are always used). */
  public abstract List<LabelScheme> labelSchemes();

  /** CustomResourceDefinition YAML files or directories (read by modules that use CRDs). */
  public abstract List<java.nio.file.Path> crdFiles();

  /** Rule ids not to run. */
  public abstract Set<String> disabledRules();

  /**
   * Kinds the user declares for the pod-template registry ({@code --kinds FILE}, read with {@link
   * KindsFile#read}): their pod templates are checked like those of the kinds modules know.
   */
  public abstract List<KindEntry> kinds();

  /**
   * Named input files that modules read, by name (e.g. {@code kueue-config}: the Kueue manager's
   * {@code Configuration}, read by gpuspec-scheduling). A rule that cannot use one throws {@link
   * io.gpuspec.core.spi.InputFileException}, which stops the check.
   */
  public abstract Map<String, java.nio.file.Path> inputs();

  /** Every scheme GPU models are read with: extras, then the fleet's, then the built-ins. */
  @Value.Derived
  public List<LabelScheme> effectiveLabelSchemes() {
    List<LabelScheme> all = new ArrayList<>(labelSchemes());
    fleet().ifPresent(f -> f.pools().forEach(pool -> all.add(pool.labelScheme())));
    all.addAll(LabelScheme.builtIns());
    return all.stream().distinct().toList();
  }

  /** No fleet, not strict, the default catalogue. */
  public static CheckOptions defaults() {
    return builder().build();
  }

  public static Builder builder() {
    return new Builder();
  }

  /**
   * Builds {@link CheckOptions} values: set the attributes, then {@code build()}, which checks
   * them.
   */
  public static final class Builder extends ImmutableCheckOptions.Builder {
    /** Adds the kinds a kinds file declares; throws {@link KindsFileException} for a bad file. */
    public Builder addKindsFile(java.nio.file.Path file) {
      return (Builder) addAllKinds(KindsFile.read(file));
    }
  }
}
