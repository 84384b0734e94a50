package io.gpuspec.tfjob.rules;

import io.fabric8.kubernetes.api.model.Container;
import io.gpuspec.core.check.BaseRule;
import io.gpuspec.core.check.CheckContext;
import io.gpuspec.core.check.Severity;
import io.gpuspec.core.manifest.ManifestSet;
import io.gpuspec.tfjob.TfJob;
import java.util.List;

/**
 * TFJ003: every replica's pod template has a container named {@code tensorflow}: the operator's
 * webhook rejects a TFJob without one, and only that container gets {@code TF_CONFIG} and the
 * default port {@code tfjob-port} 2222.
 */
public final class TensorflowContainerRule extends BaseRule {
  public TensorflowContainerRule() {
    super(
        "TFJ003",
        Severity.ERROR,
        "Every TFJob replica template has a container named \"tensorflow\"",
        TfJobRules.DOCS);
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
