package io.gpuspec.bench;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Random;

/**
 * The generated cluster's nodes for {@link Corpus}: GPU and CPU pools over zones, one node in 97
 * cordoned, each node as {@code kubectl get nodes -o yaml} prints it.
 */
final class CorpusNodes {

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

  private CorpusNodes() {}

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
}
