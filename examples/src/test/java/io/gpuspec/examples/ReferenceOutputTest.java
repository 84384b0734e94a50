package io.gpuspec.examples;

import static io.gpuspec.examples.WrittenFiles.at;
import static io.gpuspec.examples.WrittenFiles.listAt;
import static io.gpuspec.examples.WrittenFiles.mapAt;
import static io.gpuspec.examples.WrittenFiles.number;
import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The main job's output as the issue asks for it, read back from the written files as plain YAML:
 * the kinds and objects it must contain, the kustomization, the 50-node fleet file, every workload
 * running as its team's ServiceAccount, and the printed summary against a count of its own.
 */
class ReferenceOutputTest {

  @TempDir static Path temp;

  private static Path manifests;
  private static String console;
  private static List<Map<String, Object>> objects;

  @BeforeAll
  static void runTheMainJob() throws IOException {
    manifests = temp.resolve("manifests");
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    boolean wrote =
        GenerateReferencePlatform.run(
            ReferencePlatform.build(),
            manifests,
            new PrintStream(out, true, StandardCharsets.UTF_8));
    console = out.toString(StandardCharsets.UTF_8);
    assertThat(wrote).as(console).isTrue();
    objects = WrittenFiles.objects(manifests);
  }

  @Test
  void kustomization_listsExactlyTheObjectFilesWritten_andNothingElseIsInTheDirectory()
      throws IOException {
    Map<String, Object> kustomization = WrittenFiles.read(manifests.resolve(Kustomization.FILE));

    assertThat(kustomization).containsEntry("kind", "Kustomization");
    assertThat(listAt(kustomization, "resources"))
        .containsExactlyElementsOf(
            WrittenFiles.objectFiles(manifests).stream()
                .map(f -> (Object) f.getFileName().toString())
                .toList());
    try (var files = Files.list(manifests)) {
      assertThat(files.map(f -> f.getFileName().toString()))
          .hasSize(objects.size() + 1)
          .doesNotContain("fleet.yaml", GenerateReferencePlatform.HELM_VALUES);
    }
    assertThat(temp.resolve(GenerateReferencePlatform.FLEET)).isRegularFile();
  }

  @Test
  void manifests_containEveryKindTheReferencePlatformNeeds() {
    Set<String> kinds = new HashSet<>();
    objects.forEach(o -> kinds.add((String) o.get("kind")));

    assertThat(kinds)
        .contains(
            "Namespace",
            "PriorityClass",
            "ServiceAccount",
            "Role",
            "RoleBinding",
            "ResourceQuota",
            "LimitRange",
            "ConfigMap",
            "Queue",
            "PodGroup",
            "ResourceFlavor",
            "ClusterQueue",
            "LocalQueue",
            "StorageClass",
            "PersistentVolumeClaim",
            "TrainJob",
            "TFJob",
            "LeaderWorkerSet",
            "Deployment",
            "Job",
            "CronJob",
            "ResourceClaimTemplate");
    assertThat(names("ConfigMap"))
        .contains("gpu-operator/device-plugin-configs", "gpu-operator/reference-mig-parted-config");
    // the three storage tiers: NVMe scratch, Ceph (CephFS, RBD) claims, MinIO for backups and
    // artefacts
    assertThat(names("StorageClass"))
        .containsExactlyInAnyOrder("local-nvme", "cephfs", "ceph-rbd", "minio-s3");
    assertThat(
            objects.stream()
                .filter(o -> "PersistentVolumeClaim".equals(o.get("kind")))
                .map(o -> at(o, "spec", "storageClassName")))
        .contains("cephfs", "ceph-rbd", "minio-s3");
    assertThat(names("ConfigMap")).contains("ml-research/minio-backup");
    // three teams, and a Namespace for every namespace used
    Set<String> namespaces = new HashSet<>(names("Namespace"));
    assertThat(namespaces).contains("vision", "ml-research", "serving");
    objects.stream()
        .map(o -> (String) at(o, "metadata", "namespace"))
        .filter(ns -> ns != null && !ns.equals("gpu-operator"))
        .forEach(ns -> assertThat(namespaces).as("Namespace object for " + ns).contains(ns));
    assertThat(names("ServiceAccount"))
        .containsExactlyInAnyOrder("ml-research/workload", "serving/workload", "vision/workload");
    assertThat(names("ResourceQuota")).hasSize(3);
    assertThat(names("LocalQueue")).hasSize(3);
    assertThat(names("ClusterQueue")).hasSize(3);
    assertThat(names("Queue")).hasSize(3);
  }

  @Test
  void everyWorkload_runsAsItsTeamsServiceAccount() {
    Set<String> accounts = new HashSet<>(names("ServiceAccount"));
    int templates = 0;
    for (Map<String, Object> o : objects) {
      String namespace = (String) at(o, "metadata", "namespace");
      for (Map<String, Object> pod : podSpecs(o)) {
        templates++;
        assertThat(accounts)
            .as(o.get("kind") + " " + namespace + "/" + at(o, "metadata", "name"))
            .contains(namespace + "/" + pod.get("serviceAccountName"));
      }
    }
    assertThat(templates).isGreaterThan(20);
  }

