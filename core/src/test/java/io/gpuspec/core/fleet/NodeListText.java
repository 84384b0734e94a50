package io.gpuspec.core.fleet;

import java.io.IOException;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;

/**
 * Node lists as {@code kubectl get nodes -o yaml} prints them, for the node-list reader's tests.
 */
final class NodeListText {

  private static final String[][] POOLS = {
    {"a100", "p4d.24xlarge", "NVIDIA-A100-SXM4-40GB", "8", "95690m", "1143265204Ki"},
    {"h100", "p5.48xlarge", "NVIDIA-H100-80GB-HBM3", "8", "191450m", "2043265204Ki"},
    {"l4", "g6.12xlarge", "NVIDIA-L4", "4", "47810m", "189930756Ki"},
    {"cpu", "m6i.4xlarge", "", "0", "15890m", "63658604Ki"},
  };

  private NodeListText() {}

  /** {@code count} nodes, each a list item of lines starting at the List's indentation. */
  static List<String> nodes(int count, long seed) {
    Random random = new Random(seed);
    List<String> nodes = new ArrayList<>(count);
    for (int i = 0; i < count; i++) {
      nodes.add(node(POOLS[random.nextInt(POOLS.length)], i, random.nextInt(3), i % 97 == 3));
    }
    return nodes;
  }

  /** One node: its pool, its index (for its name), its zone and whether it is cordoned. */
  static String node(String[] pool, int index, int zone, boolean cordoned) {
    String name = "ip-10-" + (index / 250) % 256 + "-" + index % 250 + ".ec2.internal";
    boolean gpu = !pool[3].equals("0");
    StringBuilder n = new StringBuilder();
    n.append("- apiVersion: v1\n  kind: Node\n  metadata:\n    annotations:\n");
    n.append("      node.alpha.kubernetes.io/ttl: \"0\"\n");
    n.append("    labels:\n");
    n.append("      eks.amazonaws.com/nodegroup: ").append(pool[0]).append('\n');
    n.append("      kubernetes.io/hostname: ").append(name).append('\n');
    n.append("      node.kubernetes.io/instance-type: ").append(pool[1]).append('\n');
    if (gpu) {
      n.append("      nvidia.com/gpu.count: \"").append(pool[3]).append("\"\n");
      n.append("      nvidia.com/gpu.product: ").append(pool[2]).append('\n');
    }
    n.append("      topology.kubernetes.io/zone: us-east-1")
        .append((char) ('a' + zone))
        .append('\n');
    n.append("    name: ").append(name).append('\n');
    n.append("    uid: 4c1f7c3e-1d2a-4b7e-a0c1-")
        .append(String.format("%012d", index))
        .append('\n');
    n.append("  spec:\n    providerID: aws:///us-east-1a/i-").append(index).append('\n');
    if (gpu || cordoned) {
      n.append("    taints:\n");
      if (gpu) {
        n.append("    - effect: NoSchedule\n      key: nvidia.com/gpu\n      value: present\n");
      }
      if (cordoned) {
        n.append("    - effect: NoSchedule\n      key: node.kubernetes.io/unschedulable\n");
        n.append("      timeAdded: \"2026-11-20T10:00:00Z\"\n");
      }
    }
    if (cordoned) {
      n.append("    unschedulable: true\n");
    }
    n.append("  status:\n    addresses:\n    - address: 10.1.").append(index % 250);
    n.append(".2\n      type: InternalIP\n");
    for (String kind : List.of("allocatable", "capacity")) {
      n.append("    ").append(kind).append(":\n");
      n.append("      cpu: ").append(pool[4]).append('\n');
      n.append("      ephemeral-storage: \"95551679124\"\n");
      n.append("      memory: ").append(pool[5]).append('\n');
      if (gpu) {
        n.append("      nvidia.com/gpu: \"").append(pool[3]).append("\"\n");
      }
      n.append("      pods: \"110\"\n");
    }
    n.append("    conditions:\n    - lastHeartbeatTime: \"2026-11-23T06:00:00Z\"\n");
    n.append("      message: kubelet is posting ready status\n      reason: KubeletReady\n");
    n.append("      status: \"True\"\n      type: Ready\n");
    n.append("    daemonEndpoints:\n      kubeletEndpoint:\n        Port: 10250\n");
    n.append("    nodeInfo:\n      architecture: amd64\n");
    n.append("      kernelVersion: 6.1.128-136.201.amzn2023.x86_64\n");
    n.append("      kubeletVersion: v1.33.5-eks-113cf36\n");
    n.append("      osImage: Amazon Linux 2023.7.20250512\n");
    return n.toString();
  }

  /** Writes the nodes as one List, as kubectl orders its keys (items before kind). */
  static Path write(Path file, List<String> nodes) throws IOException {
    try (Writer out = Files.newBufferedWriter(file, StandardCharsets.UTF_8)) {
      out.write("apiVersion: v1\nitems:\n");
      for (String node : nodes) {
        out.write(node);
      }
      out.write("kind: List\nmetadata:\n  resourceVersion: \"\"\n");
    }
    return file;
  }
}
