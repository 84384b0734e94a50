package io.gpuspec.bench;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import java.util.Random;
import java.util.stream.Stream;

/**
 * Deterministic, realistic input for the benchmarks and {@code bench/speed.sh}: node lists as
 * {@code kubectl get nodes -o yaml} prints them (GPU and CPU pools over zones, some nodes
 * cordoned), and GPU workloads (Deployments, Jobs, CronJobs, TFJobs) whose pod templates repeat as
 * they do in real clusters — most workloads share a few dozen templates, a few are unique, and
 * about 2% can never schedule. The same seed gives byte-identical files.
 *
 * <pre>
 * java -cp bench/target/benchmarks.jar io.gpuspec.bench.Corpus nodes DIR 5000
 * java -cp bench/target/benchmarks.jar io.gpuspec.bench.Corpus workloads DIR 10000
 * java -cp bench/target/benchmarks.jar io.gpuspec.bench.Corpus lint DIR 2000
 * </pre>
 */
public final class Corpus {

  /** Nodes per node-list file: real {@code kubectl} output of 5,000 nodes exceeds 8 MiB. */
  static final int NODES_PER_FILE = 500;

  /** Workload documents per file in the fleet corpus. */
  static final int WORKLOADS_PER_FILE = 250;

  private static final long SEED = 20261123L;

  /** One node pool of the generated cluster. */
  record Pool(
      String name,
      String instanceType,
      String product,
      int gpus,
      String gpuResource,
      String cpu,
      String memory,
      List<String> taints,
      List<String> zones,
      int weight,
      String arch) {

    boolean gpu() {
      return gpus > 0;
    }
  }

  static final List<Pool> POOLS =
      List.of(
          new Pool(
              "a100-train",
              "p4de.24xlarge",
              "NVIDIA-A100-SXM4-80GB",
              8,
              "nvidia.com/gpu",
              "95690m",
              "1143265204Ki",
              List.of("nvidia.com/gpu=present:NoSchedule", "dedicated=training:NoSchedule"),
              List.of("a", "b"),
              12,
              "amd64"),
          new Pool(
              "h100-train",
              "p5.48xlarge",
              "NVIDIA-H100-80GB-HBM3",
              8,
              "nvidia.com/gpu",
              "191450m",
              "2043265204Ki",
              List.of("nvidia.com/gpu=present:NoSchedule", "dedicated=training:NoSchedule"),
              List.of("a", "b", "c"),
              10,
              "amd64"),
          new Pool(
              "h200-llm",
              "p5en.48xlarge",
              "NVIDIA-H200",
              8,
              "nvidia.com/gpu",
              "191450m",
              "2043265204Ki",
              List.of("nvidia.com/gpu=present:NoSchedule", "dedicated=llm:NoSchedule"),
              List.of("a"),
              4,
              "amd64"),
          new Pool(
              "a100-40-train",
              "p4d.24xlarge",
              "NVIDIA-A100-SXM4-40GB",
              8,
              "nvidia.com/gpu",
              "95690m",
              "1143265204Ki",
              List.of("nvidia.com/gpu=present:NoSchedule"),
              List.of("b"),
              6,
              "amd64"),
          new Pool(
              "l40s-infer",
              "g6e.12xlarge",
              "NVIDIA-L40S",
              4,
              "nvidia.com/gpu",
              "47810m",
              "378930756Ki",
              List.of("nvidia.com/gpu=present:NoSchedule"),
              List.of("a", "b"),
              10,
              "amd64"),
          new Pool(
              "l4-infer",
              "g6.12xlarge",
              "NVIDIA-L4",
              4,
              "nvidia.com/gpu",
              "47810m",
              "189930756Ki",
              List.of("nvidia.com/gpu=present:NoSchedule"),
              List.of("a", "b", "c"),
              10,
              "amd64"),
          new Pool(
              "t4-infer",
              "g4dn.xlarge",
              "Tesla-T4",
              1,
              "nvidia.com/gpu",
              "3920m",
              "15358604Ki",
              List.of("nvidia.com/gpu=present:NoSchedule"),
              List.of("a", "b", "c"),
              14,
              "amd64"),
          new Pool(
              "a10-dev",
              "g5.2xlarge",
              "NVIDIA-A10G",
              1,
              "nvidia.com/gpu",
              "7910m",
              "31658604Ki",
              List.of("nvidia.com/gpu=present:NoSchedule"),
              List.of("a"),
              5,
              "amd64"),
          new Pool(
              "v100-legacy",
              "p3.8xlarge",
              "Tesla-V100-SXM2-16GB",
              4,
              "nvidia.com/gpu",
              "31850m",
              "247658604Ki",
              List.of("nvidia.com/gpu=present:NoSchedule"),
              List.of("a"),
              3,
              "amd64"),
          new Pool(
              "a100-mig",
              "p4d.24xlarge",
              "NVIDIA-A100-SXM4-40GB",
              56,
              "nvidia.com/mig-1g.5gb",
              "95690m",
              "1143265204Ki",
              List.of("nvidia.com/gpu=present:NoSchedule"),
              List.of("a"),
              2,
              "amd64"),
          new Pool(
              "general",
              "m6i.4xlarge",
              "",
              0,
              "",
              "15890m",
              "63658604Ki",
              List.of(),
              List.of("a", "b", "c"),
              16,
              "amd64"),
          new Pool(
              "highmem",
              "r6i.8xlarge",
              "",
              0,
              "",
              "31850m",
              "254658604Ki",
              List.of(),
              List.of("a"),
              4,
              "amd64"),
          new Pool(
              "system",
              "m6i.xlarge",
              "",
              0,
              "",
              "3920m",
              "15358604Ki",
              List.of("CriticalAddonsOnly=true:NoSchedule"),
              List.of("a", "b"),
              2,
              "amd64"),
          new Pool(
              "arm",
              "m7g.4xlarge",
              "",
              0,
              "",
              "15890m",
              "63658604Ki",
              List.of(),
              List.of("a"),
              2,
              "arm64"));

