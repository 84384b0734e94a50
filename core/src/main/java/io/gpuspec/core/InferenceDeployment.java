package io.gpuspec.core;

import io.fabric8.kubernetes.api.model.AffinityBuilder;
import io.fabric8.kubernetes.api.model.Container;
import io.fabric8.kubernetes.api.model.HasMetadata;
import io.fabric8.kubernetes.api.model.PodSpec;
import io.fabric8.kubernetes.api.model.Probe;
import io.fabric8.kubernetes.api.model.ProbeBuilder;
import io.fabric8.kubernetes.api.model.apps.Deployment;
import io.fabric8.kubernetes.api.model.apps.DeploymentBuilder;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import org.immutables.value.Value;
import org.jspecify.annotations.Nullable;

/**
 * A GPU inference service as a {@code Deployment}: replicas placed on one pool with the pool's
 * required affinity and tolerations, GPU requests equal to limits, optional spreading across hosts,
 * probes, and Pod Security "restricted" defaults.
 *
 * <pre>{@code
 * InferenceDeployment llm = InferenceDeployment.named("llm")
 *     .namespace("serving").image("nvcr.io/nvidia/tritonserver:24.08-py3")
 *     .replicas(2).gpus(1).onPool(l40s).port("http", 8000).readinessPath("/v2/health/ready")
 *     .build();
 * }</pre>
 *
 * <p>Variants start from a built Deployment: {@link #from(InferenceDeployment)} copies every
 * setting, and later calls replace values (lists and maps are added to; {@code ports(...)} and
 * {@code env(...)} replace them):
 *
 * <pre>{@code
 * InferenceDeployment embeddings = InferenceDeployment.from(llm)
 *     .name("embeddings").replicas(3).onPool(l4)
 *     .build();
 * }</pre>
 */
