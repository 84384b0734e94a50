package io.gpuspec.scheduling;

import io.fabric8.kubernetes.api.model.Volume;
import io.fabric8.kubernetes.api.model.VolumeMount;
import java.util.Objects;

/**
 * A pod volume and the container mount that goes with it; add {@link #volume()} to the pod spec and
 * {@link #mount()} to each container that needs it.
 */
public record StorageMount(Volume volume, VolumeMount mount) {

  /** Where node-local scratch space is mounted. */
  public static final String SCRATCH_PATH = "/scratch";

  /** Where datasets are mounted, one directory per dataset claim. */
  public static final String DATASETS_PATH = "/datasets";

  /** Where checkpoints are written. */
  public static final String CHECKPOINTS_PATH = "/checkpoints";

  public StorageMount {
    Objects.requireNonNull(volume, "volume");
    Objects.requireNonNull(mount, "mount");
  }
}