  private Corpus() {}

  /** {@code nodes|workloads|lint DIR COUNT}: writes that corpus into DIR. */
  public static void main(String[] args) throws IOException {
    if (args.length != 3) {
      System.err.println("usage: Corpus nodes|workloads|lint DIR COUNT");
      System.exit(2);
    }
    Path dir = Path.of(args[1]);
    int count = Integer.parseInt(args[2]);
    Files.createDirectories(dir);
    List<Path> written =
        switch (args[0]) {
          case "nodes" -> writeNodes(dir, count);
          case "workloads" -> writeWorkloads(dir, count);
          case "lint" -> writeLintSet(dir, count);
          default ->
              throw new IllegalArgumentException(
                  "corpus " + args[0] + ": use nodes, workloads or lint");
        };
    System.out.println(
        "corpus: wrote " + count + " " + args[0] + " into " + written.size() + " files in " + dir);
  }

  /** {@code count} nodes as {@code kubectl get nodes -o yaml} Lists, 500 per file. */
  public static List<Path> writeNodes(Path dir, int count) {
    List<String> nodes = nodes(count);
    List<Path> files = new ArrayList<>();
    for (int from = 0, n = 0; from < nodes.size(); from += NODES_PER_FILE, n++) {
      StringBuilder list = new StringBuilder("apiVersion: v1\nkind: List\nmetadata:\n");
      list.append("  resourceVersion: \"\"\nitems:\n");
      nodes.subList(from, Math.min(nodes.size(), from + NODES_PER_FILE)).forEach(list::append);
      files.add(write(dir.resolve(String.format(Locale.ROOT, "nodes-%02d.yaml", n)), list));
    }
    return files;
  }

  /** {@code count} workloads, one per document, 250 per file. */
  public static List<Path> writeWorkloads(Path dir, int count) {
    Random random = new Random(SEED);
    List<Path> files = new ArrayList<>();
    StringBuilder file = new StringBuilder();
    for (int i = 0; i < count; i++) {
      file.append(workload(i, random));
      if ((i + 1) % WORKLOADS_PER_FILE == 0 || i + 1 == count) {
        files.add(
            write(
                dir.resolve(String.format(Locale.ROOT, "workloads-%03d.yaml", files.size())),
                file));
        file.setLength(0);
      }
    }
    return files;
  }

