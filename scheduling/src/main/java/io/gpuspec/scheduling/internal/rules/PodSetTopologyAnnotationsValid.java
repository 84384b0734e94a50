package io.gpuspec.scheduling.internal.rules;

import io.gpuspec.core.manifest.ManifestSet;
import io.gpuspec.core.report.Severity;
import io.gpuspec.core.spi.BaseRule;
import io.gpuspec.core.spi.CheckContext;
import io.gpuspec.core.spi.PodTemplate;
import io.gpuspec.core.spi.RuleInfo;
import io.gpuspec.core.spi.Workload;
import io.gpuspec.scheduling.facts.KueueTopologyFacts;

/**
 * SCH024: a pod template's Kueue topology annotations are as Kueue's webhook accepts them: one of
 * required, preferred and unconstrained, unconstrained a boolean, a slice size (a whole number of
 * at least 1) exactly with a slice level
 * (https://kueue.sigs.k8s.io/docs/concepts/topology_aware_scheduling/). The fact is {@link
 * KueueTopologyFacts#annotationsWellFormed}.
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
                    + " unconstrained value, or a slice size without a slice level.")
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
      }
    }
  }
}
