package io.gpuspec.sharing.internal.rules;

import io.fabric8.kubernetes.api.model.resource.v1.ResourceClaim;
import io.fabric8.kubernetes.api.model.resource.v1.ResourceClaimTemplate;
import io.gpuspec.core.manifest.ManifestSet;
import io.gpuspec.core.report.Severity;
import io.gpuspec.core.spi.BaseRule;
import io.gpuspec.core.spi.CheckContext;
import io.gpuspec.core.spi.RuleInfo;
import io.gpuspec.sharing.facts.DraConfigFacts;

/**
 * SHR011: the device configs of a DRA claim or claim template are valid: each config names only
 * requests of the claim (the API server rejects others), and an opaque config for NVIDIA's driver
 * ({@code gpu.nvidia.com}) is one the driver decodes strictly: {@code resource.nvidia.com/v1beta1}
 * {@code GpuConfig} for GPU requests or {@code MigDeviceConfig} for MIG requests (the driver fails
 * the other pairing), with a {@code sharing} of strategy {@code TimeSlicing} (interval {@code
 * Default}, {@code Short}, {@code Medium} or {@code Long}; GPUs only) or {@code MPS} ({@code
 * defaultActiveThreadPercentage} 0 to 100, pinned memory limits of at least 1Mi), no settings of
 * the other strategy and no unknown fields ({@link DraConfigFacts}). Parameters of other drivers
 * are left alone. See docs/sharing.md. https://github.com/NVIDIA/k8s-dra-driver-gpu ({@code
 * api/nvidia.com/resource/v1beta1}).
 */
public final class NvidiaDraConfigsValid extends BaseRule {

  public NvidiaDraConfigsValid() {
    super(
        RuleInfo.builder()
            .id("SHR011")
            .severity(Severity.ERROR)
            .title("DRA device configs name the claim's requests; NVIDIA's configs are valid")
            .why(
                "The API server rejects a config for a request the claim does not have, and"
                    + " NVIDIA's DRA driver decodes its configs strictly: an unknown field, strategy"
                    + " or interval, or a GpuConfig on a MIG device, fails the pod at start.")
            .fix(
                "Name the claim's requests; use GpuConfig for gpu.nvidia.com and MigDeviceConfig"
                    + " for mig.nvidia.com requests with a valid sharing.")
            .addKinds("ResourceClaimTemplate", "ResourceClaim")
            .documentation(SharingRules.NVIDIA_DRA)
            .build());
  }

  @Override
  public void check(ManifestSet manifests, CheckContext context) {
    for (ResourceClaimTemplate template : manifests.ofType(ResourceClaimTemplate.class)) {
      DraConfigFacts.deviceConfigs(template).forEach(f -> context.report(template, f));
    }
    for (ResourceClaim claim : manifests.ofType(ResourceClaim.class)) {
      DraConfigFacts.deviceConfigs(claim).forEach(f -> context.report(claim, f));
    }
  }
}
