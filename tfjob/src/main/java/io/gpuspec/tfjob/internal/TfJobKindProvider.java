package io.gpuspec.tfjob.internal;

import io.fabric8.kubernetes.api.model.HasMetadata;
import io.gpuspec.core.manifest.KindProvider;
import io.gpuspec.tfjob.model.TFJob;
import java.util.List;

/** Lets the manifest reader map {@code kubeflow.org/v1 TFJob} to {@link TFJob}. */
public final class TfJobKindProvider implements KindProvider {

  @Override
  public List<Class<? extends HasMetadata>> kinds() {
    return List.of(TFJob.class);
  }
}
