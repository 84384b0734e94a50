package io.gpuspec.scheduling.internal.rules;

import io.gpuspec.core.manifest.ManifestSet;
import io.gpuspec.core.report.Severity;
import io.gpuspec.core.spi.BaseRule;
import io.gpuspec.core.spi.CheckContext;
import io.gpuspec.core.spi.RuleInfo;
import io.gpuspec.scheduling.facts.VolcanoAdmissionFacts;
import io.gpuspec.scheduling.model.volcano.PodGroup;

/**
 * SCH040: a Volcano PodGroup's network topology, and each sub-group policy's, gives at most one of
 * {@code highestTierAllowed} and {@code highestTierName}, as Volcano's PodGroup webhook requires.
 * The fact is {@link VolcanoAdmissionFacts#podGroupTopology}.
 *
 * <p>Upstream: <a
 * href="https://github.com/volcano-sh/volcano/blob/v1.15.1/pkg/webhooks/admission/podgroups/validate/validate_podgroup.go">Volcano's
 * PodGroup webhook</a>.
 */
public final class PodGroupTopologyValid extends BaseRule {

  public PodGroupTopologyValid() {
    super(
        RuleInfo.builder()
            .apiServerRejects(true)
            .id("SCH040")
            .severity(Severity.ERROR)
            .title("A PodGroup's network topology gives one highest tier")
            .why(
                "Volcano's PodGroup webhook rejects a network topology that gives both highestTierAllowed and highestTierName.")
            .fix("Keep highestTierAllowed or highestTierName.")
            .addKinds("PodGroup")
            .documentation(Sched.VOLCANO_PODGROUP_DOCS)
            .build());
  }

  @Override
  public void check(ManifestSet manifests, CheckContext context) {
    for (PodGroup group : manifests.ofType(PodGroup.class)) {
      VolcanoAdmissionFacts.podGroupTopology(group).forEach(f -> context.report(group, f));
    }
  }
}
