package io.gpuspec.scheduling.testkind;

import io.gpuspec.core.kubeflow.ReplicatedJobAdapter;
import io.gpuspec.core.manifest.NameFormat;
import io.gpuspec.core.manifest.ResourceKind;
import io.gpuspec.core.manifest.WritePhase;
import io.gpuspec.core.spi.GpuspecModule;
import io.gpuspec.core.spi.WorkloadAdapter;
import java.util.List;

/**
 * A test-only module for {@link PyTorchJob}: its kind and core's generic Kubeflow adapter, as a
 * Kubeflow module would register them. Listed in the test class path's {@code
 * META-INF/services/io.gpuspec.core.spi.GpuspecModule}.
 */
public final class TestKubeflowModule implements GpuspecModule {

  @Override
  public String name() {
    return "test-kubeflow";
  }

  @Override
  public List<ResourceKind> kinds() {
    return List.of(
        new ResourceKind(PyTorchJob.class, WritePhase.WORKLOAD, NameFormat.DNS1035_LABEL));
  }

  @Override
  public List<WorkloadAdapter> workloadAdapters() {
    return List.of(
        new ReplicatedJobAdapter<>(
            PyTorchJob.class,
            "pytorchReplicaSpecs",
            job -> job.getSpec() == null ? null : job.getSpec().getPytorchReplicaSpecs()));
  }
}