@Value.Immutable
@GpuSpecStyle
public abstract class InferenceDeployment
    implements ContainerAttributes, PodAttributes, ManifestSource {

  /** What {@code build()} rendered, for the first {@link #toManifests()}. */
  private final FirstRender<Deployment> firstRender = new FirstRender<>();

  public abstract String name();

  @Value.Default
  public String namespace() {
    return "default";
  }

  @Value.Default
  public int replicas() {
    return 1;
  }

  public abstract Optional<GpuPlacement> placement();

  /** The pool without GPUs the pods run on, for a workload that requests no GPU. */
  public abstract Optional<CpuPool> cpuPool();

  public abstract List<NamedPort> ports();

  /** HTTP path of the readiness probe, on the first port. */
  public abstract Optional<String> readinessPath();

  /** HTTP path of the liveness probe, on the first port. */
  public abstract Optional<String> livenessPath();

  /** Whether replicas prefer different hosts (preferred pod anti-affinity on the hostname). */
  @Value.Default
  public boolean spreadAcrossHosts() {
    return true;
  }

  @Override
  public List<NodePool> nodePools() {
    return placement().map(p -> List.of(p.pool())).orElse(List.of());
  }

  @Override
  public List<CpuPool> cpuPools() {
    return cpuPool().map(List::of).orElse(List.of());
  }

  @Override
  public List<HasMetadata> toManifests() {
    return List.of(firstRender.take(this::toDeployment));
  }

  /** The rendered Deployment. */
  public Deployment toDeployment() {
    Map<String, String> labels = PodTemplates.labels(name(), this);
    Container container =
        PodTemplates.container(
                "main",
                this,
                this,
                ports().stream().map(NamedPort::toContainerPort).toList(),
                placement())
            .withReadinessProbe(probe(readinessPath()))
            .withLivenessProbe(probe(livenessPath()))
            .build();
    PodSpec spec =
        PodTemplates.placeOn(
            PodTemplates.podSpec(this, placement(), container, "Always").build(), cpuPool());
    if (spreadAcrossHosts() && replicas() > 1) {
      spec.setAffinity(
          new AffinityBuilder(spec.getAffinity())
              .withNewPodAntiAffinity()
              .addNewPreferredDuringSchedulingIgnoredDuringExecution()
              .withWeight(100)
              .withNewPodAffinityTerm()
              .withTopologyKey("kubernetes.io/hostname")
              .withNewLabelSelector()
              .addToMatchLabels(PodTemplates.APP_NAME, name())
              .endLabelSelector()
              .endPodAffinityTerm()
              .endPreferredDuringSchedulingIgnoredDuringExecution()
              .endPodAntiAffinity()
              .build());
    }
    Deployment deployment =
        new DeploymentBuilder()
            .withNewMetadata()
            .withName(name())
            .withNamespace(namespace())
            .withLabels(labels)
            .withAnnotations(annotations())
            .endMetadata()
            .withNewSpec()
            .withReplicas(replicas())
            .withNewSelector()
            .addToMatchLabels(PodTemplates.APP_NAME, name())
            .endSelector()
            .withNewTemplate()
            .withNewMetadata()
            .withLabels(labels)
            .endMetadata()
            .endTemplate()
            .endSpec()
            .build();
    // set, not given to the builders: they would copy the pod spec once per level above it
    deployment.getSpec().getTemplate().setSpec(spec);
    return deployment;
  }

  private @Nullable Probe probe(Optional<String> path) {
    if (path.isEmpty()) {
      return null;
    }
    return new ProbeBuilder()
        .withNewHttpGet()
        .withPath(path.get())
        .withNewPort(ports().get(0).name())
        .endHttpGet()
        .withPeriodSeconds(10)
        .build();
  }

  @Value.Check
  protected void check() {
    String where = "deployment \"" + name() + "\"";
    InvalidSpecException.require(
        replicas() >= 0,
        where + " replicas",
        replicas() + " is negative",
        "use 0 or more replicas");
    WorkloadShapes.container(where, this, placement(), cpuPool());
    WorkloadShapes.pod(where, this);
    Set<String> names = new HashSet<>();
    Set<Integer> numbers = new HashSet<>();
    for (NamedPort port : ports()) {
      InvalidSpecException.require(
          names.add(port.name()),
          where + " ports",
          "two ports are named \"" + port.name() + "\"",
          "give each port its own name");
      InvalidSpecException.require(
          numbers.add(port.number()),
          where + " ports",
          "port " + port.number() + " is given twice",
          "give each port number once");
    }
    InvalidSpecException.require(
        (readinessPath().isEmpty() && livenessPath().isEmpty()) || !ports().isEmpty(),
        where + " probes",
        "an HTTP probe needs a port",
        "add .port(\"http\", 8000)");
  }

  /**
   * Renders the Deployment and throws the first finding of core's facts on it, as the rule reports
   * it.
   */
  private void requireFacts() {
    Deployment rendered = toDeployment();
    TemplateFacts.require(rendered, rendered.getSpec().getTemplate(), placement());
    firstRender.keep(rendered);
  }

  /** Starts a Deployment with this name. */
  public static Builder named(String name) {
    return new Builder().name(name);
  }

  /**
   * A builder holding everything {@code base} sets; later calls replace single values, add to lists
   * and maps, and {@code build()} checks the result as a whole.
   */
  public static Builder from(InferenceDeployment base) {
    return new Builder().from(base);
  }

  /**
   * Builds {@link InferenceDeployment} values: set the attributes, then {@code build()}, which
   * checks them.
   */
  public static final class Builder extends ImmutableInferenceDeployment.Builder {

    /**
     * Builds the Deployment: the checks of the DSL's shape, then the rendered Deployment against
     * core's facts, whose first finding is thrown as its rule reports it.
     *
     * @throws InvalidSpecException when the spec is impossible
     */
    @Override
    public InferenceDeployment build() {
      InferenceDeployment deployment = super.build();
      deployment.requireFacts();
      return deployment;
    }

    /** The Deployment with its shape checked but not its facts, to compare build() with rules. */
    InferenceDeployment buildUnchecked() {
      return super.build();
    }

    /**
     * Places the pods on a pool without GPUs: required affinity to its labels, tolerations for its
     * taints; the pods request no GPU ({@code .gpus(0)}).
     */
    public Builder onCpuPool(CpuPool pool) {
      return cpuPool(
          InvalidSpecException.requireValue(pool, "inference deployment builder onCpuPool"));
    }

    /**
     * Places the pods on a pool and requires an interconnect: the affinity also pins the pool's
     * interconnect label, e.g. {@code .onPool(h100, Interconnect.INFINIBAND)}.
     */
    public Builder onPool(NodePool pool, Interconnect interconnect) {
      return placement(
          GpuPlacement.on(
              InvalidSpecException.requireValue(pool, "inference deployment builder onPool"),
              InvalidSpecException.requireValue(
                  interconnect, "inference deployment builder onPool")));
    }

    /** Places the pods on a pool: its required affinity and tolerations. */
    public Builder onPool(NodePool pool) {
      return placement(
          GpuPlacement.on(
              InvalidSpecException.requireValue(pool, "inference deployment builder onPool")));
    }

    /** Adds a named TCP port. */
    public Builder port(String name, int number) {
      return addPort(new NamedPort(name, number));
    }

    /**
     * Gives the pods this priority tier's PriorityClass: the typed form of {@code
     * priorityClassName(tier.priorityClassName())}.
     */
    public Builder priority(PriorityRef tier) {
      return priorityClassName(tier.priorityClassName());
    }
  }
}
