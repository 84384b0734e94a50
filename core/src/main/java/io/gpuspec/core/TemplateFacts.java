package io.gpuspec.core;

import io.fabric8.kubernetes.api.model.HasMetadata;
import io.fabric8.kubernetes.api.model.PodTemplateSpec;
import io.gpuspec.core.facts.ContainerFacts;
import io.gpuspec.core.facts.MetadataFacts;
import io.gpuspec.core.report.ObjectRef;
import java.util.Map;

/**
 * What {@code build()} of a workload with one pod template at {@code spec.template} throws: the
 * first finding of core's facts on the rendered object (K8S003, then K8S007), as the rules report
 * it.
 */
final class TemplateFacts {

  private TemplateFacts() {}

  static void require(HasMetadata rendered, PodTemplateSpec template) {
    InvalidSpecException.requireNone(
        MetadataFacts.RULE,
        ObjectRef.of(rendered),
        MetadataFacts.workload(
            rendered,
            MetadataFacts.builtInFormat(rendered.getKind()),
            Map.of("spec.template.metadata", template.getMetadata())));
    InvalidSpecException.requireNone(
        ContainerFacts.RULE,
        ObjectRef.of(rendered),
        ContainerFacts.namesAndImages(template.getSpec(), "spec.template.spec", true, false));
  }
}
