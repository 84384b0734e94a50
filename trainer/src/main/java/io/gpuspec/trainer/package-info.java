/**
 * Kubeflow Trainer v2: the effective pod templates of a TrainJob ({@link
 * io.gpuspec.trainer.merge.TrainJobMerge}), and the DSL for runtimes on pools and the TrainJobs
 * that use them.
 */
package io.gpuspec.trainer;
