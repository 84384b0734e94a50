package io.gpuspec.tfjob.internal;

import io.gpuspec.core.kubeflow.ReplicatedJobAdapter;
import io.gpuspec.core.manifest.NameFormat;
import io.gpuspec.core.manifest.ResourceKind;
import io.gpuspec.core.manifest.WritePhase;
import io.gpuspec.core.spi.GpuspecModule;
import io.gpuspec.core.spi.Rule;
import io.gpuspec.core.spi.WorkloadAdapter;
import io.gpuspec.tfjob.internal.rules.AtMostOneChief;
import io.gpuspec.tfjob.internal.rules.KnownReplicaTypes;
import io.gpuspec.tfjob.internal.rules.MinAvailableWithinReplicas;
import io.gpuspec.tfjob.internal.rules.SameGpuCountPerTrainingReplica;
import io.gpuspec.tfjob.internal.rules.TensorflowContainerPresent;
import io.gpuspec.tfjob.model.TFJob;
import java.util.List;

/**
 * The TFJob module: the {@code kubeflow.org/v1 TFJob} kind, its pod templates (one per entry of
 * {@code spec.tfReplicaSpecs}, through core's Kubeflow {@link ReplicatedJobAdapter}) and its rules.
 */
public final class TfJobModule implements GpuspecModule {

  @Override
  public String name() {
    return "tfjob";
  }

  @Override
  public List<ResourceKind> kinds() {
    return List.of(new ResourceKind(TFJob.class, WritePhase.WORKLOAD, NameFormat.DNS1035_LABEL));
  }

  @Override
  public List<WorkloadAdapter> workloadAdapters() {
    return List.of(
        new ReplicatedJobAdapter<>(
            TFJob.class,
            "tfReplicaSpecs",
            job -> job.getSpec() == null ? null : job.getSpec().getTfReplicaSpecs()));
  }

  @Override
  public List<Rule> rules() {
    return List.of(
        new KnownReplicaTypes(),
        new AtMostOneChief(),
        new TensorflowContainerPresent(),
        new SameGpuCountPerTrainingReplica(),
        new MinAvailableWithinReplicas());
  }
}
