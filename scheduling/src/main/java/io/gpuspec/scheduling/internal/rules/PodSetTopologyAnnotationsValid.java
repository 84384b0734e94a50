package io.gpuspec.scheduling.internal.rules;

import io.gpuspec.core.manifest.ManifestSet;
import io.gpuspec.core.report.Severity;
import io.gpuspec.core.spi.BaseRule;
import io.gpuspec.core.spi.CheckContext;
import io.gpuspec.core.spi.PodTemplate;
import io.gpuspec.core.spi.RuleInfo;
import io.gpuspec.core.spi.Workload;
import io.gpuspec.scheduling.facts.KueuePodSetFacts;
import io.gpuspec.scheduling.facts.KueueTopologyFacts;

/**
 * SCH024: a pod template's Kueue topology annotations are as Kueue's webhook accepts them: one of
 * required, preferred and unconstrained, unconstrained a boolean, a slice size (a whole number of
 * at least 1, at most the pod set's pods) exactly with a slice level, levels that are label keys,
 * pod-set group names and slice-layer constraints as Kueue accepts them
 * (https://kueue.sigs.k8s.io/docs/concepts/topology_aware_scheduling/). The facts are {@link
 * KueueTopologyFacts#annotationsWellFormed} and {@link KueuePodSetFacts}.
 */
public final class PodSetTopologyAnnotationsValid extends BaseRule {

  public PodSetTopologyAnnotationsValid() {
    super(
        RuleInfo.builder()
            .apiServerRejects(true)
            .id("SCH024")
            .severity(Severity.ERROR)
            .title("A pod set's Kueue topology annotations are well formed")
            .why(
                "Kueue's webhook rejects a workload whose pod template gives two of the required,"
                    + " preferred and unconstrained topology annotations, a non-boolean"
                    + " unconstrained value, a slice size without a slice level or above the pod"
                    + " set's pods, a level that is not a label key, malformed slice-layer"
                    + " constraints, or a pod-set group that is not a single-pod leader and its"
                    + " workers asking one level.")
            .fix("Keep one topology annotation per pod template, with a valid value.")
            .addKinds("*")
            .documentation("https://kueue.sigs.k8s.io/docs/concepts/topology_aware_scheduling/")
            .build());
  }

  @Override
  public void check(ManifestSet manifests, CheckContext context) {
    for (Workload workload : context.workloads()) {
      for (PodTemplate template : workload.templates()) {
        KueueTopologyFacts.annotationsWellFormed(template)
            .forEach(f -> context.report(workload.object(), f));
        KueuePodSetFacts.slices(template).forEach(f -> context.report(workload.object(), f));
      }
      KueuePodSetFacts.groups(workload).forEach(f -> context.report(workload.object(), f));
    }
  }
}
