/**
 * Plain data classes for Volcano's {@code scheduling.volcano.sh/v1beta1} {@code Queue} and {@code
 * PodGroup}, in the shape of fabric8's generated models so that any fabric8 client can apply them
 * as {@link io.fabric8.kubernetes.api.model.HasMetadata}. Fields follow the upstream CRDs
 * (https://github.com/volcano-sh/apis/tree/master/pkg/apis/scheduling/v1beta1); fields the classes
 * do not name (e.g. {@code status}) are kept in {@code getAdditionalProperties()}.
 *
 * <p>fabric8 publishes {@code io.fabric8:volcano-model}, but its 8.0.0 POM names the parent {@code
 * io.fabric8:kubernetes-extensions:8.0.0}, which Maven Central does not have, so Maven cannot
 * resolve it. These classes keep fabric8's package-per-group layout so that a later switch is a
 * change of imports. The Volcano Job ({@code batch.volcano.sh/v1alpha1}) is in the sub-package
 * {@code batch}.
 */
package io.gpuspec.scheduling.model.volcano;
