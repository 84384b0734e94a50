/** The validity facts of Kubeflow Trainer v2 objects, reported by the TRN rules. */
package io.gpuspec.trainer.facts;
