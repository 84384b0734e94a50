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
 *   <li>Shared pools: {@link io.gpuspec.sharing.GpuSharing}, core's {@code PoolSharing} for {@code
 *       NodePool.sharing(...)}; the ConfigMaps of a platform's pools with {@link
 *       io.gpuspec.sharing.DevicePluginConfigMap#ofPools} and {@link
 *       io.gpuspec.sharing.MigPartedConfigMap#ofPools}.
 *   <li>DRA claims of NVIDIA GPUs: {@code io.gpuspec.sharing.dra}.
 * </ul>
 *
 * The module's rules (SHR001 to SHR012) lint configs and workloads written by others; see
 * docs/sharing.md.
 *
 * <p>Config texts render deterministically and read back strictly ({@link
 * io.gpuspec.sharing.Parsed}, {@link io.gpuspec.sharing.ConfigProblem}).
 */
package io.gpuspec.sharing;
