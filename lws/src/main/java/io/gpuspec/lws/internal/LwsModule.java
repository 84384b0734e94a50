package io.gpuspec.lws.internal;

import io.gpuspec.core.spi.GpuspecModule;
import io.gpuspec.core.spi.Rule;
import java.util.List;

/**
 * The LeaderWorkerSet module: its rules. Its pod templates are the pod-template registry's (core
 * ships the LeaderWorkerSet entry), so it models no kind.
 */
public final class LwsModule implements GpuspecModule {

  @Override
  public String name() {
    return "lws";
  }

  @Override
  public List<Rule> rules() {
    return List.of(new RolloutCanProgress());
  }
}
