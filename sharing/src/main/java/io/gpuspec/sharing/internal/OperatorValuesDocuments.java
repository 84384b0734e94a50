package io.gpuspec.sharing.internal;

import io.fabric8.kubernetes.api.model.HasMetadata;
import io.gpuspec.core.manifest.DocumentRecognizer;
import io.gpuspec.sharing.GpuOperatorChart;
import java.util.List;
import java.util.Optional;

/**
 * Claims a GPU Operator helm values file ({@link GpuOperatorChart#isValues}), which is not a
 * Kubernetes object, and stands for it with what the chart deploys from it: the ClusterPolicy
 * (named after the file, e.g. {@code values-yaml}) and the ConfigMaps {@code create: true} makes,
 * so the sharing rules check the values as they check a ClusterPolicy and its ConfigMaps.
 */
public final class OperatorValuesDocuments implements DocumentRecognizer {

  @Override
  public Optional<HasMetadata> recognize(Document document) {
    return recognizeAll(document).stream().findFirst();
  }

  @Override
  public List<HasMetadata> recognizeAll(Document document) {
    if (!GpuOperatorChart.isValues(document.content())) {
      return List.of();
    }
    return GpuOperatorChart.objects(
        document.content(),
        ConfigDocuments.name(document.fileName(), document.index()),
        document.fileName());
  }
}
