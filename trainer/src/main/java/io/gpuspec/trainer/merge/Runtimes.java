package io.gpuspec.trainer.merge;

import io.fabric8.kubernetes.api.model.HasMetadata;
import io.gpuspec.core.spi.ObjectLookup;
import io.gpuspec.core.spi.Subject;
import io.gpuspec.trainer.model.ClusterTrainingRuntime;
import io.gpuspec.trainer.model.RuntimeRef;
import io.gpuspec.trainer.model.TrainJob;
import io.gpuspec.trainer.model.TrainingRuntime;
import java.util.Optional;

/**
 * Which runtime a TrainJob names: a {@code ClusterTrainingRuntime} (the default kind) of any name,
 * or a {@code TrainingRuntime} of the TrainJob's namespace.
 */
public final class Runtimes {

  private Runtimes() {}

  /** The runtime reference of a job; an empty reference when it has none. */
  public static RuntimeRef ref(TrainJob job) {
    return job.getSpec() == null || job.getSpec().getRuntimeRef() == null
        ? new RuntimeRef()
        : job.getSpec().getRuntimeRef();
  }

  /** Whether the reference names a kind of the Trainer's API group that gpuspec models. */
  public static boolean modelled(RuntimeRef ref) {
    return TrainJob.GROUP.equals(ref.effectiveApiGroup())
        && (TrainingRuntime.KIND.equals(ref.effectiveKind())
            || ClusterTrainingRuntime.KIND.equals(ref.effectiveKind()));
  }

  /** The runtime the job names among the objects of a set, if the set holds it. */
  public static Optional<HasMetadata> resolve(TrainJob job, ObjectLookup set) {
    RuntimeRef ref = ref(job);
    if (!modelled(ref) || ref.getName() == null) {
      return Optional.empty();
    }
    boolean namespaced = TrainingRuntime.KIND.equals(ref.effectiveKind());
    String namespace = Subject.namespace(job);
    // an unstated namespace may be any one (kubectl's current namespace), as references read it
    return set.objects(TrainJob.GROUP, ref.effectiveKind()).stream()
        .filter(r -> ref.getName().equals(Subject.name(r)))
        .filter(r -> !namespaced || Subject.sameNamespace(Subject.namespace(r), namespace))
        .findFirst();
  }
}