  /**
   * {@code count} documents as a repository of manifests holds them: one file per application (a
   * Deployment and its Service, a Job, a TFJob, a CronJob, a ConfigMap), namespaces in one file.
   */
  public static List<Path> writeLintSet(Path dir, int count) {
    Random random = new Random(SEED + 1);
    List<Path> files = new ArrayList<>();
    int namespaces = Math.min(20, count);
    StringBuilder ns = new StringBuilder();
    for (int i = 0; i < namespaces; i++) {
      ns.append("---\napiVersion: v1\nkind: Namespace\nmetadata:\n  name: ")
          .append(namespace(i))
          .append('\n');
    }
    files.add(write(dir.resolve("00-namespaces.yaml"), ns));
    int documents = namespaces;
    for (int i = 0; documents < count; i++) {
      StringBuilder app = new StringBuilder();
      if (i % 10 == 9) {
        app.append(configMap(i));
        documents++;
      } else {
        String workload = workload(i, random);
        app.append(workload);
        documents++;
        if (workload.contains("\nkind: Deployment\n") && documents < count) {
          app.append(service(i, workload));
          documents++;
        }
      }
      files.add(
          write(
              dir.resolve(
                  String.format(Locale.ROOT, "%s/app-%04d.yaml", namespace(i % namespaces), i)),
              app));
    }
    return files;
  }

  /** The node list items, each starting with {@code "- "} at the List's indentation. */
  static List<String> nodes(int count) {
    int weights = POOLS.stream().mapToInt(Pool::weight).sum();
    List<String> nodes = new ArrayList<>(count);
    int index = 0;
    for (int p = 0; p < POOLS.size(); p++) {
      Pool pool = POOLS.get(p);
      int inPool =
          p == POOLS.size() - 1
              ? count - nodes.size()
              : (int) Math.round((double) count * pool.weight() / weights);
      for (int k = 0; k < inPool && nodes.size() < count; k++) {
        String zone = pool.zones().get(k % pool.zones().size());
        // one node in 97 is cordoned: the scheduler treats it as tainted, so it forms its own group
        boolean cordoned = index % 97 == 13;
        nodes.add(node(pool, zone, k, index, cordoned));
        index++;
      }
    }
    return nodes;
  }

