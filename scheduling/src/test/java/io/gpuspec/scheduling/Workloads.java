package io.gpuspec.scheduling;

import io.fabric8.kubernetes.api.model.PodTemplateSpec;
import io.fabric8.kubernetes.api.model.apps.Deployment;
import io.fabric8.kubernetes.api.model.batch.v1.Job;
import io.gpuspec.core.InferenceDeployment;
import io.gpuspec.core.NodePool;
import io.gpuspec.core.TrainingJob;
import io.gpuspec.core.kubeflow.ReplicaSpec;
import io.gpuspec.core.kubeflow.RunPolicy;
import io.gpuspec.scheduling.testkind.PyTorchJob;
import io.gpuspec.scheduling.testkind.PyTorchJobSpec;
import java.util.LinkedHashMap;
import java.util.Map;

/** Rendered workloads of the kinds a gang or a Kueue queue is made of, built with the core DSL. */
final class Workloads {

  private Workloads() {}

  static Deployment deployment(String name, String namespace, int replicas, int gpus) {
    return InferenceDeployment.named(name)
        .namespace(namespace)
        .image("nvcr.io/nvidia/tritonserver:24.08-py3")
        .replicas(replicas)
        .gpus(gpus)
        .cpu("8")
        .memory("32Gi")
        .onPool(Fixtures.A100_TRAIN)
        .build()
        .toDeployment();
  }

  static Job job(String name, String namespace, int parallelism, int gpus) {
    return job(name, namespace, parallelism, gpus, Fixtures.A100_TRAIN);
  }

  static Job job(String name, String namespace, int parallelism, int gpus, NodePool pool) {
    return TrainingJob.named(name)
        .namespace(namespace)
        .image("nvcr.io/nvidia/pytorch:24.08-py3")
        .gpus(gpus)
        .cpu("16")
        .memory("128Gi")
        .parallelism(parallelism)
        .completions(parallelism)
        .onPool(pool)
        .build()
        .toJob();
  }

  /**
   * A PyTorchJob with one Master and {@code workers} Workers of {@code gpus} GPUs each, pods taken
   * from a rendered Job's template; {@code runPolicy} as given (may be null).
   */
  static PyTorchJob pytorch(
      String name, String namespace, int workers, int gpus, RunPolicy policy) {
    PodTemplateSpec template = job(name, namespace, 1, gpus).getSpec().getTemplate();
    Map<String, ReplicaSpec> replicas = new LinkedHashMap<>();
    replicas.put("Master", new ReplicaSpec(1, "OnFailure", template));
    replicas.put("Worker", new ReplicaSpec(workers, "OnFailure", template));
    PyTorchJobSpec spec = new PyTorchJobSpec();
    spec.setPytorchReplicaSpecs(replicas);
    spec.setRunPolicy(policy);
    PyTorchJob job = new PyTorchJob();
    job.setMetadata(
        new io.fabric8.kubernetes.api.model.ObjectMetaBuilder()
            .withName(name)
            .withNamespace(namespace)
            .build());
    job.setSpec(spec);
    return job;
  }
}
