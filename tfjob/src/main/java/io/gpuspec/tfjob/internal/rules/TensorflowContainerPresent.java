package io.gpuspec.tfjob.internal.rules;

import io.fabric8.kubernetes.api.model.Container;
import io.gpuspec.core.manifest.ManifestSet;
import io.gpuspec.core.report.Severity;
import io.gpuspec.core.spi.BaseRule;
import io.gpuspec.core.spi.CheckContext;
import io.gpuspec.core.spi.RuleInfo;
import io.gpuspec.tfjob.TfJob;
import java.util.List;

/**
 * TFJ003: every replica's pod template has a container named {@code tensorflow}: the operator's
 * webhook rejects a TFJob without one, and only that container gets {@code TF_CONFIG} and the
 * default port {@code tfjob-port} 2222.
 *
 * <p>Upstream: <a
 * href="https://www.kubeflow.org/docs/components/trainer/legacy-v1/user-guides/tensorflow/">Kubeflow
 * TFJob guide</a>.
 */
public final class TensorflowContainerPresent extends BaseRule {
  public TensorflowContainerPresent() {
    super(
        RuleInfo.builder()
            .id("TFJ003")
            .severity(Severity.ERROR)
            .title("Every TFJob replica template has a container named \"tensorflow\"")
            .why(
                "The operator injects TF_CONFIG and the tfjob-port only into the container named tensorflow; without it, distributed training cannot find its peers.")
            .fix("Name the training container tensorflow.")
            .addKinds("TFJob")
            .documentation(TfJobRules.DOCS)
            .build());
  }

  @Override
  public void check(ManifestSet manifests, CheckContext context) {
    TfJobRules.forEachJob(
        manifests,
        job ->
            TfJobRules.replicaSpecs(job)
                .forEach(
                    (type, spec) -> {
                      List<Container> containers =
                          spec.getTemplate() == null || spec.getTemplate().getSpec() == null
                              ? List.of()
                              : TfJobRules.containers(spec.getTemplate().getSpec());
                      if (containers.stream().anyMatch(c -> TfJob.CONTAINER.equals(c.getName()))) {
                        return;
                      }
                      String path = TfJobRules.path(type) + ".template.spec.containers";
                      if (containers.isEmpty()) {
                        context.report(
                            job,
                            path,
                            type + " has no containers",
                            "add a container named \"tensorflow\" that runs the training code");
                      } else {
                        List<String> names = containers.stream().map(Container::getName).toList();
                        context.report(
                            job,
                            path + "[0].name",
                            type
                                + " has no container named \"tensorflow\" (containers: "
                                + String.join(", ", names)
                                + "); the operator injects TF_CONFIG only there",
                            "rename the container \"" + names.get(0) + "\" to \"tensorflow\"");
                      }
                    }));
  }
}
