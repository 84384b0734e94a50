/**
 * GPU sharing for NVIDIA GPUs on Kubernetes, as pure values and checks.
 *
 * <ul>
 *   <li>MIG: {@link io.gpuspec.sharing.MigCatalogue} (per-GPU {@link
 *       io.gpuspec.sharing.MigGeometry} of {@link io.gpuspec.sharing.MigProfile}s) decides exactly
 *       whether a {@link io.gpuspec.sharing.MigLayout} fits, with a {@link
 *       io.gpuspec.sharing.MigFit} that names each {@link io.gpuspec.sharing.MigProblem}; {@link
 *       io.gpuspec.sharing.MigPartedConfig} and {@link io.gpuspec.sharing.MigPartedConfigMap} are
 *       the MIG manager's config.
 *   <li>Device plugin: {@link io.gpuspec.sharing.DevicePluginConfig} (time-slicing or MPS via
 *       {@link io.gpuspec.sharing.SharingConfig}), several of them in a {@link
 *       io.gpuspec.sharing.DevicePluginConfigMap}, and what a pool then advertises ({@link
 *       io.gpuspec.sharing.AdvertisedResources}).
 *   <li>GPU Operator wiring: {@link io.gpuspec.sharing.GpuOperatorValues} and {@link
 *       io.gpuspec.sharing.NodeConfigLabels}.
 * </ul>
 *
 * Config texts render deterministically and read back strictly ({@link io.gpuspec.sharing.Parsed},
 * {@link io.gpuspec.sharing.ConfigProblem}).
 */
package io.gpuspec.sharing;
