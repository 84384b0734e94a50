package io.gpuspec.sharing.internal.rules;

import io.fabric8.kubernetes.api.model.ConfigMap;
import io.gpuspec.core.manifest.ManifestSet;
import io.gpuspec.core.report.Severity;
import io.gpuspec.core.spi.BaseRule;
import io.gpuspec.core.spi.CheckContext;
import io.gpuspec.core.spi.PodTemplate;
import io.gpuspec.core.spi.RuleInfo;
import io.gpuspec.core.spi.Workload;
import io.gpuspec.sharing.GpuOperatorFacts;
import io.gpuspec.sharing.model.ClusterPolicy;
import java.util.List;

/**
 * SHR023: the GPU Operator's {@code mig.strategy} overrides every device-plugin config's {@code
 * flags.migStrategy}: the configs of the named ConfigMap agree with it (and share with MPS only
 * outside {@code mixed}), and no workload requests {@code nvidia.com/mig-<profile>} under {@code
 * single} or {@code none}, which advertise none. See docs/sharing.md.
 *
 * <p>Upstream: <a
 * href="https://docs.nvidia.com/datacenter/cloud-native/gpu-operator/latest/gpu-operator-mig.html">GPU
 * Operator: MIG support</a>.
 */
public final class OperatorMigStrategyFits extends BaseRule {

  public OperatorMigStrategyFits() {
    super(
        RuleInfo.builder()
            .id("SHR023")
            .severity(Severity.ERROR)
            .title(
                "The GPU Operator's MIG strategy fits the device-plugin configs and the requests")
            .why(
                "The operator gives the device plugin MIG_STRATEGY, which overrides each config's"
                    + " flags.migStrategy; under single or none no node advertises"
                    + " nvidia.com/mig-<profile>, so a pod requesting one stays Pending, and the"
                    + " plugin does not start with MPS under mixed.")
            .fix(
                "Make mig.strategy and the configs agree (or leave mig.strategy unset); request"
                    + " nvidia.com/mig-<profile> only under mixed.")
            .addKinds("ClusterPolicy", "ConfigMap", "*")
            .documentation(SharingRules.OPERATOR_MIG)
            .build());
  }

  @Override
  public void check(ManifestSet manifests, CheckContext context) {
    List<ConfigMap> configMaps = manifests.ofType(ConfigMap.class);
    for (ClusterPolicy policy : manifests.ofType(ClusterPolicy.class)) {
      GpuOperatorFacts.migStrategyOverConfigs(policy, configMaps)
          .forEach(finding -> context.report(policy, finding));
      for (Workload workload : context.workloads()) {
        for (PodTemplate template : workload.templates()) {
          GpuOperatorFacts.migStrategyRequests(policy, template)
              .forEach(finding -> context.report(workload.object(), finding));
        }
      }
    }
  }
}
