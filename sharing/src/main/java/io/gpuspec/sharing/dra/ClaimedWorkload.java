package io.gpuspec.sharing.dra;

import io.fabric8.kubernetes.api.model.Container;
import io.fabric8.kubernetes.api.model.HasMetadata;
import io.fabric8.kubernetes.api.model.Pod;
import io.fabric8.kubernetes.api.model.PodResourceClaimBuilder;
import io.fabric8.kubernetes.api.model.PodSpec;
import io.fabric8.kubernetes.api.model.PodTemplateSpec;
import io.fabric8.kubernetes.api.model.ResourceClaimBuilder;
import io.fabric8.kubernetes.api.model.ResourceRequirements;
import io.fabric8.kubernetes.api.model.Toleration;
import io.fabric8.kubernetes.api.model.apps.DaemonSet;
import io.fabric8.kubernetes.api.model.apps.Deployment;
import io.fabric8.kubernetes.api.model.apps.ReplicaSet;
import io.fabric8.kubernetes.api.model.apps.StatefulSet;
import io.fabric8.kubernetes.api.model.batch.v1.CronJob;
import io.fabric8.kubernetes.api.model.batch.v1.Job;
import io.gpuspec.core.GpuSpecStyle;
import io.gpuspec.core.InvalidSpecException;
import io.gpuspec.core.ManifestSource;
import io.gpuspec.core.NodeTaint;
import io.gpuspec.core.k8s.GpuResources;
import io.gpuspec.core.report.ObjectRef;
import io.gpuspec.sharing.facts.DraClaimFacts;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.immutables.value.Value;

/**
 * A workload that gets its GPUs through DRA claims instead of the device plugin's extended
 * resources: every pod template of the rendered workload lists the claims in {@code
 * spec.resourceClaims} (each made from its {@link GpuClaimTemplate}) and the containers that use
 * them name them in {@code resources.claims}. It only adds: settings the workload already has are
 * kept.
 *
 * <pre>{@code
 * ClaimedWorkload.builder()
 *     .workload(InferenceDeployment.named("vision").namespace("serving").image(img).gpus(0).build())
 *     .addClaims(PodClaim.of("gpu", a100Template))
 *     .addTolerate(NodeTaint.GPU)
 *     .build();
 * }</pre>
 *
 * The scheduler places each pod on a node where its claimed devices are allocated, so no node
 * affinity is needed; GPU nodes' taints must still be tolerated ({@link #tolerate()}). See
 * https://kubernetes.io/docs/concepts/scheduling-eviction/dynamic-resource-allocation/.
 */
@Value.Immutable
@GpuSpecStyle
public abstract class ClaimedWorkload implements ManifestSource {

  /** What renders the workload (a Deployment, Job, StatefulSet, DaemonSet, CronJob or Pod). */
  public abstract ManifestSource workload();

  public abstract List<PodClaim> claims();

  /** Taints of the GPU nodes the pods must tolerate, e.g. {@link NodeTaint#GPU}. */
  public abstract List<NodeTaint> tolerate();

  @Override
  public List<HasMetadata> toManifests() {
    List<HasMetadata> objects = workload().toManifests();
    for (HasMetadata object : objects) {
      podSpec(object).ifPresent(this::wire);
    }
    return objects;
  }

  private void wire(PodSpec spec) {
    List<io.fabric8.kubernetes.api.model.PodResourceClaim> podClaims =
        new ArrayList<>(spec.getResourceClaims() == null ? List.of() : spec.getResourceClaims());
    for (PodClaim claim : claims()) {
      podClaims.add(
          new PodResourceClaimBuilder()
              .withName(claim.name())
              .withResourceClaimTemplateName(claim.template().name())
              .build());
      for (Container container : spec.getContainers()) {
        if (claim.containers().isEmpty() || claim.containers().contains(container.getName())) {
          ResourceRequirements resources =
              container.getResources() == null
                  ? new ResourceRequirements()
                  : container.getResources();
          List<io.fabric8.kubernetes.api.model.ResourceClaim> claimsOfContainer =
              new ArrayList<>(resources.getClaims() == null ? List.of() : resources.getClaims());
          claimsOfContainer.add(
              new ResourceClaimBuilder()
                  .withName(claim.name())
                  .withRequest(claim.request().orElse(null))
                  .build());
          resources.setClaims(claimsOfContainer);
          container.setResources(resources);
        }
      }
    }
    spec.setResourceClaims(podClaims);
    List<Toleration> tolerations =
        new ArrayList<>(spec.getTolerations() == null ? List.of() : spec.getTolerations());
    for (NodeTaint taint : tolerate()) {
      if (!taint.toleratedBy(spec)) {
        tolerations.add(taint.toleration());
      }
    }
    spec.setTolerations(tolerations);
  }

