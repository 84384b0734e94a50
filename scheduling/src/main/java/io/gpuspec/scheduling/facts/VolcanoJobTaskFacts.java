package io.gpuspec.scheduling.facts;

import io.fabric8.kubernetes.api.model.Container;
import io.fabric8.kubernetes.api.model.PodSpec;
import io.fabric8.kubernetes.api.model.Quantity;
import io.gpuspec.core.k8s.GpuResources;
import io.gpuspec.core.k8s.Names;
import io.gpuspec.core.report.Finding;
import io.gpuspec.scheduling.model.volcano.batch.Job;
import io.gpuspec.scheduling.model.volcano.batch.JobSpec;
import io.gpuspec.scheduling.model.volcano.batch.NetworkTopologySpec;
import io.gpuspec.scheduling.model.volcano.batch.TaskSpec;
import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import org.jspecify.annotations.Nullable;

/**
 * The rest of Volcano's job webhook ({@code validateJobCreate}, <a
 * href="https://volcano.sh/en/docs/vcjob/">Volcano Job</a>) beyond {@link VolcanoJobFacts}: the
 * job's name and each task's first pod name {@code <job>-<task>-<task index>} are qualified names
 * (at most 63 characters); only the plugins Volcano registers, and the {@code mpi} plugin's master
 * task among the job's tasks; a partition policy with positive partitions whose product is the
 * task's replicas and whose {@code minPartitions × partitionSize} is its {@code minAvailable}; no
 * network topology with both {@code highestTierAllowed} and {@code highestTierName}; and, under a
 * task {@code topologyPolicy} other than {@code none}, a whole number of CPUs (at least one)
 * requested by every container. Every finding is a rejection; reported by rule {@value
 * VolcanoJobFacts#RULE}.
 */
public final class VolcanoJobTaskFacts {

  /** The job plugins Volcano's controller registers. */
  static final Set<String> PLUGINS =
      Set.of("ssh", "env", "svc", "tensorflow", "mpi", "pytorch", "hcclrank", "ray");

  private VolcanoJobTaskFacts() {}

  /** SCH035's name, plugin, partition and topology checks on a Volcano Job. */
  public static List<Finding> job(Job job) {
    List<Finding> findings = new ArrayList<>();
    JobSpec spec = job.getSpec();
    String name = job.getMetadata() == null ? null : job.getMetadata().getName();
    if (name != null && !Names.isQualifiedName(name)) {
      findings.add(
          Finding.rejection(
              "metadata.name",
              "job name \"" + name + "\" is not a qualified name (at most 63 characters)",
              "use a name of at most 63 letters, digits, '-', '_' or '.'"));
    }
    if (spec == null) {
      return findings;
    }
    topology(findings, "spec.networkTopology", spec.getNetworkTopology());
    plugins(findings, spec);
    List<TaskSpec> tasks = spec.getTasks() == null ? List.of() : spec.getTasks();
    for (int i = 0; i < tasks.size(); i++) {
      TaskSpec task = tasks.get(i) == null ? new TaskSpec() : tasks.get(i);
      String at = "spec.tasks[" + i + "]";
      String taskName = task.getName() == null ? "" : task.getName();
      String podName = (name == null ? "" : name) + "-" + taskName + "-" + i;
      if (name != null && !Names.isQualifiedName(podName)) {
        findings.add(
            Finding.rejection(
                at + ".name",
                "the task's pod name \""
                    + podName
                    + "\" (job-task-index) is longer than 63 characters",
                "shorten the job or task name"));
      }
      partitions(findings, at + ".partitionPolicy", task);
      cpus(findings, at, task);
    }
    return findings;
  }

  private static void plugins(List<Finding> findings, JobSpec spec) {
    Map<String, List<String>> plugins = spec.getPlugins() == null ? Map.of() : spec.getPlugins();
    new TreeMap<>(plugins)
        .forEach(
            (plugin, arguments) -> {
              if (!PLUGINS.contains(plugin)) {
                findings.add(
                    Finding.rejection(
                        "spec.plugins[" + plugin + "]",
                        "unable to find job plugin: " + plugin,
                        "use Volcano's plugins: " + String.join(", ", new TreeSet<>(PLUGINS))));
              }
            });
    if (plugins.containsKey("mpi")) {
      String master = mpiMaster(plugins.get("mpi"));
      boolean found =
          spec.getTasks() != null
              && spec.getTasks().stream().anyMatch(t -> t != null && master.equals(t.getName()));
      if (!found) {
        findings.add(
            Finding.rejection(
                "spec.plugins[mpi]",
                "the mpi master task \"" + master + "\" was not found among the job's tasks",
                "name a task " + master + ", or pass --master=<task> to the mpi plugin"));
      }
    }
  }