  @Test
  void backupCronJob_readsMinioEndpointAndKeysByReference_neverInline() {
    Map<String, Object> cronJob =
        objects.stream().filter(o -> "CronJob".equals(o.get("kind"))).findFirst().orElseThrow();
    Map<String, Object> container =
        WrittenFiles.map(
            listAt(cronJob, "spec", "jobTemplate", "spec", "template", "spec", "containers")
                .get(0));

    assertThat(listAt(container, "envFrom"))
        .extracting(e -> at(e, "configMapRef", "name"))
        .containsExactly(ReferenceStorage.MINIO_ENDPOINT);
    assertThat(listAt(container, "env"))
        .filteredOn(e -> String.valueOf(at(e, "name")).startsWith("AWS_"))
        .allSatisfy(
            e -> {
              assertThat(at(e, "value")).isNull();
              assertThat(at(e, "valueFrom", "secretKeyRef", "name"))
                  .isEqualTo(ReferenceStorage.MINIO_CREDENTIALS);
            })
        .hasSize(2);
    assertThat(mapAt(cronJob, "metadata", "annotations"))
        .containsKey(ReferenceWorkloads.EXTERNAL_SECRET);
    assertThat(names("Secret")).isEmpty();
  }

  @Test
  void fleetFile_has50Nodes_15WithGpus_35WithoutAnd_InfiniBandOnGpuNodesOnly() throws IOException {
    Map<String, Object> fleet = WrittenFiles.read(temp.resolve(GenerateReferencePlatform.FLEET));
    long gpuNodes = 0;
    long cpuNodes = 0;
    for (Object group : listAt(fleet, "spec", "nodeGroups")) {
      long count = number(group, 1, "count");
      if (gpuUnits(mapAt(group, "allocatable")) > 0) {
        gpuNodes += count;
      } else {
        cpuNodes += count;
        assertThat(mapAt(group, "allocatable")).doesNotContainKey("rdma/ib");
      }
    }
    assertThat(gpuNodes).isEqualTo(15);
    assertThat(cpuNodes).isEqualTo(35);
  }

  @Test
  void summary_matchesAnIndependentCountOfTheWrittenFiles() throws IOException {
    // objects by kind
    Map<String, Integer> kinds = new TreeMap<>();
    objects.forEach(o -> kinds.merge((String) o.get("kind"), 1, Integer::sum));
    StringBuilder expected = new StringBuilder("objects by kind (" + objects.size() + "):");
    kinds.forEach((kind, n) -> expected.append(' ').append(kind).append(' ').append(n));
    assertThat(console).contains(expected.toString() + "\n");

    // per pool: capacity from the fleet file, requests from the workloads
    Map<String, long[]> printed = new LinkedHashMap<>();
    Matcher line =
        Pattern.compile("(?m)^  (\\S+)\\s+(\\d+)  always-on\\s+(\\d+)  burst\\s+(\\d+)$")
            .matcher(console);
    while (line.find()) {
      printed.put(
          line.group(1),
          new long[] {
            Long.parseLong(line.group(2)),
            Long.parseLong(line.group(3)),
            Long.parseLong(line.group(4))
          });
    }
    assertThat(printed).containsKeys("a100-train", "h100-train", "a100-mig", "t4-notebooks", "cpu");
    Map<String, Object> fleet = WrittenFiles.read(temp.resolve(GenerateReferencePlatform.FLEET));
    for (Map.Entry<String, long[]> pool : printed.entrySet()) {
      long capacity = 0;
      for (Object group : listAt(fleet, "spec", "nodeGroups")) {
        String name = (String) at(group, "name");
        if (name.equals(pool.getKey()) || name.startsWith(pool.getKey() + "-ib-")) {
          capacity += number(group, 1, "count") * gpuUnits(mapAt(group, "allocatable"));
        }
      }
      assertThat(pool.getValue()[0]).as(pool.getKey() + " capacity").isEqualTo(capacity);
    }
    long[] requested = requested();
    assertThat(printed.values().stream().mapToLong(p -> p[1]).sum())
        .as("always-on GPUs")
        .isEqualTo(requested[0]);
    assertThat(printed.values().stream().mapToLong(p -> p[2]).sum())
        .as("burst GPUs")
        .isEqualTo(requested[1]);
    // the shared pools' own resources: MIG instances, time-sliced shares
    assertThat(printed.get("a100-mig")[1]).isEqualTo(requestedOf("nvidia.com/mig-1g.10gb"));
    assertThat(printed.get("t4-notebooks")[1]).isEqualTo(requestedOf("nvidia.com/gpu.shared"));
    assertThat(console).contains("violations: 0 (rules 0, fleet 0)");
  }

  private static List<String> names(String kind) {
    return objects.stream()
        .filter(o -> kind.equals(o.get("kind")))
        .map(
            o ->
                (at(o, "metadata", "namespace") == null ? "" : at(o, "metadata", "namespace") + "/")
                    + at(o, "metadata", "name"))
        .toList();
  }

