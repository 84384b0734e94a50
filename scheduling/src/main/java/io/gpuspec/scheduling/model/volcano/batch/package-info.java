/**
 * Plain data classes for Volcano's {@code batch.volcano.sh/v1alpha1} {@code Job} ("vcjob"), in the
 * shape of fabric8's generated models and with fabric8's class names ({@code
 * io.fabric8.volcano.api.model.batch.v1alpha1.Job}), so that switching to fabric8's {@code
 * volcano-model} once it resolves from Maven Central is a change of imports. Fields follow the
 * upstream CRD (https://github.com/volcano-sh/apis/tree/master/pkg/apis/batch/v1alpha1); fields the
 * classes do not name (e.g. {@code status}) are kept in {@code getAdditionalProperties()}.
 */
package io.gpuspec.scheduling.model.volcano.batch;
