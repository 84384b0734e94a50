/**
 * A TrainJob's effective pod templates: its runtime's JobSet template merged with the TrainJob as
 * the Kubeflow Trainer v2.3 controller merges them, with where each merged value was written. The
 * DSL, the facts and the rules all read TrainJobs through this package.
 */
@NullMarked
package io.gpuspec.trainer.merge;

import org.jspecify.annotations.NullMarked;