  /** Always-on and burst GPUs (all GPU resources) the workloads request at once. */
  private static long[] requested() {
    long[] sums = new long[2];
    for (Map<String, Object> o : objects) {
      String kind = (String) o.get("kind");
      boolean alwaysOn = kind.equals("Deployment") || kind.equals("LeaderWorkerSet");
      sums[alwaysOn ? 0 : 1] += requestedBy(o, null);
    }
    return sums;
  }

  private static long requestedOf(String resource) {
    return objects.stream().mapToLong(o -> requestedBy(o, resource)).sum();
  }

  /** GPUs of {@code resource} (all GPU resources when null) that one object's pods request. */
  private static long requestedBy(Map<String, Object> o, String resource) {
    Object spec = o.get("spec");
    return switch ((String) o.get("kind")) {
      case "Deployment" ->
          number(spec, 1, "replicas") * gpus(mapAt(spec, "template", "spec"), resource);
      case "Job" ->
          number(spec, 1, "parallelism") * gpus(mapAt(spec, "template", "spec"), resource);
      case "CronJob" ->
          number(spec, 1, "jobTemplate", "spec", "parallelism")
              * gpus(mapAt(spec, "jobTemplate", "spec", "template", "spec"), resource);
      case "LeaderWorkerSet" -> {
        long size = number(spec, 1, "leaderWorkerTemplate", "size");
        yield number(spec, 1, "replicas")
            * (gpus(mapAt(spec, "leaderWorkerTemplate", "leaderTemplate", "spec"), resource)
                + (size - 1)
                    * gpus(
                        mapAt(spec, "leaderWorkerTemplate", "workerTemplate", "spec"), resource));
      }
      case "TFJob" ->
          mapAt(spec, "tfReplicaSpecs").values().stream()
              .mapToLong(
                  r -> number(r, 1, "replicas") * gpus(mapAt(r, "template", "spec"), resource))
              .sum();
      case "TrainJob" -> trainJobGpus(o, resource);
      default -> 0;
    };
  }

  /** numNodes × GPUs per node, each from the TrainJob or else from its runtime's node job. */
  private static long trainJobGpus(Map<String, Object> job, String resource) {
    String runtimeName = (String) at(job, "spec", "runtimeRef", "name");
    Map<String, Object> runtime =
        objects.stream()
            .filter(o -> "ClusterTrainingRuntime".equals(o.get("kind")))
            .filter(o -> runtimeName.equals(at(o, "metadata", "name")))
            .findFirst()
            .orElseThrow();
    long nodes =
        number(
            job, number(runtime, 1, "spec", "mlPolicy", "numNodes"), "spec", "trainer", "numNodes");
    Map<String, Object> perNode = mapAt(job, "spec", "trainer", "resourcesPerNode", "limits");
    if (!perNode.isEmpty()) {
      return nodes * gpuUnits(perNode, resource);
    }
    Object nodeJob =
        listAt(runtime, "spec", "template", "spec", "replicatedJobs").stream()
            .filter(j -> "node".equals(at(j, "name")))
            .findFirst()
            .orElseThrow();
    return nodes * gpus(mapAt(nodeJob, "template", "spec", "template", "spec"), resource);
  }

  private static long gpus(Map<String, Object> podSpec, String resource) {
    return listAt(podSpec, "containers").stream()
        .mapToLong(c -> gpuUnits(mapAt(c, "resources", "limits"), resource))
        .sum();
  }

  private static long gpuUnits(Map<String, Object> resources) {
    return gpuUnits(resources, null);
  }

  private static long gpuUnits(Map<String, Object> resources, String resource) {
    return resources.entrySet().stream()
        .filter(
            e ->
                resource == null
                    ? e.getKey().startsWith("nvidia.com/")
                    : e.getKey().equals(resource))
        .mapToLong(e -> Long.parseLong(e.getValue().toString()))
        .sum();
  }

  /** The pod specs of a workload, as its pods run them (a TrainJob's: its runtime patches). */
  private static List<Map<String, Object>> podSpecs(Map<String, Object> o) {
    Object spec = o.get("spec");
    return switch ((String) o.get("kind")) {
      case "Deployment", "Job" -> List.of(mapAt(spec, "template", "spec"));
      case "CronJob" -> List.of(mapAt(spec, "jobTemplate", "spec", "template", "spec"));
      case "LeaderWorkerSet" ->
          List.of(
              mapAt(spec, "leaderWorkerTemplate", "leaderTemplate", "spec"),
              mapAt(spec, "leaderWorkerTemplate", "workerTemplate", "spec"));
      case "TFJob" ->
          mapAt(spec, "tfReplicaSpecs").values().stream()
              .map(r -> mapAt(r, "template", "spec"))
              .toList();
      case "TrainJob" -> {
        List<Map<String, Object>> patched =
            listAt(spec, "runtimePatches").stream()
                .flatMap(
                    p ->
                        listAt(p, "trainingRuntimeSpec", "template", "spec", "replicatedJobs")
                            .stream())
                .map(j -> mapAt(j, "template", "spec", "template", "spec"))
                .toList();
        yield patched.isEmpty() ? List.of(Map.of()) : patched; // no patch: the runtime's account
      }
      default -> List.of();
    };
  }
}
