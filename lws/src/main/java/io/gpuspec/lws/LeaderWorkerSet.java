package io.gpuspec.lws;

import io.fabric8.kubernetes.api.model.Container;
import io.fabric8.kubernetes.api.model.ContainerPort;
import io.fabric8.kubernetes.api.model.GenericKubernetesResource;
import io.fabric8.kubernetes.api.model.HasMetadata;
import io.fabric8.kubernetes.api.model.ObjectMetaBuilder;
import io.fabric8.kubernetes.api.model.PodSpec;
import io.fabric8.kubernetes.api.model.PodTemplateSpec;
import io.fabric8.kubernetes.api.model.PodTemplateSpecBuilder;
import io.fabric8.kubernetes.api.model.ProbeBuilder;
import io.gpuspec.core.ContainerAttributes;
import io.gpuspec.core.GpuPlacement;
import io.gpuspec.core.GpuSpecStyle;
import io.gpuspec.core.InvalidSpecException;
import io.gpuspec.core.ManifestSource;
import io.gpuspec.core.NamedPort;
import io.gpuspec.core.NodePool;
import io.gpuspec.core.PodAttributes;
import io.gpuspec.core.PodTemplates;
import io.gpuspec.core.WorkloadShapes;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;
import org.immutables.value.Value;
import tools.jackson.databind.json.JsonMapper;

/**
 * Multi-node inference as a {@code LeaderWorkerSet} ({@code leaderworkerset.x-k8s.io/v1}, LWS
 * v0.10): {@code replicas} groups of {@code size} pods, one leader and {@code size - 1} workers,
 * every pod on one pool (its required affinity and exactly its tolerations) with the same GPUs per
 * pod (requests equal to limits), so leader and workers run on one GPU model by construction. Each
 * group is one gang under {@link LwsGang}. The leader runs {@link #leaderCommand()} and, with
 * {@link #leaderPort()}, serves on it (a TCP readiness probe); the workers run {@link #command()}.
 *
 * <pre>{@code
 * LeaderWorkerSet vllm = LeaderWorkerSet.named("llama-405b").namespace("serving").onPool(h100)
 *     .size(2).image("vllm/vllm-openai:v0.11.0")
 *     .addLeaderCommand("sh", "-c", "multi-node-serving.sh leader ...").leaderPort(8080)
 *     .addCommand("sh", "-c", "multi-node-serving.sh worker ...")
 *     .gang(LwsGang.kueue("serving")).build();
 * }</pre>
 *
 * <p>{@code build()} throws the findings the rules report on the rendered object (LWS001, core's
 * pod facts) and the fleet check's, with the pool as the fleet: one group must fit the pool at
 * once.
 */