  private static String node(Pool pool, String zone, int k, int index, boolean cordoned) {
    String name =
        String.format(
            Locale.ROOT,
            "ip-10-%d-%d-%d.ec2.internal",
            index / 65_000 + 1,
            (index / 250) % 256,
            index % 250 + 2);
    StringBuilder n = new StringBuilder();
    n.append("- apiVersion: v1\n  kind: Node\n  metadata:\n    annotations:\n")
        .append("      alpha.kubernetes.io/provided-node-ip: 10.")
        .append(index / 65_000 + 1)
        .append('.')
        .append((index / 250) % 256)
        .append('.')
        .append(index % 250 + 2)
        .append('\n')
        .append("      node.alpha.kubernetes.io/ttl: \"0\"\n")
        .append("      volumes.kubernetes.io/controller-managed-attach-detach: \"true\"\n")
        .append("    creationTimestamp: \"2026-10-")
        .append(String.format(Locale.ROOT, "%02d", k % 28 + 1))
        .append("T08:")
        .append(String.format(Locale.ROOT, "%02d", index % 60))
        .append(":00Z\"\n    labels:\n");
    n.append("      beta.kubernetes.io/arch: ").append(pool.arch()).append('\n');
    n.append("      beta.kubernetes.io/instance-type: ").append(pool.instanceType()).append('\n');
    n.append("      beta.kubernetes.io/os: linux\n");
    n.append("      eks.amazonaws.com/capacityType: ON_DEMAND\n");
    n.append("      eks.amazonaws.com/nodegroup: ").append(pool.name()).append('-').append(zone);
    n.append('\n');
    n.append("      gpu.pool: ").append(pool.name()).append('\n');
    n.append("      kubernetes.io/arch: ").append(pool.arch()).append('\n');
    n.append("      kubernetes.io/hostname: ").append(name).append('\n');
    n.append("      kubernetes.io/os: linux\n");
    n.append("      node.kubernetes.io/instance-type: ").append(pool.instanceType()).append('\n');
    if (pool.gpu()) {
      int devices = pool.gpuResource().equals("nvidia.com/gpu") ? pool.gpus() : 8;
      n.append("      nvidia.com/cuda.driver.major: \"550\"\n");
      n.append("      nvidia.com/gpu.count: \"").append(devices).append("\"\n");
      n.append("      nvidia.com/gpu.deploy.device-plugin: \"true\"\n");
      n.append("      nvidia.com/gpu.present: \"true\"\n");
      n.append("      nvidia.com/gpu.product: ").append(pool.product()).append('\n');
      if (!pool.gpuResource().equals("nvidia.com/gpu")) {
        n.append("      nvidia.com/mig.config: all-1g.5gb\n");
        n.append("      nvidia.com/mig.strategy: mixed\n");
      }
    }
    n.append("      topology.kubernetes.io/region: us-east-1\n");
    n.append("      topology.kubernetes.io/zone: us-east-1").append(zone).append('\n');
    n.append("    name: ").append(name).append('\n');
    n.append("    resourceVersion: \"").append(8_000_000 + index * 37).append("\"\n");
    n.append("    uid: ").append(uid(index)).append('\n');
    n.append("  spec:\n");
    n.append("    providerID: aws:///us-east-1")
        .append(zone)
        .append("/i-0")
        .append(String.format(Locale.ROOT, "%016x", 0x5eedL * 1_000_003L + index * 7_919L))
        .append('\n');
    List<String> taints = new ArrayList<>(pool.taints());
    if (!taints.isEmpty() || cordoned) {
      n.append("    taints:\n");
      for (String taint : taints) {
        int eq = taint.indexOf('=');
        int colon = taint.lastIndexOf(':');
        n.append("    - effect: ").append(taint.substring(colon + 1)).append('\n');
        n.append("      key: ").append(taint, 0, eq).append('\n');
        n.append("      value: \"").append(taint, eq + 1, colon).append("\"\n");
      }
      if (cordoned) {
        n.append("    - effect: NoSchedule\n      key: node.kubernetes.io/unschedulable\n");
        n.append("      timeAdded: \"2026-11-20T10:00:00Z\"\n");
      }
    }
    if (cordoned) {
      n.append("    unschedulable: true\n");
    }
    n.append("  status:\n    addresses:\n");
    n.append("    - address: 10.")
        .append(index / 65_000 + 1)
        .append('.')
        .append((index / 250) % 256)
        .append('.')
        .append(index % 250 + 2)
        .append("\n      type: InternalIP\n");
    n.append("    - address: ").append(name).append("\n      type: Hostname\n");
    n.append("    - address: ").append(name).append("\n      type: InternalDNS\n");
    n.append("    allocatable:\n");
    resources(n, pool, true);
    n.append("    capacity:\n");
    resources(n, pool, false);
    n.append("    conditions:\n");
    condition(n, "MemoryPressure", "False", "KubeletHasSufficientMemory");
    condition(n, "DiskPressure", "False", "KubeletHasNoDiskPressure");
    condition(n, "PIDPressure", "False", "KubeletHasSufficientPID");
    condition(n, "Ready", "True", "KubeletReady");
    n.append("    daemonEndpoints:\n      kubeletEndpoint:\n        Port: 10250\n");
    n.append("    nodeInfo:\n");
    n.append("      architecture: ").append(pool.arch()).append('\n');
    n.append("      bootID: ").append(uid(index + 1_000_000)).append('\n');
    n.append("      containerRuntimeVersion: containerd://1.7.27\n");
    n.append("      kernelVersion: 6.1.128-136.201.amzn2023.x86_64\n");
    n.append("      kubeProxyVersion: \"\"\n");
    n.append("      kubeletVersion: v1.33.5-eks-113cf36\n");
    n.append("      machineID: ").append(uid(index + 2_000_000).replace("-", "")).append('\n');
    n.append("      operatingSystem: linux\n");
    n.append("      osImage: Amazon Linux 2023.7.20250512\n");
    n.append("      systemUUID: ").append(uid(index + 3_000_000)).append('\n');
    return n.toString();
  }

  private static void resources(StringBuilder n, Pool pool, boolean allocatable) {
    n.append("      cpu: ")
        .append(
            allocatable ? pool.cpu() : (Integer.parseInt(pool.cpu().replace("m", "")) + 110) / 1000)
        .append('\n');
    n.append("      ephemeral-storage: \"")
        .append(allocatable ? "95551679124" : "104845292Ki")
        .append("\"\n");
    n.append("      hugepages-1Gi: \"0\"\n      hugepages-2Mi: \"0\"\n");
    n.append("      memory: ").append(pool.memory()).append('\n');
    if (pool.gpu()) {
      n.append("      ").append(pool.gpuResource()).append(": \"").append(pool.gpus());
      n.append("\"\n");
    }
    n.append("      pods: \"").append(pool.gpu() ? 250 : 110).append("\"\n");
  }

