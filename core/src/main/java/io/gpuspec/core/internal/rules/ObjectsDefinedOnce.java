package io.gpuspec.core.internal.rules;

import io.gpuspec.core.facts.ObjectSetFacts;
import io.gpuspec.core.manifest.ManifestSet;
import io.gpuspec.core.report.Severity;
import io.gpuspec.core.spi.BaseRule;
import io.gpuspec.core.spi.CheckContext;
import io.gpuspec.core.spi.RuleInfo;

/**
 * K8S012: an object (API group, kind, namespace, name) is defined once in a set; the fact is {@link
 * ObjectSetFacts#definedOnce}.
 *
 * <p>Upstream: <a
 * href="https://kubernetes.io/docs/concepts/overview/working-with-objects/names/">Object names and
 * IDs</a>.
 */
public final class ObjectsDefinedOnce extends BaseRule {

  public ObjectsDefinedOnce() {
    super(
        RuleInfo.builder()
            .id("K8S012")
            .severity(Severity.ERROR)
            .title("Each object is defined once in a set")
            .why(
                "kubectl apply of a directory applies a later definition of the same object over"
                    + " the earlier one, so one of the two never takes effect.")
            .fix("Keep one definition of the object, or give one of them another name.")
            .addKinds("*")
            .documentation(
                "https://kubernetes.io/docs/concepts/overview/working-with-objects/names/")
            .build());
  }

  @Override
  public void check(ManifestSet manifests, CheckContext context) {
    ObjectSetFacts.definedOnce(manifests, manifests::sourceOf)
        .forEach(found -> context.report(found.object(), found.finding()));
  }
}
