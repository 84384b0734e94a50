/**
 * NVIDIA GPUs through Kubernetes dynamic resource allocation ({@code resource.k8s.io/v1}): {@link
 * io.gpuspec.sharing.dra.GpuClaimTemplate} with its {@link io.gpuspec.sharing.dra.GpuClaimRequest}s
 * (whole GPUs or MIG devices, CEL selectors, the DRA driver's {@link
 * io.gpuspec.sharing.dra.DraSharing}) and {@link io.gpuspec.sharing.dra.ClaimedWorkload}, which
 * wires the claims into a workload's pods.
 */
package io.gpuspec.sharing.dra;