  private static void condition(StringBuilder n, String type, String status, String reason) {
    n.append("    - lastHeartbeatTime: \"2026-11-23T06:00:00Z\"\n");
    n.append("      lastTransitionTime: \"2026-10-01T08:00:00Z\"\n");
    n.append("      message: kubelet ")
        .append(reason.replace("Kubelet", "").toLowerCase(Locale.ROOT));
    n.append('\n');
    n.append("      reason: ").append(reason).append('\n');
    n.append("      status: \"").append(status).append("\"\n");
    n.append("      type: ").append(type).append('\n');
  }

  private static String uid(int seed) {
    Random r = new Random(seed * 31L + 7);
    return String.format(
        Locale.ROOT,
        "%08x-%04x-4%03x-a%03x-%012x",
        r.nextInt(),
        r.nextInt(0x10000),
        r.nextInt(0x1000),
        r.nextInt(0x1000),
        r.nextLong() & 0xffffffffffffL);
  }

  /** How a template picks its nodes. */
  enum Placement {
    NODE_SELECTOR,
    AFFINITY,
    PRODUCT_SELECTOR
  }

  /**
   * A pod template shape shared by many workloads: pool, GPUs per pod, how it selects nodes. Real
   * clusters have a few dozen; workloads pick them with a skewed (Zipf-like) distribution.
   */
  record Shape(Pool pool, int gpus, Placement placement, String cpu, String memory) {}

  static final List<Shape> SHAPES = shapes();

  private static List<Shape> shapes() {
    List<Shape> shapes = new ArrayList<>();
    for (Pool pool : POOLS) {
      if (!pool.gpu()) {
        shapes.add(new Shape(pool, 0, Placement.NODE_SELECTOR, "2", "4Gi"));
        shapes.add(new Shape(pool, 0, Placement.AFFINITY, "500m", "1Gi"));
        continue;
      }
      int full = pool.gpuResource().equals("nvidia.com/gpu") ? pool.gpus() : 1;
      shapes.add(new Shape(pool, 1, Placement.NODE_SELECTOR, "4", "16Gi"));
      shapes.add(new Shape(pool, full, Placement.AFFINITY, "32", "128Gi"));
      shapes.add(new Shape(pool, Math.max(1, full / 2), Placement.PRODUCT_SELECTOR, "8", "32Gi"));
      if (full >= 4) {
        shapes.add(new Shape(pool, 2, Placement.AFFINITY, "8", "64Gi"));
      }
    }
    return List.copyOf(shapes);
  }

  /** One workload document (starting with {@code ---}), the {@code i}th of the corpus. */
  static String workload(int i, Random random) {
    // Zipf-like: shape k is picked with weight 1/(k+1)
    Shape shape = SHAPES.get(zipf(random, SHAPES.size()));
    int roll = random.nextInt(100);
    // about 3% of templates are one of a kind (their own memory request), 2% never schedule
    String memory = roll < 3 ? (1024 + i) + "Mi" : shape.memory();
    int gpus = roll == 3 ? 64 : shape.gpus();
    boolean forgetsToleration = roll == 4 && shape.pool().gpu();
    String name = String.format(Locale.ROOT, "%s-%05d", shape.pool().name(), i);
    String ns = namespace(i % 20);
    String pod = podSpec(shape, gpus, memory, forgetsToleration, random);
    int kind = random.nextInt(20);
    if (shape.gpus() == 0 || kind < 8) {
      return deployment(name, ns, pod, 1 + random.nextInt(4));
    }
    if (kind < 15) {
      return job(name, ns, pod);
    }
    if (kind < 17) {
      return cronJob(name, ns, pod);
    }
    return tfJob(name, ns, pod, 1 + random.nextInt(8));
  }

  private static int zipf(Random random, int n) {
    double total = 0;
    for (int k = 0; k < n; k++) {
      total += 1.0 / (k + 1);
    }
    double x = random.nextDouble() * total;
    for (int k = 0; k < n; k++) {
      x -= 1.0 / (k + 1);
      if (x <= 0) {
        return k;
      }
    }
    return n - 1;
  }

