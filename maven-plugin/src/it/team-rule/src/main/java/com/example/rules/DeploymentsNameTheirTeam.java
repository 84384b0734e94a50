package com.example.rules;

import io.fabric8.kubernetes.api.model.HasMetadata;
import io.fabric8.kubernetes.api.model.apps.Deployment;
import io.gpuspec.core.manifest.ManifestSet;
import io.gpuspec.core.report.Severity;
import io.gpuspec.core.spi.BaseRule;
import io.gpuspec.core.spi.CheckContext;
import io.gpuspec.core.spi.RuleInfo;

/** TEAM001: every Deployment carries the label {@code team}, so on-call finds its owner. */
public final class DeploymentsNameTheirTeam extends BaseRule {

  public DeploymentsNameTheirTeam() {
    super(
        RuleInfo.builder()
            .id("TEAM001")
            .severity(Severity.ERROR)
            .title("Deployments carry the label team")
            .why("On-call finds the owner of a Deployment by its team label.")
            .fix("Add the label team with the owning team's name.")
            .addKinds("Deployment")
            .documentation("https://example.com/platform/labels#team")
            .build());
  }

  @Override
  public void check(ManifestSet manifests, CheckContext context) {
    for (HasMetadata object : manifests) {
      if (object instanceof Deployment
          && (object.getMetadata().getLabels() == null
              || !object.getMetadata().getLabels().containsKey("team"))) {
        context.report(
            object,
            "metadata.labels[team]",
            "has no team label",
            "add metadata.labels.team with the owning team's name");
      }
    }
  }
}
