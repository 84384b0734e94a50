package io.gpuspec.core.internal.rules;

import io.fabric8.kubernetes.api.model.HasMetadata;
import io.fabric8.kubernetes.api.model.LabelSelector;
import io.fabric8.kubernetes.api.model.apps.DaemonSet;
import io.fabric8.kubernetes.api.model.apps.Deployment;
import io.fabric8.kubernetes.api.model.apps.ReplicaSet;
import io.fabric8.kubernetes.api.model.apps.StatefulSet;
import io.fabric8.kubernetes.api.model.batch.v1.Job;
import java.util.Optional;

/** The {@code spec.selector} of the controllers that find their pods by a label selector. */
final class Selectors {

  private Selectors() {}

  /** Whether the kind is an apps/v1 controller, whose selector is required. */
  static boolean requiresSelector(HasMetadata object) {
    return object instanceof Deployment
        || object instanceof ReplicaSet
        || object instanceof StatefulSet
        || object instanceof DaemonSet;
  }

  /** The {@code spec.selector} of an apps/v1 controller or a Job, when it sets one. */
  static Optional<LabelSelector> of(HasMetadata object) {
    if (object instanceof Deployment d && d.getSpec() != null) {
      return Optional.ofNullable(d.getSpec().getSelector());
    }
    if (object instanceof ReplicaSet r && r.getSpec() != null) {
      return Optional.ofNullable(r.getSpec().getSelector());
    }
    if (object instanceof StatefulSet s && s.getSpec() != null) {
      return Optional.ofNullable(s.getSpec().getSelector());
    }
    if (object instanceof DaemonSet d && d.getSpec() != null) {
      return Optional.ofNullable(d.getSpec().getSelector());
    }
    if (object instanceof Job j && j.getSpec() != null) {
      return Optional.ofNullable(j.getSpec().getSelector());
    }
    return Optional.empty();
  }
}
