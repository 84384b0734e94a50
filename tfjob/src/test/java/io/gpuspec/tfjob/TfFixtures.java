package io.gpuspec.tfjob;

import io.gpuspec.core.Fleet;
import io.gpuspec.core.GpuCatalogue;
import io.gpuspec.core.Interconnect;
import io.gpuspec.core.LabelScheme;
import io.gpuspec.core.NodePool;
import io.gpuspec.core.PoolPurpose;
import io.gpuspec.core.check.CheckOptions;
import io.gpuspec.core.check.Report;
import io.gpuspec.core.check.RuleEngine;
import io.gpuspec.core.manifest.ManifestSet;
import io.gpuspec.tfjob.model.TFJob;

/** Pools and jobs shared by the TFJob tests. */
public final class TfFixtures {

  private TfFixtures() {}

  public static final String IMAGE = "tensorflow/tensorflow:2.15.0-gpu";

  /** 4 nodes of 8 A100-80GB, GFD labels, NVLink, dedicated. */
  public static final NodePool A100_TRAIN =
      NodePool.named("a100-train")
          .model(GpuCatalogue.A100_80GB)
          .gpusPerNode(8)
          .nodeCount(4)
          .purpose(PoolPurpose.TRAINING)
          .interconnect(Interconnect.NVLINK)
          .dedicated(true)
          .build();

  /** 2 nodes of 8 H100 SXM, gpu.model labels. */
  public static final NodePool H100_TRAIN =
      NodePool.named("h100-train")
          .model(GpuCatalogue.H100_80GB_SXM)
          .labelScheme(LabelScheme.gpuModel())
          .gpusPerNode(8)
          .nodeCount(2)
          .purpose(PoolPurpose.TRAINING)
          .interconnect(Interconnect.INFINIBAND)
          .build();

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
    return RuleEngine.defaults()
        .check(
            manifests,
            CheckOptions.builder().fleet(Fleet.of(A100_TRAIN, H100_TRAIN)).strict(true).build());
  }

  /** The rendered job as a one-object set. */
  public static ManifestSet set(TFJob job) {
    return ManifestSet.of(job);
  }
}