  /** The pod spec of a workload object, if it is a kind with one. */
  static Optional<PodSpec> podSpec(HasMetadata object) {
    PodTemplateSpec template = null;
    if (object instanceof Pod pod) {
      return Optional.ofNullable(pod.getSpec());
    } else if (object instanceof Deployment deployment && deployment.getSpec() != null) {
      template = deployment.getSpec().getTemplate();
    } else if (object instanceof StatefulSet set && set.getSpec() != null) {
      template = set.getSpec().getTemplate();
    } else if (object instanceof DaemonSet set && set.getSpec() != null) {
      template = set.getSpec().getTemplate();
    } else if (object instanceof ReplicaSet set && set.getSpec() != null) {
      template = set.getSpec().getTemplate();
    } else if (object instanceof Job job && job.getSpec() != null) {
      template = job.getSpec().getTemplate();
    } else if (object instanceof CronJob cron
        && cron.getSpec() != null
        && cron.getSpec().getJobTemplate() != null
        && cron.getSpec().getJobTemplate().getSpec() != null) {
      template = cron.getSpec().getJobTemplate().getSpec().getTemplate();
    }
    return Optional.ofNullable(template).map(PodTemplateSpec::getSpec);
  }

  @Value.Check
  protected void check() {
    InvalidSpecException.require(
        !claims().isEmpty(), "claimed workload", "no claim", "add one with .addClaims(...)");
    int pods = 0;
    for (HasMetadata object : workload().toManifests()) {
      Optional<PodSpec> spec = podSpec(object);
      if (spec.isEmpty()) {
        continue;
      }
      pods++;
      String where =
          object.getKind().toLowerCase(java.util.Locale.ROOT)
              + " \""
              + object.getMetadata().getName()
              + "\"";
      check(where, object, spec.get());
    }
    InvalidSpecException.require(
        pods > 0,
        "claimed workload",
        "the workload renders no Deployment, StatefulSet, DaemonSet, ReplicaSet, Job, CronJob or"
            + " Pod",
        "wrap a workload with a pod template");
  }

  private void check(String where, HasMetadata object, PodSpec spec) {
    String namespace =
        object.getMetadata().getNamespace() == null
            ? "default"
            : object.getMetadata().getNamespace();
    List<String> containerNames = spec.getContainers().stream().map(Container::getName).toList();
    for (Container container : spec.getContainers()) {
      InvalidSpecException.require(
          GpuResources.gpuResourceNames(container).findAny().isEmpty(),
          where + " container \"" + container.getName() + "\"",
          "requests GPUs from the device plugin as well as through DRA claims",
          "build the workload with .gpus(0) and no pool; the claims bring the GPUs");
    }
    for (PodClaim claim : claims()) {
      InvalidSpecException.require(
          claim.template().namespace().equals(namespace),
          where + " claim \"" + claim.name() + "\"",
          "template \""
              + claim.template().name()
              + "\" is in namespace "
              + claim.template().namespace()
              + " but the pods in "
              + namespace,
          "put the template in the pods' namespace");
      for (String container : claim.containers()) {
        InvalidSpecException.require(
            containerNames.contains(container),
            where + " claim \"" + claim.name() + "\"",
            "no container \"" + container + "\" " + containerNames,
            "name one of the pod's containers");
      }
    }
  }

  /** The field path of a workload object's pod spec, as the pod-template registry names it. */
  static String specPath(HasMetadata object) {
    if (object instanceof Pod) {
      return "spec";
    }
    return object instanceof CronJob ? "spec.jobTemplate.spec.template.spec" : "spec.template.spec";
  }

  public static Builder builder() {
    return new Builder();
  }

  /**
   * Builds {@link ClaimedWorkload} values: set the attributes, then {@code build()}, which checks
   * them.
   */
  public static final class Builder extends ImmutableClaimedWorkload.Builder {
    /**
     * Builds the workload; pods whose claims the API server would reject fail with SHR012's
     * finding: a claim declared twice (two claims of one name, or one the workload already has), a
     * claim name that is not a DNS label, a request the claim's template does not have.
     */
    @Override
    public ClaimedWorkload build() {
      ClaimedWorkload built = super.build();
      Map<String, List<String>> templates = new HashMap<>();
      for (PodClaim claim : built.claims()) {
        templates.put(
            claim.template().namespace() + "/" + claim.template().name(),
            claim.template().requestNames());
      }
      DraClaimFacts.Known known = new DraClaimFacts.Known(Map.of(), templates);
      for (HasMetadata object : built.toManifests()) {
        Optional<PodSpec> spec = podSpec(object);
        if (spec.isPresent()) {
          String namespace =
              object.getMetadata().getNamespace() == null
                  ? "default"
                  : object.getMetadata().getNamespace();
          InvalidSpecException.requireNone(
              "SHR012",
              ObjectRef.of(object),
              DraClaimFacts.errors(spec.get(), specPath(object), namespace, known));
        }
      }
      return built;
    }

    /** Builds without the rules' facts, to compare {@link #build()} with the rules. */
    ClaimedWorkload buildUnchecked() {
      return super.build();
    }
  }
}