  /** The pod spec at indentation 0 (callers indent it), without the {@code spec:} key. */
  private static String podSpec(
      Shape shape, int gpus, String memory, boolean forgetsToleration, Random random) {
    Pool pool = shape.pool();
    StringBuilder s = new StringBuilder();
    switch (shape.placement()) {
      case NODE_SELECTOR ->
          s.append("nodeSelector:\n  gpu.pool: ").append(pool.name()).append('\n');
      case PRODUCT_SELECTOR ->
          s.append("nodeSelector:\n  nvidia.com/gpu.product: ")
              .append(pool.product())
              .append("\n  kubernetes.io/arch: amd64\n");
      case AFFINITY -> {
        s.append(
            "affinity:\n  nodeAffinity:\n    requiredDuringSchedulingIgnoredDuringExecution:\n");
        s.append("      nodeSelectorTerms:\n      - matchExpressions:\n");
        s.append("        - key: gpu.pool\n          operator: In\n          values:\n");
        s.append("          - ").append(pool.name()).append('\n');
        if (pool.gpu()) {
          s.append("        - key: nvidia.com/gpu.present\n          operator: Exists\n");
        } else {
          s.append("        - key: nvidia.com/gpu.present\n          operator: DoesNotExist\n");
        }
        s.append("    preferredDuringSchedulingIgnoredDuringExecution:\n    - weight: 50\n");
        s.append("      preference:\n        matchExpressions:\n");
        s.append("        - key: topology.kubernetes.io/zone\n          operator: In\n");
        s.append("          values:\n          - us-east-1")
            .append(pool.zones().get(0))
            .append('\n');
      }
    }
    List<String> taints = forgetsToleration ? List.of() : pool.taints();
    if (!taints.isEmpty()) {
      s.append("tolerations:\n");
      for (String taint : taints) {
        int eq = taint.indexOf('=');
        int colon = taint.lastIndexOf(':');
        if (taint.startsWith("nvidia.com/gpu")) {
          s.append("- key: nvidia.com/gpu\n  operator: Exists\n  effect: NoSchedule\n");
        } else {
          s.append("- key: ").append(taint, 0, eq).append('\n');
          s.append("  operator: Equal\n  value: \"").append(taint, eq + 1, colon).append("\"\n");
          s.append("  effect: ").append(taint.substring(colon + 1)).append('\n');
        }
      }
    }
    s.append("securityContext:\n  runAsNonRoot: true\n  runAsUser: 1000\n");
    s.append("  seccompProfile:\n    type: RuntimeDefault\n");
    s.append("containers:\n- name: main\n");
    s.append("  image: ").append(image(shape, random)).append('\n');
    s.append("  args:\n  - --port=8080\n  - --log-level=info\n");
    s.append("  env:\n  - name: NCCL_DEBUG\n    value: WARN\n");
    s.append(
        "  - name: POD_NAME\n    valueFrom:\n      fieldRef:\n        fieldPath: metadata.name\n");
    s.append("  ports:\n  - containerPort: 8080\n    name: http\n    protocol: TCP\n");
    s.append("  resources:\n");
    for (String side : List.of("requests", "limits")) {
      s.append("    ").append(side).append(":\n");
      s.append("      cpu: \"").append(shape.cpu()).append("\"\n");
      s.append("      memory: ").append(memory).append('\n');
      if (pool.gpu()) {
        s.append("      ").append(pool.gpuResource()).append(": \"").append(gpus).append("\"\n");
      }
    }
    s.append("  securityContext:\n    allowPrivilegeEscalation: false\n");
    s.append("    capabilities:\n      drop:\n      - ALL\n");
    s.append("  volumeMounts:\n  - name: shm\n    mountPath: /dev/shm\n");
    s.append("volumes:\n- name: shm\n  emptyDir:\n    medium: Memory\n    sizeLimit: 8Gi\n");
    return s.toString();
  }

  private static String image(Shape shape, Random random) {
    List<String> images =
        shape.pool().gpu()
            ? List.of(
                "nvcr.io/nvidia/pytorch:24.08-py3",
                "nvcr.io/nvidia/tritonserver:24.08-py3",
                "vllm/vllm-openai:v0.6.3")
            : List.of("registry.k8s.io/pause:3.10", "python:3.12-slim");
    return images.get(random.nextInt(images.size()));
  }

