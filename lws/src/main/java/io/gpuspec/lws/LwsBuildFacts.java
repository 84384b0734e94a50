package io.gpuspec.lws;

import io.fabric8.kubernetes.api.model.GenericKubernetesResource;
import io.fabric8.kubernetes.api.model.ObjectMeta;
import io.fabric8.kubernetes.api.model.PodTemplateSpec;
import io.gpuspec.core.Fleet;
import io.gpuspec.core.InvalidSpecException;
import io.gpuspec.core.NodePool;
import io.gpuspec.core.facts.GpuFitFacts;
import io.gpuspec.core.facts.MetadataFacts;
import io.gpuspec.core.facts.PodFacts;
import io.gpuspec.core.fleet.FleetCheck;
import io.gpuspec.core.manifest.EmbeddedDecoder;
import io.gpuspec.core.manifest.ManifestSet;
import io.gpuspec.core.manifest.NameFormat;
import io.gpuspec.core.registry.KindsFile;
import io.gpuspec.core.registry.TemplateRegistry;
import io.gpuspec.core.report.Finding;
import io.gpuspec.core.report.ObjectRef;
import io.gpuspec.core.report.Severity;
import io.gpuspec.core.report.Violation;
import io.gpuspec.core.spi.PodTemplate;
import io.gpuspec.core.spi.Workload;
import io.gpuspec.lws.facts.LwsFacts;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * What {@code LeaderWorkerSet.build()} throws: the first finding, as its rule reports it, of K8S003
 * (with the name format the rule reads for a registry kind), core's pod facts and GPU005 on each
 * template, LWS001, and the fleet check's errors with the pool as the fleet (one group at once on
 * the pool), reading the rendered object through core's shipped registry entry as the engine does.
 */
final class LwsBuildFacts {

  private LwsBuildFacts() {}

  /**
   * Throws the first finding on a rendered LeaderWorkerSet.
   *
   * @param rendered the object
   * @param templates its pod templates by field path
   * @param pool the pool all its pods run on, the fleet
   */
  static void require(
      GenericKubernetesResource rendered, Map<String, PodTemplateSpec> templates, NodePool pool) {
    ObjectRef object = ObjectRef.of(rendered);
    Map<String, ObjectMeta> metadata = new LinkedHashMap<>();
    templates.forEach((path, template) -> metadata.put(path + ".metadata", template.getMetadata()));
    InvalidSpecException.requireNone(
        MetadataFacts.RULE,
        object,
        MetadataFacts.workload(rendered, NameFormat.DNS1123_SUBDOMAIN, metadata));
    templates.forEach(
        (path, template) -> {
          PodFacts.of(template.getSpec(), path + ".spec")
              .forEach(
                  (rule, findings) -> InvalidSpecException.requireNone(rule, object, findings));
          InvalidSpecException.requireNone(
              GpuFitFacts.RULE, object, pool.gpuFit(template.getSpec(), path + ".spec"));
        });
    InvalidSpecException.requireNone(LwsFacts.ROLLOUT, object, LwsFacts.rollout(rendered));
    Optional<Workload> workload = workload(rendered);
    for (Violation v :
        new FleetCheck(Fleet.of(pool), o -> o == rendered ? workload : Optional.empty())
            .check(ManifestSet.of(rendered))
            .violations()) {
      if (v.severity() == Severity.ERROR) {
        throw new InvalidSpecException(
            v.ruleId(), object, new Finding(v.path(), v.message(), v.fix()));
      }
    }
  }

  /** The workload view the engine gives the object through core's shipped registry entry. */
  private static Optional<Workload> workload(GenericKubernetesResource rendered) {
    return new TemplateRegistry(KindsFile.resource(KindsFile.class, "kinds.yaml"))
        .describe(rendered)
        .map(
            described -> {
              List<PodTemplate> templates = new ArrayList<>();
              for (TemplateRegistry.Located located : described.templates()) {
                templates.add(
                    PodTemplate.of(
                        located.role(),
                        EmbeddedDecoder.decode(located.template(), PodTemplateSpec.class)
                            .orElseGet(PodTemplateSpec::new),
                        located.path(),
                        located.pods()));
              }
              return new Workload(
                  rendered, templates, described.distributed(), false, described.groups());
            });
  }
}
