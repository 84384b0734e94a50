package io.gpuspec.core.internal.rules;

import io.gpuspec.core.facts.PlacementFacts;
import io.gpuspec.core.manifest.ManifestSet;
import io.gpuspec.core.report.Severity;
import io.gpuspec.core.spi.BaseRule;
import io.gpuspec.core.spi.CheckContext;
import io.gpuspec.core.spi.PodTemplate;
import io.gpuspec.core.spi.RuleInfo;
import io.gpuspec.core.spi.Workload;

/**
 * K8S015: the pod affinity, pod anti-affinity and topology spread constraints of every pod template
 * are ones the API server admits ({@link PlacementFacts}).
 *
 * <p>Upstream: <a
 * href="https://kubernetes.io/docs/concepts/scheduling-eviction/topology-spread-constraints/">Pod
 * topology spread constraints</a> and <a
 * href="https://github.com/kubernetes/kubernetes/blob/master/pkg/apis/core/validation/validation.go">core
 * validation</a>.
 */
public final class PodPlacementValid extends BaseRule {
  public PodPlacementValid() {
    super(
        RuleInfo.builder()
            .apiServerRejects(true)
            .id(PlacementFacts.RULE)
            .severity(Severity.ERROR)
            .title("Pod affinity and topology spread constraints are valid")
            .why(
                "The API server rejects a pod (anti-)affinity term without a topologyKey or with"
                    + " an invalid selector, namespace or weight, matchLabelKeys without a"
                    + " selector, and topology spread constraints with maxSkew below 1, no"
                    + " topologyKey, an unknown whenUnsatisfiable, a repeated key and action,"
                    + " minDomains below 1 or without DoNotSchedule, or unknown node policies.")
            .fix(
                "Give each term a topologyKey such as kubernetes.io/hostname and a valid"
                    + " labelSelector; give spread constraints maxSkew >= 1 and DoNotSchedule or"
                    + " ScheduleAnyway.")
            .addKinds("*")
            .documentation(
                "https://kubernetes.io/docs/concepts/scheduling-eviction/topology-spread-constraints/")
            .build());
  }

  @Override
  public void check(ManifestSet manifests, CheckContext context) {
    for (Workload workload : context.workloads()) {
      for (PodTemplate template : workload.templates()) {
        PlacementFacts.of(template.spec(), template.specPath())
            .forEach(finding -> context.report(workload.object(), finding));
      }
    }
  }
}
