/**
 * Plain data classes for the NVIDIA GPU Operator's {@code ClusterPolicy} ({@code nvidia.com/v1},
 * cluster-scoped), in the shape of fabric8's generated models. The fields gpuspec reads are typed
 * ({@code devicePlugin.config}, {@code migManager.config}, {@code mig.strategy}, {@code
 * sandboxWorkloads}); every other field the CRD declares is kept as read, so an object that the API
 * server accepts decodes without unknown fields. Field names follow {@code
 * api/nvidia/v1/clusterpolicy_types.go} of NVIDIA/gpu-operator v26.7.0
 * (https://github.com/NVIDIA/gpu-operator).
 */
package io.gpuspec.sharing.model;
