package io.gpuspec.sharing;

import java.util.List;

/**
 * A found arrangement of one device group's MIG instances on one GPU model: proof that the group
 * fits. {@code group} is the index of the group in its {@link MigLayout}.
 */
public record MigPlacement(int group, String model, List<MigInstance> instances) {

  public MigPlacement {
    instances = List.copyOf(instances);
  }
}
