package io.gpuspec.core;

import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;
import org.immutables.value.Value;

/**
 * The versions of the cluster's components that manifests are checked against: which apiVersions
 * the target serves (rules VER001–VER005). Versions are {@code major.minor} ({@code 1.35}, {@code
 * 0.19}); a patch part is ignored. The defaults are the newest releases gpuspec bundles (see {@code
 * docs/versions.md}).
 *
 * <pre>{@code
 * TargetVersions.builder().kubernetes("1.33").kueue("0.20").build()
 * TargetVersions.parse("kubernetes=1.33,kueue=0.20")
 * }</pre>
 */
@Value.Immutable
@GpuSpecStyle
public abstract class TargetVersions {

  /** The version of a component the cluster does not run. */
  public static final String NONE = "none";

  /** The components a target names, as {@link #parse} and the build plugins spell them. */
  public enum Component {
    KUBERNETES("kubernetes", "Kubernetes"),
    KUEUE("kueue", "Kueue"),
    TRAINER("trainer", "Kubeflow Trainer"),
    TRAINING_OPERATOR("training-operator", "Kubeflow Training Operator"),
    JOBSET("jobset", "JobSet"),
    LWS("lws", "LeaderWorkerSet");

    private final String key;
    private final String title;

    Component(String key, String title) {
      this.key = key;
      this.title = title;
    }

    /** How {@link #parse} spells it, e.g. {@code kueue}. */
    public String key() {
      return key;
    }

    /** How messages name it, e.g. {@code Kubeflow Trainer}. */
    public String title() {
      return title;
    }
  }

  /** The Kubernetes minor, e.g. {@code 1.35}. */
  @Value.Default
  public String kubernetes() {
    return "1.35";
  }

  /** The Kueue release, e.g. {@code 0.19}. */
  @Value.Default
  public String kueue() {
    return "0.19";
  }

  /**
   * The Kubeflow Trainer release, e.g. {@code 2.3}. Releases before 2.0 are the Kubeflow Training
   * Operator, which served TFJob, PyTorchJob and their siblings; from 2.0 the project serves
   * TrainJob and the training runtimes instead.
   */
  @Value.Default
  public String trainer() {
    return "2.3";
  }

  /**
   * The Kubeflow Training Operator release the cluster runs beside Trainer v2, serving the legacy
   * {@code kubeflow.org/v1} jobs (TFJob, PyTorchJob, …): {@code 1.9} by default (gpuspec bundles
   * its CRDs), {@value #NONE} for a cluster that runs Trainer v2 alone.
   */
  @Value.Default
  public String trainingOperator() {
    return "1.9";
  }

  /** The JobSet release, e.g. {@code 0.12}. */
  @Value.Default
  public String jobset() {
    return "0.12";
  }

  /** The LeaderWorkerSet release, e.g. {@code 0.10}. */
  @Value.Default
  public String lws() {
    return "0.10";
  }

  /** The version of a component, if the target runs it. */
  public Optional<String> of(Component component) {
    return switch (component) {
      case KUBERNETES -> Optional.of(kubernetes());
      case KUEUE -> Optional.of(kueue());
      case TRAINER -> Optional.of(trainer());
      case TRAINING_OPERATOR ->
          compare(trainer(), "2.0") < 0
              ? Optional.of(trainer())
              : Optional.of(trainingOperator()).filter(v -> !v.equals(NONE));
      case JOBSET -> Optional.of(jobset());
      case LWS -> Optional.of(lws());
    };
  }

  /** {@code key=version} of each component, e.g. {@code jobset=0.12, kubernetes=1.35, …}. */
  @Override
  public String toString() {
    Map<String, String> all = new TreeMap<>();
    for (Component c : Component.values()) {
      all.put(c.key(), of(c).orElse(NONE));
    }
    return all.toString();
  }

  @Value.Check
  protected void check() {
    for (Component c : Component.values()) {
      of(c)
          .ifPresent(
              v ->
                  InvalidSpecException.require(
                      v.matches("[0-9]{1,4}\\.[0-9]{1,4}(\\.[0-9]{1,4})?"),
                      "target " + c.key(),
                      "\"" + v + "\" is not a version",
                      "write major.minor, e.g. 1.35 or 0.19"));
    }
  }

  /**
   * Compares two {@code major.minor[.patch]} versions by major and minor.
   *
   * @return negative, zero or positive as {@code a} is older than, the same as or newer than {@code
   *     b}
   */
  public static int compare(String a, String b) {
    String[] x = a.split("\\.");
    String[] y = b.split("\\.");
    for (int i = 0; i < 2; i++) {
      int c = Integer.compare(part(x, i), part(y, i));
      if (c != 0) {
        return c;
      }
    }
    return 0;
  }

  private static int part(String[] parts, int i) {
    return i < parts.length && parts[i].matches("[0-9]{1,4}") ? Integer.parseInt(parts[i]) : 0;
  }

  /** The newest versions gpuspec bundles. */
  public static TargetVersions defaults() {
    return builder().build();
  }

  /**
   * The defaults with the components a text names: {@code key=version} pairs separated by commas,
   * e.g. {@code kubernetes=1.33,kueue=0.20,training-operator=1.9}.
   *
   * @throws InvalidSpecException naming the pair that is wrong
   */
  public static TargetVersions parse(String text) {
    Builder builder = builder();
    java.util.Set<Component> given = java.util.EnumSet.noneOf(Component.class);
    for (String pair : text.split(",")) {
      if (pair.isBlank()) {
        continue;
      }
      int eq = pair.indexOf('=');
      String key = eq < 0 ? pair.strip() : pair.substring(0, eq).strip().toLowerCase(Locale.ROOT);
      String version = eq < 0 ? "" : pair.substring(eq + 1).strip();
      Optional<Component> component =
          java.util.Arrays.stream(Component.values()).filter(c -> c.key().equals(key)).findFirst();
      InvalidSpecException.require(
          component.isPresent() && !version.isEmpty(),
          "target \"" + pair.strip() + "\"",
          "is not <component>=<version> of a known component",
          "write e.g. kubernetes=1.33 with one of kubernetes, kueue, trainer, training-operator,"
              + " jobset, lws");
      InvalidSpecException.require(
          given.add(component.orElseThrow()),
          "target \"" + pair.strip() + "\"",
          "names " + key + " a second time",
          "give each component once");
      builder.set(component.orElseThrow(), version);
    }
    return builder.build();
  }

  public static Builder builder() {
    return new Builder();
  }

  /**
   * Builds {@link TargetVersions} values: set the attributes, then {@code build()}, which checks
   * them.
   */
  public static final class Builder extends ImmutableTargetVersions.Builder {

    /** Sets one component's version. */
    public Builder set(Component component, String version) {
      return (Builder)
          switch (component) {
            case KUBERNETES -> kubernetes(version);
            case KUEUE -> kueue(version);
            case TRAINER -> trainer(version);
            case TRAINING_OPERATOR -> trainingOperator(version);
            case JOBSET -> jobset(version);
            case LWS -> lws(version);
          };
    }
  }
}
