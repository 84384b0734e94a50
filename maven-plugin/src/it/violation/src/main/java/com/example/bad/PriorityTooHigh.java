package com.example.bad;

import io.fabric8.kubernetes.api.model.scheduling.v1.PriorityClassBuilder;
import io.gpuspec.core.Platform;
import io.gpuspec.core.PlatformSpec;
import java.util.List;

/** A PriorityClass above the one billion that user classes may have: K8S005. */
public final class PriorityTooHigh implements PlatformSpec {
  @Override
  public Platform platform() {
    return Platform.builder()
        .add(
            () ->
                List.of(
                    new PriorityClassBuilder()
                        .withNewMetadata()
                        .withName("too-high")
                        .endMetadata()
                        .withValue(2_000_000_000)
                        .build()))
        .build();
  }
}
