package io.gpuspec.bench;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Random;

/**
 * The generated workloads for {@link Corpus}: Deployments, Jobs, CronJobs and TFJobs whose pod
 * templates repeat over a few dozen shapes picked with a skewed distribution, Services and
 * ConfigMaps.
 */
final class CorpusWorkloads {

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
  record Shape(CorpusNodes.Pool pool, int gpus, Placement placement, String cpu, String memory) {}

  static final List<Shape> SHAPES = shapes();

  private static List<Shape> shapes() {
    List<Shape> shapes = new ArrayList<>();
    for (CorpusNodes.Pool pool : CorpusNodes.POOLS) {
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
    CorpusNodes.Pool pool = shape.pool();
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

  static String service(int i, String deployment) {
    int at = deployment.indexOf("\n  name: ") + "\n  name: ".length();
    String name = deployment.substring(at, deployment.indexOf('\n', at));
    int nsAt = deployment.indexOf("\n  namespace: ") + "\n  namespace: ".length();
    String ns = deployment.substring(nsAt, deployment.indexOf('\n', nsAt));
    return meta("Service", "v1", name, ns)
        + "spec:\n  type: ClusterIP\n  selector:\n    app.kubernetes.io/name: "
        + name
        + "\n  ports:\n  - name: http\n    port: 80\n    targetPort: http\n    protocol: TCP\n";
  }

  static String configMap(int i) {
    return meta(
            "ConfigMap", "v1", String.format(Locale.ROOT, "settings-%05d", i), namespace(i % 20))
        + "data:\n  LOG_LEVEL: info\n  MODEL_CACHE: /models\n  settings.yaml: |\n"
        + "    batchSize: 32\n    maxTokens: 4096\n";
  }

  static String namespace(int i) {
    return String.format(Locale.ROOT, "team-%02d", i);
  }

  private CorpusWorkloads() {}
}
