/**
 * Kubeflow Trainer v2 ({@code trainer.kubeflow.org/v1alpha1}) as plain data, from the Go types of
 * kubeflow/trainer v2.3.0 ({@code pkg/apis/trainer/v1alpha1}): {@link
 * io.gpuspec.trainer.model.TrainJob}, {@link io.gpuspec.trainer.model.TrainingRuntime}, {@link
 * io.gpuspec.trainer.model.ClusterTrainingRuntime}, and the JobSet spec ({@code
 * jobset.x-k8s.io/v1alpha2}) inside a runtime's template, typed down to its pod templates. Fields
 * no rule reads are kept as read, so that objects round-trip.
 */
package io.gpuspec.trainer.model;