@Value.Immutable
@GpuSpecStyle
public abstract class LeaderWorkerSet
    implements ContainerAttributes, PodAttributes, ManifestSource {

  /** How the workers' StatefulSet is started ({@code spec.startupPolicy}). */
  public enum StartupPolicy {
    /** Workers are created as soon as the leader pod is (the default): the group starts at once. */
    LEADER_CREATED("LeaderCreated"),
    /** Workers are created once the leader pod is ready. */
    LEADER_READY("LeaderReady");

    private final String value;

    StartupPolicy(String value) {
      this.value = value;
    }

    /** As the API writes it. */
    public String value() {
      return value;
    }
  }

  /** What happens to a group when one of its pods restarts ({@code restartPolicy}). */
  public enum RestartPolicy {
    /** Every pod of the group is recreated (the default). */
    RECREATE_GROUP_ON_POD_RESTART("RecreateGroupOnPodRestart"),
    /** As above, once every pod of the group has started. */
    RECREATE_GROUP_AFTER_START("RecreateGroupAfterStart"),
    /** Only the failed pod restarts. */
    NONE("None");

    private final String value;

    RestartPolicy(String value) {
      this.value = value;
    }

    /** As the API writes it. */
    public String value() {
      return value;
    }
  }

  private static final JsonMapper JSON = JsonMapper.builder().build();

  /** Where the leader's pod template is. */
  public static final String LEADER_PATH = "spec.leaderWorkerTemplate.leaderTemplate";

  /** Where the workers' pod template is. */
  public static final String WORKER_PATH = "spec.leaderWorkerTemplate.workerTemplate";

  public abstract String name();

  @Value.Default
  public String namespace() {
    return "default";
  }

  /** The pool every pod of every group runs on. */
  public abstract NodePool pool();

  /** Groups ({@code spec.replicas}). */
  @Value.Default
  public int replicas() {
    return 1;
  }

  /** Pods per group, the leader included ({@code leaderWorkerTemplate.size}). */
  @Value.Default
  public int size() {
    return 2;
  }

  /** GPUs per pod, leader and workers alike: a whole node of the pool by default. */
  @Override
  @Value.Default
  public int gpus() {
    return pool().gpusPerNode();
  }

  @Override
  @Value.Default
  public String cpu() {
    return "16";
  }

  @Override
  @Value.Default
  public String memory() {
    return "128Gi";
  }

  /** The leader's command; the workers' {@link #command()} when empty. */
  public abstract List<String> leaderCommand();

  /** The leader's arguments; the workers' {@link #args()} when empty. */
  public abstract List<String> leaderArgs();

  /** The port the leader serves on, probed for readiness. */
  public abstract Optional<Integer> leaderPort();

  @Value.Default
  public StartupPolicy startupPolicy() {
    return StartupPolicy.LEADER_CREATED;
  }

  @Value.Default
  public RestartPolicy restartPolicy() {
    return RestartPolicy.RECREATE_GROUP_ON_POD_RESTART;
  }

  /** Groups a rolling update may take down at once. */
  @Value.Default
  public int maxUnavailable() {
    return 1;
  }

  /** Groups a rolling update may add above {@link #replicas()}. */
  @Value.Default
  public int maxSurge() {
    return 0;
  }

  /** Groups below this index keep their revision during an update (canary rollouts). */
  @Value.Default
  public int partition() {
    return 0;
  }

  /** Each group gang-admitted by Kueue or gang-scheduled by Volcano, if any. */
  public abstract Optional<LwsGang> gang();

  /** The placement on {@link #pool()}. */
  public GpuPlacement placement() {
    return GpuPlacement.on(pool());
  }

  /** Whether the leader differs from the workers and so has a template of its own. */
  public boolean hasLeaderTemplate() {
    return !leaderCommand().isEmpty() || !leaderArgs().isEmpty() || leaderPort().isPresent();
  }

  @Override
  public List<NodePool> nodePools() {
    return List.of(pool());
  }

  @Override
  public List<HasMetadata> toManifests() {
    return List.of(toLeaderWorkerSet());
  }

  /** The rendered LeaderWorkerSet, in the shape the pod-template registry reads. */
  @Value.Lazy
  public GenericKubernetesResource toLeaderWorkerSet() {
    Map<String, String> labels = new TreeMap<>(PodTemplates.labels(name(), this));
    Map<String, String> annotations = new TreeMap<>(annotations());
    gang()
        .ifPresent(
            g -> {
              if (g.usesVolcano()) {
                g.queue().ifPresent(q -> annotations.put(LwsGang.VOLCANO_QUEUE_ANNOTATION, q));
              } else {
                labels.put(LwsGang.KUEUE_QUEUE_LABEL, g.queue().orElseThrow());
              }
            });
    Map<String, Object> rolling = new LinkedHashMap<>();
    rolling.put("maxSurge", maxSurge());
    rolling.put("maxUnavailable", maxUnavailable());
    rolling.put("partition", partition());
    Map<String, Object> rollout = new LinkedHashMap<>();
    rollout.put("rollingUpdateConfiguration", rolling);
    rollout.put("type", "RollingUpdate");
    Map<String, Object> template = new LinkedHashMap<>();
    if (hasLeaderTemplate()) {
      template.put("leaderTemplate", tree(leaderTemplate()));
    }
    template.put("restartPolicy", restartPolicy().value());
    template.put("size", size());
    template.put("workerTemplate", tree(workerTemplate()));
    Map<String, Object> spec = new LinkedHashMap<>();
    spec.put("leaderWorkerTemplate", template);
    spec.put("replicas", replicas());
    spec.put("rolloutStrategy", rollout);
    spec.put("startupPolicy", startupPolicy().value());
    GenericKubernetesResource lws = new GenericKubernetesResource();
    lws.setApiVersion("leaderworkerset.x-k8s.io/v1");
    lws.setKind("LeaderWorkerSet");
    lws.setMetadata(
        new ObjectMetaBuilder()
            .withName(name())
            .withNamespace(namespace())
            .withLabels(labels)
            .withAnnotations(annotations)
            .build());
    lws.setAdditionalProperty("spec", spec);
    return lws;
  }

  /** The leader's pod template (the workers' when it has none of its own). */
  public PodTemplateSpec leaderTemplate() {
    if (!hasLeaderTemplate()) {
      return workerTemplate();
    }
    List<ContainerPort> ports =
        leaderPort()
            .map(p -> List.of(new NamedPort("http", p).toContainerPort()))
            .orElse(List.of());
    Container leader =
        PodTemplates.container("leader", new Leader(this), this, ports, Optional.of(placement()))
            .withReadinessProbe(
                leaderPort()
                    .map(
                        p ->
                            new ProbeBuilder()
                                .withNewTcpSocket()
                                .withNewPort("http")
                                .endTcpSocket()
                                .withPeriodSeconds(10)
                                .build())
                    .orElse(null))
            .build();
    return template(leader);
  }

  /** The workers' pod template. */
  public PodTemplateSpec workerTemplate() {
    return template(
        PodTemplates.container("worker", this, this, List.of(), Optional.of(placement())).build());
  }

  private PodTemplateSpec template(Container main) {
    PodSpec spec = PodTemplates.build(this, Optional.of(placement()), main, "Always");
    gang().flatMap(LwsGang::schedulerName).ifPresent(spec::setSchedulerName);
    return new PodTemplateSpecBuilder()
        .withNewMetadata()
        .withLabels(PodTemplates.labels(name(), this))
        .endMetadata()
        .withSpec(spec)
        .build();
  }

  /** The template as plain maps, with numbers as the reader reads them (an int, not a long). */
  @SuppressWarnings("unchecked")
  private static Map<String, Object> tree(PodTemplateSpec template) {
    return JSON.readValue(JSON.writeValueAsString(template), LinkedHashMap.class);
  }

  @Value.Check
  protected void check() {
    String where = "leaderworkerset \"" + name() + "\"";
    InvalidSpecException.require(
        replicas() >= 0, where + " replicas", "is " + replicas(), "run 0 or more groups");
    InvalidSpecException.require(
        size() >= 1 && size() <= 1_000_000,
        where + " size",
        "is " + size(),
        "run 1 (the leader alone) or more pods per group");
    InvalidSpecException.require(
        gpus() >= 1 && gpus() <= pool().gpusPerNode(),
        where + " gpus",
        "is "
            + gpus()
            + " but nodes of pool \""
            + pool().name()
            + "\" have "
            + pool().gpusPerNode(),
        "request 1 to " + pool().gpusPerNode() + " GPUs per pod");
    leaderPort()
        .ifPresent(
            p ->
                InvalidSpecException.require(
                    p >= 1 && p <= 65535,
                    where + " leaderPort",
                    "is " + p,
                    "use a port of 1 to 65535"));
    WorkloadShapes.container(where, this, Optional.of(placement()));
    WorkloadShapes.pod(where, this);
  }

  /** Starts a LeaderWorkerSet with this name (a DNS-1035 label). */
  public static Builder named(String name) {
    return new Builder().name(name);
  }

  /** The leader's container: the workers' with its own command and arguments. */
  private record Leader(LeaderWorkerSet lws) implements ContainerAttributes {
    @Override
    public String image() {
      return lws.image();
    }

    @Override
    public List<String> command() {
      return lws.leaderCommand().isEmpty() ? lws.command() : lws.leaderCommand();
    }

    @Override
    public List<String> args() {
      return lws.leaderArgs().isEmpty() ? lws.args() : lws.leaderArgs();
    }

    @Override
    public Map<String, String> env() {
      return lws.env();
    }

    @Override
    public String cpu() {
      return lws.cpu();
    }

    @Override
    public String memory() {
      return lws.memory();
    }

    @Override
    public int gpus() {
      return lws.gpus();
    }

    @Override
    public String gpuResource() {
      return lws.gpuResource();
    }
  }

  /**
   * Builds {@link LeaderWorkerSet} values: set the attributes, then {@code build()}, which checks
   * them.
   */
  public static final class Builder extends ImmutableLeaderWorkerSet.Builder {

    /**
     * Builds the LeaderWorkerSet: the checks of the DSL's shape, then the facts of the rendered
     * object.
     *
     * @throws InvalidSpecException when the spec is impossible
     */
    @Override
    public LeaderWorkerSet build() {
      LeaderWorkerSet lws = super.build();
      Map<String, PodTemplateSpec> templates = new LinkedHashMap<>();
      if (lws.hasLeaderTemplate()) {
        templates.put(LEADER_PATH, lws.leaderTemplate());
      }
      templates.put(WORKER_PATH, lws.workerTemplate());
      LwsBuildFacts.require(lws.toLeaderWorkerSet(), templates, lws.pool());
      return lws;
    }

    /** The value with its shape checked but not its facts, to compare build() with the rules. */
    LeaderWorkerSet buildUnchecked() {
      return super.build();
    }

    /** Runs every pod of every group on this pool. */
    public Builder onPool(NodePool pool) {
      return pool(InvalidSpecException.requireValue(pool, "leaderworkerset builder onPool"));
    }
  }
}
