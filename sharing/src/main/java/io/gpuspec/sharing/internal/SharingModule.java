package io.gpuspec.sharing.internal;

import io.gpuspec.core.manifest.DocumentRecognizer;
import io.gpuspec.core.manifest.ResourceKind;
import io.gpuspec.core.manifest.WritePhase;
import io.gpuspec.core.spi.GpuspecModule;
import io.gpuspec.core.spi.Rule;
import io.gpuspec.sharing.internal.rules.ClusterPolicyAsTheCrdAllows;
import io.gpuspec.sharing.internal.rules.DevicePluginConfigReadAsWritten;
import io.gpuspec.sharing.internal.rules.DraClaimsWellFormed;
import io.gpuspec.sharing.internal.rules.DraClaimsWired;
import io.gpuspec.sharing.internal.rules.DraRequestsValid;
import io.gpuspec.sharing.internal.rules.MigLayoutsPlaceable;
import io.gpuspec.sharing.internal.rules.MigPartedConfigWellFormed;
import io.gpuspec.sharing.internal.rules.MigProfilesKnown;
import io.gpuspec.sharing.internal.rules.MpsClientsWithinLimit;
import io.gpuspec.sharing.internal.rules.NvidiaDraConfigsValid;
import io.gpuspec.sharing.internal.rules.OneReplicaPerContainer;
import io.gpuspec.sharing.internal.rules.OperatorDevicePluginConfigExists;
import io.gpuspec.sharing.internal.rules.OperatorMigPartedConfigExists;
import io.gpuspec.sharing.internal.rules.OperatorMigStrategyFits;
import io.gpuspec.sharing.internal.rules.PoolMigLayoutsFitTheirGpus;
import io.gpuspec.sharing.internal.rules.SharedResourcesHaveReplicas;
import io.gpuspec.sharing.internal.rules.SharingFitsMigStrategy;
import io.gpuspec.sharing.internal.rules.WorkloadsRequestAdvertisedResources;
import io.gpuspec.sharing.model.ClusterPolicy;
import java.util.List;

/**
 * The sharing module: rules for device-plugin and mig-parted configs (in ConfigMaps, found by
 * content, or standalone files claimed by {@link ConfigDocuments}), for workloads on shared pools,
 * for DRA claims of NVIDIA GPUs, and for the GPU Operator's ClusterPolicy (or its helm values,
 * claimed by {@link OperatorValuesDocuments}) and the ConfigMaps it names.
 */
public final class SharingModule implements GpuspecModule {

  @Override
  public String name() {
    return "sharing";
  }

  @Override
  public List<ResourceKind> kinds() {
    return List.of(new ResourceKind(ClusterPolicy.class, WritePhase.CONFIG));
  }

  @Override
  public List<DocumentRecognizer> documentRecognizers() {
    return List.of(new ConfigDocuments(), new OperatorValuesDocuments());
  }

  @Override
  public List<Rule> rules() {
    return List.of(
        new DevicePluginConfigReadAsWritten(),
        new SharedResourcesHaveReplicas(),
        new MpsClientsWithinLimit(),
        new SharingFitsMigStrategy(),
        new MigPartedConfigWellFormed(),
        new MigProfilesKnown(),
        new MigLayoutsPlaceable(),
        new PoolMigLayoutsFitTheirGpus(),
        new WorkloadsRequestAdvertisedResources(),
        new OneReplicaPerContainer(),
        new NvidiaDraConfigsValid(),
        new DraClaimsWired(),
        new DraRequestsValid(),
        new ClusterPolicyAsTheCrdAllows(),
        new OperatorDevicePluginConfigExists(),
        new OperatorMigPartedConfigExists(),
        new OperatorMigStrategyFits(),
        new DraClaimsWellFormed());
  }
}
