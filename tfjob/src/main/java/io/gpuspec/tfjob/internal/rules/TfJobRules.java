package io.gpuspec.tfjob.internal.rules;

import io.fabric8.kubernetes.api.model.Container;
import io.fabric8.kubernetes.api.model.PodSpec;
import io.gpuspec.core.k8s.NullFree;
import io.gpuspec.core.kubeflow.ReplicaSpec;
import io.gpuspec.core.manifest.ManifestSet;
import io.gpuspec.tfjob.facts.TfJobFacts;
import io.gpuspec.tfjob.model.TFJob;
import java.net.URI;
import java.util.List;
import java.util.Map;
import java.util.function.Consumer;

/** What the TFJob rules share: the upstream documentation and null-safe access to replicas. */
final class TfJobRules {

  /** Kubeflow training-operator (v1) TFJob guide. */
  static final URI DOCS =
      URI.create(
          "https://www.kubeflow.org/docs/components/trainer/legacy-v1/user-guides/tensorflow/");

  private TfJobRules() {}

  /** Calls {@code check} for every TFJob of the set. */
  static void forEachJob(ManifestSet manifests, Consumer<TFJob> check) {
    manifests.ofType(TFJob.class).forEach(check);
  }

  /** The replica specs of a job by type key, in the order written; empty when there is no spec. */
  static Map<String, ReplicaSpec> replicaSpecs(TFJob job) {
    return TfJobFacts.replicaSpecs(job);
  }

  /** The regular containers of a pod spec. */
  static List<Container> containers(PodSpec spec) {
    return NullFree.podSpec(spec).getContainers();
  }

  /** The field path of a replica's key, e.g. {@code spec.tfReplicaSpecs.Worker}. */
  static String path(String type) {
    return TfJobFacts.path(type);
  }
}
