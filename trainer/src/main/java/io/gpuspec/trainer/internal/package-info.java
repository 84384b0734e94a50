/** Service providers that plug Kubeflow Trainer v2 into core; not API. */
package io.gpuspec.trainer.internal;
