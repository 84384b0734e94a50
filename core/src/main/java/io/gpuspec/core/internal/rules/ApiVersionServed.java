package io.gpuspec.core.internal.rules;

import io.fabric8.kubernetes.api.model.HasMetadata;
import io.gpuspec.core.TargetVersions;
import io.gpuspec.core.TargetVersions.Component;
import io.gpuspec.core.manifest.ManifestSet;
import io.gpuspec.core.report.Finding;
import io.gpuspec.core.report.Severity;
import io.gpuspec.core.spi.BaseRule;
import io.gpuspec.core.spi.CheckContext;
import io.gpuspec.core.spi.RuleInfo;
import java.util.List;
import java.util.Optional;

/**
 * VER001–VER003: the target serves the apiVersion of each object (one rule per component, over the
 * data of {@link ServedVersions}): an apiVersion a Kubernetes minor removed (VER001), a Kueue
 * version not served by the target Kueue (VER002), a Kubeflow job the target Trainer does not serve
 * (VER003: the Training Operator's {@code kubeflow.org/v1} jobs under Trainer v2, TrainJob before
 * v2). The target is {@code CheckOptions.target()}, the newest bundled versions by default.
 *
 * <p>Upstream: <a
 * href="https://kubernetes.io/docs/reference/using-api/deprecation-guide/">Deprecated API migration
 * guide</a>.
 */
public final class ApiVersionServed extends BaseRule {

  private final List<Component> components;

  private ApiVersionServed(RuleInfo info, List<Component> components) {
    super(info);
    this.components = List.copyOf(components);
  }

  /** The three rules. */
  public static List<ApiVersionServed> all() {
    return List.of(
        new ApiVersionServed(
            info(
                "VER001",
                "The target Kubernetes minor serves the object's apiVersion",
                "An API version removed from Kubernetes is rejected by the API server of that"
                    + " minor and later: kubectl apply fails with \"no matches for kind\".",
                "https://kubernetes.io/docs/reference/using-api/deprecation-guide/"),
            List.of(Component.KUBERNETES)),
        new ApiVersionServed(
            info(
                "VER002",
                "The target Kueue serves the object's apiVersion",
                "Kueue stops serving kueue.x-k8s.io/v1beta1 in 0.20, and serves v1beta2 from"
                    + " 0.15; the API server rejects a version its CRD does not serve.",
                "https://kueue.sigs.k8s.io/docs/reference/kueue.v1beta2/"),
            List.of(Component.KUEUE)),
        new ApiVersionServed(
            info(
                "VER003",
                "The target Kubeflow Trainer serves the object's apiVersion and kind",
                "Kubeflow Trainer v2 replaced the Training Operator: it serves TrainJob and"
                    + " training runtimes, and no longer TFJob, PyTorchJob and their siblings.",
                "https://www.kubeflow.org/docs/components/trainer/operator-guides/migration/"),
            List.of(Component.TRAINER, Component.TRAINING_OPERATOR)));
  }

  private static RuleInfo info(String id, String title, String why, String docs) {
    return RuleInfo.builder()
        .id(id)
        .severity(Severity.ERROR)
        .title(title)
        .why(why)
        .fix(
            "Write the apiVersion the target serves (the finding names the migration), or check"
                + " against the versions the cluster runs (--target).")
        .addKinds("*")
        .apiServerRejects(true)
        .documentation(docs)
        .build();
  }

  @Override
  public void check(ManifestSet manifests, CheckContext context) {
    TargetVersions target = context.target();
    for (HasMetadata object : manifests) {
      if (object.getApiVersion() == null || object.getKind() == null) {
        continue;
      }
      for (ServedVersions row : ServedVersions.all()) {
        if (components.contains(row.component())
            && row.covers(object.getApiVersion(), object.getKind())) {
          finding(row, target, object).ifPresent(f -> context.report(object, f));
        }
      }
    }
  }

  private static Optional<Finding> finding(
      ServedVersions row, TargetVersions target, HasMetadata object) {
    String what = object.getApiVersion() + " " + object.getKind();
    Optional<String> version = target.of(row.component());
    String named = row.component().title();
    if (version.isEmpty()) {
      return Optional.of(
          Finding.rejection(
              "apiVersion",
              what
                  + " is served by the "
                  + named
                  + ", which the target does not run ("
                  + "Kubeflow Trainer "
                  + target.trainer()
                  + ")",
              row.migration()));
    }
    String v = version.get();
    if (row.until().isPresent() && TargetVersions.compare(v, row.until().get()) >= 0) {
      return Optional.of(
          Finding.rejection(
              "apiVersion",
              what
                  + " is not served by "
                  + named
                  + " "
                  + v
                  + " (removed in "
                  + row.until().get()
                  + ")",
              row.migration()));
    }
    if (row.from().isPresent() && TargetVersions.compare(v, row.from().get()) < 0) {
      return Optional.of(
          Finding.rejection(
              "apiVersion",
              what
                  + " is not served by "
                  + named
                  + " "
                  + v
                  + " (served from "
                  + row.from().get()
                  + ")",
              row.migration()));
    }
    return Optional.empty();
  }
}
