package io.gpuspec.core;

import io.fabric8.kubernetes.api.model.HasMetadata;
import io.fabric8.kubernetes.api.model.PodTemplateSpec;
import io.gpuspec.core.facts.GpuFitFacts;
import io.gpuspec.core.facts.MetadataFacts;
import io.gpuspec.core.facts.PodFacts;
import io.gpuspec.core.report.ObjectRef;
import java.util.Map;
import java.util.Optional;

/**
 * What {@code build()} of a workload with one pod template at {@code spec.template} throws: the
 * first finding of core's facts on the rendered object (K8S003, then the pod's facts, then GPU005
 * with the workload's pool as the fleet), as the rules report it.
 */
final class TemplateFacts {

  private static final String SPEC = "spec.template.spec";

  private TemplateFacts() {}

  static void require(
      HasMetadata rendered, PodTemplateSpec template, Optional<GpuPlacement> placement) {
    ObjectRef object = ObjectRef.of(rendered);
    InvalidSpecException.requireNone(
        MetadataFacts.RULE,
        object,
        MetadataFacts.workload(
            rendered,
            MetadataFacts.builtInFormat(rendered.getKind()),
            Map.of("spec.template.metadata", template.getMetadata())));
    PodFacts.of(template.getSpec(), SPEC)
        .forEach((rule, findings) -> InvalidSpecException.requireNone(rule, object, findings));
    placement.ifPresent(
        p ->
            InvalidSpecException.requireNone(
                GpuFitFacts.RULE, object, p.pool().gpuFit(template.getSpec(), SPEC)));
  }
}
