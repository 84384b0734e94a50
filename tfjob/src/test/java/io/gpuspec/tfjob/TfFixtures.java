package io.gpuspec.tfjob;

import io.gpuspec.core.Fixtures;
import io.gpuspec.core.Fleet;
import io.gpuspec.core.NodePool;
import io.gpuspec.core.TestGpuspec;
import io.gpuspec.core.check.CheckOptions;
import io.gpuspec.core.manifest.ManifestSet;
import io.gpuspec.core.report.Report;
import io.gpuspec.tfjob.model.TFJob;

/** Pools and jobs shared by the TFJob tests. */
public final class TfFixtures {

  private TfFixtures() {}

  public static final String IMAGE = "tensorflow/tensorflow:2.15.0-gpu";

  /** 4 nodes of 8 A100-80GB, GFD labels, NVLink, dedicated (core's test pool). */
  public static final NodePool A100_TRAIN = Fixtures.A100_TRAIN;

  /** 2 nodes of 8 H100 SXM, gpu.model labels (core's test pool). */
  public static final NodePool H100_TRAIN = Fixtures.H100_TRAIN;

  /** The acceptance job: Chief + 4 Workers of 1 A100 each, restartPolicy OnFailure, 2 CPU PS. */
  public static TfJob mnist() {
    return TfJob.named("mnist")
        .namespace("ml")
        .onPool(A100_TRAIN)
        .chief(c -> c.image(IMAGE).gpus(1).restartPolicy(RestartPolicy.ON_FAILURE))
        .workers(4, w -> w.image(IMAGE).gpus(1).restartPolicy(RestartPolicy.ON_FAILURE))
        .build();
  }

  /** Checks a set as DSL output is checked: both pools known, warnings as errors. */
  public static Report strictCheck(ManifestSet manifests) {
    return TestGpuspec.GPUSPEC
        .engine()
        .check(
            manifests,
            CheckOptions.builder().fleet(Fleet.of(A100_TRAIN, H100_TRAIN)).strict(true).build());
  }

  /** The rendered job as a one-object set. */
  public static ManifestSet set(TFJob job) {
    return ManifestSet.of(job);
  }
}
