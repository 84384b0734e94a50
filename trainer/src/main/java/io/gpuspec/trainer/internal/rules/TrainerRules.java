package io.gpuspec.trainer.internal.rules;

import java.net.URI;

/** What the Trainer rules share: the upstream documentation. */
final class TrainerRules {

  /** Kubeflow Trainer's user guides. */
  static final URI DOCS = URI.create("https://www.kubeflow.org/docs/components/trainer/");

  /** Kubeflow Trainer's guide to gang scheduling. */
  static final URI GANG_DOCS =
      URI.create(
          "https://www.kubeflow.org/docs/components/trainer/operator-guides/job-scheduling/");

  private TrainerRules() {}
}
