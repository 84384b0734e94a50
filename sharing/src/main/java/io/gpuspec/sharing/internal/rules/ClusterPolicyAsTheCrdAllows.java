package io.gpuspec.sharing.internal.rules;

import io.gpuspec.core.manifest.ManifestSet;
import io.gpuspec.core.report.Severity;
import io.gpuspec.core.spi.BaseRule;
import io.gpuspec.core.spi.CheckContext;
import io.gpuspec.core.spi.RuleInfo;
import io.gpuspec.sharing.GpuOperatorFacts;
import io.gpuspec.sharing.model.ClusterPolicy;

/**
 * SHR020: a ClusterPolicy (or GPU Operator helm values) has what the CRD requires of the fields
 * gpuspec reads: the required spec fields, and the allowed values of {@code mig.strategy}, {@code
 * migManager.config.default} and {@code sandboxWorkloads}. See docs/sharing.md.
 *
 * <p>Upstream: <a
 * href="https://docs.nvidia.com/datacenter/cloud-native/gpu-operator/latest/getting-started.html#chart-customization-options">GPU
 * Operator chart options</a>.
 */
public final class ClusterPolicyAsTheCrdAllows extends BaseRule {

  public ClusterPolicyAsTheCrdAllows() {
    super(
        RuleInfo.builder()
            .id("SHR020")
            .severity(Severity.ERROR)
            .title("A GPU Operator ClusterPolicy has the fields and values its CRD allows")
            .why(
                "The API server rejects a ClusterPolicy without the spec fields the CRD requires,"
                    + " or with a MIG strategy, default MIG config or sandbox workload outside the"
                    + " CRD's enums; helm values pass them on unchanged.")
            .fix(
                "Add the required fields (an empty object takes the defaults); use mig.strategy"
                    + " none, single or mixed and migManager.config.default all-disabled or \"\".")
            .addKinds("ClusterPolicy")
            .documentation(SharingRules.CLUSTER_POLICY_API)
            .build());
  }

  @Override
  public void check(ManifestSet manifests, CheckContext context) {
    for (ClusterPolicy policy : manifests.ofType(ClusterPolicy.class)) {
      GpuOperatorFacts.schema(policy).forEach(finding -> context.report(policy, finding));
    }
  }
}