  private static String indent(String text, int spaces) {
    String pad = " ".repeat(spaces);
    StringBuilder out = new StringBuilder();
    for (String line : text.split("\n", -1)) {
      if (!line.isEmpty()) {
        out.append(pad).append(line).append('\n');
      }
    }
    return out.toString();
  }

  private static String meta(String kind, String apiVersion, String name, String ns) {
    return "---\napiVersion: "
        + apiVersion
        + "\nkind: "
        + kind
        + "\nmetadata:\n  name: "
        + name
        + "\n  namespace: "
        + ns
        + "\n  labels:\n    app.kubernetes.io/name: "
        + name
        + "\n    app.kubernetes.io/part-of: bench\n";
  }

  private static String podTemplate(String name, String pod, int indent) {
    return indent(
        "template:\n  metadata:\n    labels:\n      app.kubernetes.io/name: "
            + name
            + "\n  spec:\n"
            + indent(pod, 4),
        indent);
  }

  private static String deployment(String name, String ns, String pod, int replicas) {
    return meta("Deployment", "apps/v1", name, ns)
        + "spec:\n  replicas: "
        + replicas
        + "\n  selector:\n    matchLabels:\n      app.kubernetes.io/name: "
        + name
        + "\n"
        + podTemplate(name, pod, 2);
  }

  private static String job(String name, String ns, String pod) {
    return meta("Job", "batch/v1", name, ns)
        + "spec:\n  backoffLimit: 2\n  ttlSecondsAfterFinished: 86400\n"
        + podTemplate(name, "restartPolicy: Never\n" + pod, 2);
  }

  private static String cronJob(String name, String ns, String pod) {
    return meta("CronJob", "batch/v1", name.substring(0, Math.min(name.length(), 40)), ns)
        + "spec:\n  schedule: \"0 3 * * *\"\n  concurrencyPolicy: Forbid\n  jobTemplate:\n"
        + "    spec:\n      backoffLimit: 1\n"
        + podTemplate(name, "restartPolicy: OnFailure\n" + pod, 6);
  }

  private static String tfJob(String name, String ns, String pod, int workers) {
    String tf = pod.replace("- name: main\n", "- name: tensorflow\n");
    return meta("TFJob", "kubeflow.org/v1", name, ns)
        + "spec:\n  runPolicy:\n    cleanPodPolicy: Running\n    backoffLimit: 3\n"
        + "  tfReplicaSpecs:\n    Chief:\n      replicas: 1\n      restartPolicy: Never\n"
        + podTemplate(name, tf, 6)
        + "    Worker:\n      replicas: "
        + workers
        + "\n      restartPolicy: Never\n"
        + podTemplate(name, tf, 6);
  }

  private static String service(int i, String deployment) {
    int at = deployment.indexOf("\n  name: ") + "\n  name: ".length();
    String name = deployment.substring(at, deployment.indexOf('\n', at));
    int nsAt = deployment.indexOf("\n  namespace: ") + "\n  namespace: ".length();
    String ns = deployment.substring(nsAt, deployment.indexOf('\n', nsAt));
    return meta("Service", "v1", name, ns)
        + "spec:\n  type: ClusterIP\n  selector:\n    app.kubernetes.io/name: "
        + name
        + "\n  ports:\n  - name: http\n    port: 80\n    targetPort: http\n    protocol: TCP\n";
  }

  private static String configMap(int i) {
    return meta(
            "ConfigMap", "v1", String.format(Locale.ROOT, "settings-%05d", i), namespace(i % 20))
        + "data:\n  LOG_LEVEL: info\n  MODEL_CACHE: /models\n  settings.yaml: |\n"
        + "    batchSize: 32\n    maxTokens: 4096\n";
  }

  static String namespace(int i) {
    return String.format(Locale.ROOT, "team-%02d", i);
  }

  /** Deletes a corpus directory and everything in it. */
  public static void deleteRecursively(Path dir) throws IOException {
    if (!Files.exists(dir)) {
      return;
    }
    try (Stream<Path> paths = Files.walk(dir)) {
      for (Path path : paths.sorted(Comparator.reverseOrder()).toList()) {
        Files.delete(path);
      }
    }
  }

  private static Path write(Path file, CharSequence text) {
    try {
      Files.createDirectories(file.getParent());
      return Files.writeString(file, text, StandardCharsets.UTF_8);
    } catch (IOException e) {
      throw new UncheckedIOException("cannot write " + file, e);
    }
  }
}
