/**
 * Plain data classes for Kueue's {@code kueue.x-k8s.io/v1beta2} API: {@code ResourceFlavor}, {@code
 * ClusterQueue}, {@code LocalQueue}, {@code Cohort} and {@code WorkloadPriorityClass}, in the shape
 * of fabric8's generated models (fabric8 publishes no Kueue model), so that any fabric8 client can
 * apply them as {@link io.fabric8.kubernetes.api.model.HasMetadata}. Fields follow the upstream API
 * (https://kueue.sigs.k8s.io/docs/reference/kueue.v1beta2/); fields the classes do not name (e.g.
 * {@code status}) are kept in {@code getAdditionalProperties()}.
 */
package io.gpuspec.scheduling.model.kueue;
