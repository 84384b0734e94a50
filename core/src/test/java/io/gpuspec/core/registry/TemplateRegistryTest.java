package io.gpuspec.core.registry;

import static org.assertj.core.api.Assertions.assertThat;

import io.fabric8.kubernetes.api.model.GenericKubernetesResource;
import io.gpuspec.core.TestGpuspec;
import io.gpuspec.core.spi.PodTemplate;
import io.gpuspec.core.spi.Workload;
import java.util.List;
import org.junit.jupiter.api.Test;

/** Roles, paths and pod counts of the shipped entries, with the upstream defaults. */
class TemplateRegistryTest {

  private static Workload workload(String yaml) {
    var object = TestGpuspec.read(yaml, "w.yaml").manifests().objects().get(0);
    assertThat(object).isInstanceOf(GenericKubernetesResource.class);
    return TestGpuspec.workload(object).orElseThrow();
  }

  private static List<String> shape(Workload workload) {
    return workload.templates().stream()
        .map(t -> t.role() + " " + t.specPath() + " x" + t.replicas())
        .toList();
  }

  @Test
  void jobSet_replicasTimesParallelism_roleIsTheReplicatedJobsName() {
    Workload w =
        workload(
            """
            apiVersion: jobset.x-k8s.io/v1alpha2
            kind: JobSet
            metadata: {name: j}
            spec:
              replicatedJobs:
              - name: workers
                replicas: 3
                template: {spec: {parallelism: 4, template: {spec: {containers: [{name: c}]}}}}
              - name: driver
                template: {spec: {template: {spec: {containers: [{name: c}]}}}}
            """);
    assertThat(shape(w))
        .containsExactly(
            "workers spec.replicatedJobs[0].template.spec.template.spec x12",
            "driver spec.replicatedJobs[1].template.spec.template.spec x1");
    assertThat(w.distributed()).isTrue();
  }

  @Test
  void leaderWorkerSet_oneLeaderAndSizeLessOneWorkersPerGroup() {
    Workload w =
        workload(
            """
            apiVersion: leaderworkerset.x-k8s.io/v1
            kind: LeaderWorkerSet
            metadata: {name: l}
            spec:
              replicas: 3
              leaderWorkerTemplate:
                size: 4
                leaderTemplate: {spec: {containers: [{name: c}]}}
                workerTemplate: {spec: {containers: [{name: c}]}}
            """);
    assertThat(shape(w))
        .containsExactly(
            "Leader spec.leaderWorkerTemplate.leaderTemplate.spec x3",
            "Worker spec.leaderWorkerTemplate.workerTemplate.spec x9");
  }

  @Test
  void leaderWorkerSet_withoutLeaderTemplate_workerTemplateMakesEveryPod() {
    Workload w =
        workload(
            """
            apiVersion: leaderworkerset.x-k8s.io/v1
            kind: LeaderWorkerSet
            metadata: {name: l}
            spec:
              leaderWorkerTemplate:
                size: 2
                workerTemplate: {spec: {containers: [{name: c}]}}
            """);
    assertThat(shape(w)).containsExactly("Worker spec.leaderWorkerTemplate.workerTemplate.spec x2");
    assertThat(w.distributed()).isTrue();
  }

  @Test
  void rayCluster_workerReplicasKeptWithinMinAndMax_timesHosts_notAGang() {
    Workload w =
        workload(
            """
            apiVersion: ray.io/v1
            kind: RayCluster
            metadata: {name: r}
            spec:
              headGroupSpec: {template: {spec: {containers: [{name: c}]}}}
              workerGroupSpecs:
              - {groupName: small, replicas: 9, maxReplicas: 5, template: {spec: {containers: [{name: c}]}}}
              - {groupName: tpu, minReplicas: 2, numOfHosts: 4, template: {spec: {containers: [{name: c}]}}}
              - {groupName: idle, template: {spec: {containers: [{name: c}]}}}
            """);
    assertThat(shape(w))
        .containsExactly(
            "head spec.headGroupSpec.template.spec x1",
            "small spec.workerGroupSpecs[0].template.spec x5",
            "tpu spec.workerGroupSpecs[1].template.spec x8",
            "idle spec.workerGroupSpecs[2].template.spec x0");
    assertThat(w.distributed()).isFalse();
  }

  @Test
  void kubeflowJobs_roleIsTheReplicaType_mpiWorkersDefaultToNone() {
    Workload pytorch =
        workload(
            """
            apiVersion: kubeflow.org/v1
            kind: PyTorchJob
            metadata: {name: p}
            spec:
              pytorchReplicaSpecs:
                Master: {template: {spec: {containers: [{name: c}]}}}
                Worker: {replicas: 3, template: {spec: {containers: [{name: c}]}}}
            """);
    assertThat(shape(pytorch))
        .containsExactly(
            "Master spec.pytorchReplicaSpecs.Master.template.spec x1",
            "Worker spec.pytorchReplicaSpecs.Worker.template.spec x3");
    Workload mpi =
        workload(
            """
            apiVersion: kubeflow.org/v2beta1
            kind: MPIJob
            metadata: {name: m}
            spec:
              mpiReplicaSpecs:
                Launcher: {template: {spec: {containers: [{name: c}]}}}
                Worker: {template: {spec: {containers: [{name: c}]}}}
            """);
    assertThat(mpi.templates()).extracting(PodTemplate::replicas).containsExactly(1, 0);
    Workload mpiWithWorkers =
        workload(
            """
            apiVersion: kubeflow.org/v2beta1
            kind: MPIJob
            metadata: {name: m}
            spec:
              mpiReplicaSpecs:
                Launcher: {template: {spec: {containers: [{name: c}]}}}
                Worker: {replicas: 4, template: {spec: {containers: [{name: c}]}}}
            """);
    assertThat(mpiWithWorkers.templates()).extracting(PodTemplate::replicas).containsExactly(1, 4);
  }

  @Test
  void templateWithValueOfWrongType_keepsTheRest() {
    Workload w =
        workload(
            """
            apiVersion: kubeflow.org/v1
            kind: JAXJob
            metadata: {name: j}
            spec:
              jaxReplicaSpecs:
                Worker:
                  template:
                    spec:
                      terminationGracePeriodSeconds: soon
                      containers: [{name: c, image: jax:1}]
            """);
    assertThat(w.templates().get(0).spec().getContainers().get(0).getImage()).isEqualTo("jax:1");
  }
}