  /** The {@code --master} argument of the mpi plugin, as Go's flag package reads it. */
  static String mpiMaster(@Nullable List<String> arguments) {
    String master = "master";
    List<String> args = arguments == null ? List.of() : arguments;
    for (int i = 0; i < args.size(); i++) {
      String arg = args.get(i) == null ? "" : args.get(i);
      if (arg.equals("--") || !arg.startsWith("-")) {
        break;
      }
      String flag = arg.startsWith("--") ? arg.substring(2) : arg.substring(1);
      int eq = flag.indexOf('=');
      String key = eq < 0 ? flag : flag.substring(0, eq);
      if (key.equals("master")) {
        if (eq >= 0) {
          master = flag.substring(eq + 1);
        } else if (i + 1 < args.size() && args.get(i + 1) != null) {
          master = args.get(++i);
        }
      } else if (eq < 0 && (key.equals("worker") || key.equals("port"))) {
        i++;
      }
    }
    return master;
  }

  private static void topology(
      List<Finding> findings, String path, @Nullable NetworkTopologySpec topology) {
    if (topology != null
        && topology.getHighestTierAllowed() != null
        && topology.getHighestTierName() != null
        && !topology.getHighestTierName().isEmpty()) {
      findings.add(bothTiers(path + ".highestTierName"));
    }
  }

  /** The finding on a network topology that gives both the highest tier and its name. */
  static Finding bothTiers(String path) {
    return Finding.rejection(
        path,
        "must not specify 'highestTierAllowed' and 'highestTierName' in networkTopology"
            + " simultaneously",
        "keep one: highestTierAllowed (a tier number) or highestTierName (a tier's name)");
  }

  private static void partitions(List<Finding> findings, String path, TaskSpec task) {
    Map<String, Object> policy = task.getPartitionPolicy();
    if (policy == null || policy.isEmpty()) {
      return;
    }
    long total = integer(policy.get("totalPartitions"));
    long size = integer(policy.get("partitionSize"));
    long min = integer(policy.get("minPartitions"));
    long replicas = task.getReplicas() == null ? 0 : task.getReplicas();
    String problem = null;
    String at = path;
    if (total <= 0) {
      problem = "'totalPartitions' must be greater than 0";
      at = path + ".totalPartitions";
    } else if (size <= 0) {
      problem = "'partitionSize' must be greater than 0";
      at = path + ".partitionSize";
    } else if (replicas != total * size) {
      problem =
          "the task's replicas "
              + replicas
              + " are not totalPartitions × partitionSize = "
              + total * size;
    } else if (task.getMinAvailable() != null && min > 0 && min * size != task.getMinAvailable()) {
      problem =
          "the task's minAvailable "
              + task.getMinAvailable()
              + " is not minPartitions × partitionSize = "
              + min * size;
    }
    if (problem != null) {
      findings.add(
          Finding.rejection(
              at,
              problem,
              "set replicas to totalPartitions × partitionSize and minAvailable to minPartitions ×"
                  + " partitionSize"));
    }
    if (policy.get("networkTopology") instanceof Map<?, ?> topology
        && topology.get("highestTierAllowed") != null
        && topology.get("highestTierName") instanceof String tierName
        && !tierName.isEmpty()) {
      findings.add(bothTiers(path + ".networkTopology.highestTierName"));
    }
  }

  private static long integer(@Nullable Object value) {
    return value instanceof Number number ? number.longValue() : 0;
  }

  /** Under a topology policy, each container requests a whole number of CPUs (at least one). */
  private static void cpus(List<Finding> findings, String at, TaskSpec task) {
    String policy = task.getTopologyPolicy();
    if (policy == null || policy.isEmpty() || policy.equals("none")) {
      return;
    }
    PodSpec spec = task.getTemplate() == null ? null : task.getTemplate().getSpec();
    if (spec == null) {
      return;
    }
    List<Container> containers = new ArrayList<>();
    List<String> paths = new ArrayList<>();
    add(containers, paths, spec.getContainers(), at + ".template.spec.containers");
    add(containers, paths, spec.getInitContainers(), at + ".template.spec.initContainers");
    for (int i = 0; i < containers.size(); i++) {
      if (!wholeCpus(containers.get(i))) {
        findings.add(
            Finding.rejection(
                paths.get(i) + ".resources.requests.cpu",
                "the task's topologyPolicy "
                    + policy
                    + " needs a whole number of CPUs per container",
                "request whole CPUs, e.g. cpu: \"4\", or remove the topologyPolicy"));
        return; // the webhook stops at the first container
      }
    }
  }

  private static void add(
      List<Container> containers, List<String> paths, @Nullable List<Container> list, String path) {
    if (list == null) {
      return;
    }
    for (int i = 0; i < list.size(); i++) {
      if (list.get(i) != null) {
        containers.add(list.get(i));
        paths.add(path + "[" + i + "]");
      }
    }
  }

  private static boolean wholeCpus(Container container) {
    Map<String, Quantity> requests =
        container.getResources() == null ? null : container.getResources().getRequests();
    if (requests == null || requests.isEmpty()) {
      requests = container.getResources() == null ? null : container.getResources().getLimits();
    }
    Quantity cpu = requests == null ? null : requests.get("cpu");
    Optional<BigDecimal> amount = cpu == null ? Optional.empty() : GpuResources.amount(cpu);
    return amount.isPresent()
        && amount.get().compareTo(BigDecimal.ONE) >= 0
        && amount.get().stripTrailingZeros().scale() <= 0;
  }
}
