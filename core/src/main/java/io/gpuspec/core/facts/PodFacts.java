package io.gpuspec.core.facts;

import io.fabric8.kubernetes.api.model.PodSpec;
import io.gpuspec.core.k8s.NullFree;
import io.gpuspec.core.report.Finding;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Every fact of core's rules on one pod spec that needs no pool, by rule id in the order a DSL's
 * {@code build()} throws them: K8S003 (the names it gives), K8S007 (containers, env, volumes),
 * K8S010 (resources), K8S014 (ports, probes and hooks), K8S015 (pod affinity and spread), K8S016
 * (container policies), K8S017 (pod-level fields), K8S018 (security contexts), K8S019 (volumes) and
 * SEC001 (user ids). A module's workload builder throws them for each of its pod templates, as the
 * rules report them.
 */
public final class PodFacts {

  private PodFacts() {}

  /** The facts on a pod spec at {@code specPath} of a built-in or a module's kind. */
  public static Map<String, List<Finding>> of(PodSpec spec, String specPath) {
    // The facts below that read the spec as the API server decodes it get it made null-free once
    // here, not each on its own (a DSL's spec lacks lists, and each would copy it).
    PodSpec given = NullFree.podSpec(spec);
    Map<String, List<Finding>> facts = new LinkedHashMap<>();
    facts.put(MetadataFacts.RULE, MetadataFacts.podReferences(spec, specPath));
    List<Finding> containers =
        new ArrayList<>(ContainerFacts.namesAndImages(given, specPath, true, false));
    containers.addAll(ContainerFacts.envAndVolumes(given, specPath));
    facts.put(ContainerFacts.RULE, containers);
    List<Finding> resources = new ArrayList<>(ResourceFacts.requirements(spec, specPath));
    resources.addAll(ResourceFacts.amounts(spec, specPath));
    facts.put(ResourceFacts.RULE, resources);
    facts.put(PortFacts.RULE, PortFacts.of(given, specPath));
    facts.put(PlacementFacts.RULE, PlacementFacts.of(given, specPath));
    facts.put(ContainerFieldFacts.RULE, ContainerFieldFacts.of(given, specPath));
    facts.put(PodFieldFacts.RULE, PodFieldFacts.of(given, specPath, false));
    facts.put(SecurityContextFacts.RULE, SecurityContextFacts.of(given, specPath));
    facts.put(VolumeFacts.RULE, VolumeFacts.of(given, specPath));
    facts.put(SecurityFacts.RULE, SecurityFacts.userIds(given, specPath));
    return facts;
  }
}
