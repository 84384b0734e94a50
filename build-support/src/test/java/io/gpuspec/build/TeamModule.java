package io.gpuspec.build;

import io.fabric8.kubernetes.api.model.HasMetadata;
import io.fabric8.kubernetes.api.model.apps.Deployment;
import io.gpuspec.core.manifest.ManifestSet;
import io.gpuspec.core.report.Severity;
import io.gpuspec.core.spi.BaseRule;
import io.gpuspec.core.spi.CheckContext;
import io.gpuspec.core.spi.GpuspecModule;
import io.gpuspec.core.spi.Rule;
import io.gpuspec.core.spi.RuleInfo;
import java.util.List;

/**
 * A team's own module, as a project would put it on its class path: one rule, TEAM001, every
 * Deployment names its owning team in the label {@code team}.
 */
public final class TeamModule implements GpuspecModule {

  @Override
  public String name() {
    return "team";
  }

  @Override
  public List<Rule> rules() {
    return List.of(new TeamLabel());
  }

  static final class TeamLabel extends BaseRule {
    TeamLabel() {
      super(
          RuleInfo.builder()
              .id("TEAM001")
              .severity(Severity.ERROR)
              .title("Deployments name their team")
              .why("On-call finds the owner of a Deployment by its team label.")
              .fix("Add the label team.")
              .addKinds("Deployment")
              .documentation("https://example.com/platform/labels")
              .build());
    }

    @Override
    public void check(ManifestSet manifests, CheckContext context) {
      for (HasMetadata object : manifests) {
        if (object instanceof Deployment
            && (object.getMetadata().getLabels() == null
                || !object.getMetadata().getLabels().containsKey("team"))) {
          context.report(object, "metadata.labels[team]", "has no team label", "add one");
        }
      }
    }
  }
}
