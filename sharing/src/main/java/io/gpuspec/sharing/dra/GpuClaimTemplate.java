package io.gpuspec.sharing.dra;

import io.fabric8.kubernetes.api.model.GenericKubernetesResource;
import io.fabric8.kubernetes.api.model.HasMetadata;
import io.fabric8.kubernetes.api.model.resource.v1.DeviceClaimConfiguration;
import io.fabric8.kubernetes.api.model.resource.v1.DeviceClaimConfigurationBuilder;
import io.fabric8.kubernetes.api.model.resource.v1.ResourceClaimTemplate;
import io.fabric8.kubernetes.api.model.resource.v1.ResourceClaimTemplateBuilder;
import io.gpuspec.core.GpuSpecStyle;
import io.gpuspec.core.InvalidSpecException;
import io.gpuspec.core.Labels;
import io.gpuspec.core.ManifestSource;
import io.gpuspec.core.report.ObjectRef;
import io.gpuspec.sharing.facts.DraConfigFacts;
import io.gpuspec.sharing.facts.DraRequestFacts;
import java.util.ArrayList;
import java.util.List;
import org.immutables.value.Value;

/**
 * A {@code resource.k8s.io/v1 ResourceClaimTemplate} for NVIDIA GPUs through DRA: one claim per pod
 * with the given requests, and the driver's opaque config for the requests that share their
 * devices. Pods use it through {@link ClaimedWorkload}.
 *
 * <pre>{@code
 * GpuClaimTemplate a100 = GpuClaimTemplate.named("a100-40gb").namespace("serving")
 *     .addRequests(GpuClaimRequest.gpu("gpu").productContains("a100").minMemory("40Gi").build())
 *     .build();
 * }</pre>
 *
 * See https://kubernetes.io/docs/concepts/scheduling-eviction/dynamic-resource-allocation/ and
 * https://github.com/NVIDIA/k8s-dra-driver-gpu.
 */
@Value.Immutable
@GpuSpecStyle
public abstract class GpuClaimTemplate implements ManifestSource {

  /** The driver that reads the opaque configs. */
  public static final String DRIVER = "gpu.nvidia.com";

  /** The API of the driver's opaque configs. */
  public static final String CONFIG_API = "resource.nvidia.com/v1beta1";

  public abstract String name();

  @Value.Default
  public String namespace() {
    return "default";
  }

  public abstract List<GpuClaimRequest> requests();

  /** The names of the requests, in order. */
  public List<String> requestNames() {
    return requests().stream().map(GpuClaimRequest::name).toList();
  }

  public ResourceClaimTemplate toResourceClaimTemplate() {
    List<DeviceClaimConfiguration> configs = new ArrayList<>();
    for (GpuClaimRequest request : requests()) {
      request
          .sharing()
          .ifPresent(
              sharing -> {
                // the type the reader decodes an embedded object with apiVersion and kind into
                GenericKubernetesResource parameters = new GenericKubernetesResource();
                parameters.setApiVersion(CONFIG_API);
                parameters.setKind(request.deviceClass().configKind());
                parameters.setAdditionalProperty("sharing", sharing.tree());
                configs.add(
                    new DeviceClaimConfigurationBuilder()
                        .withRequests(request.name())
                        .withNewOpaque()
                        .withDriver(DRIVER)
                        .withParameters(parameters)
                        .endOpaque()
                        .build());
              });
    }
    return new ResourceClaimTemplateBuilder()
        .withNewMetadata()
        .withName(name())
        .withNamespace(namespace())
        .addToLabels("app.kubernetes.io/managed-by", "gpuspec")
        .endMetadata()
        .withNewSpec()
        .withNewSpec()
        .withNewDevices()
        .withRequests(requests().stream().map(GpuClaimRequest::toDeviceRequest).toList())
        .withConfig(configs)
        .endDevices()
        .endSpec()
        .endSpec()
        .build();
  }

  @Override
  public List<HasMetadata> toManifests() {
    return List.of(toResourceClaimTemplate());
  }

  @Value.Check
  protected void check() {
    String where = "resource claim template \"" + name() + "\"";
    InvalidSpecException.require(
        Labels.isDns1123Subdomain(name()),
        where,
        "the name is not a DNS-1123 subdomain",
        "use lower-case letters, digits, '-' and '.'");
    InvalidSpecException.require(
        Labels.isDns1123Label(namespace()),
        where + " namespace",
        "\"" + namespace() + "\" is not a DNS-1123 label",
        "use the namespace of the pods that claim it");
    InvalidSpecException.require(
        !requests().isEmpty(), where, "no request", "add one, e.g. GpuClaimRequest.gpu(\"gpu\")");
  }

  /** Starts a template with this name. */
  public static Builder named(String name) {
    return new Builder().name(name);
  }

  /**
   * Builds {@link GpuClaimTemplate} values: set the attributes, then {@code build()}, which checks
   * them.
   */
  public static final class Builder extends ImmutableGpuClaimTemplate.Builder {
    /**
     * Builds the template; a template the rules would refuse fails with their finding: SHR013 (two
     * requests of one name, a name that is not a DNS label, a count below 1, more than 32 devices),
     * SHR011 (a sharing setting of the other strategy, a time-slice interval on MIG devices, a
     * percentage outside 0 to 100, a pinned memory limit below 1Mi).
     */
    @Override
    public GpuClaimTemplate build() {
      GpuClaimTemplate template = super.build();
      ResourceClaimTemplate rendered = template.toResourceClaimTemplate();
      InvalidSpecException.requireNone(
          "SHR013", ObjectRef.of(rendered), DraRequestFacts.requests(rendered));
      InvalidSpecException.requireNone(
          "SHR011", ObjectRef.of(rendered), DraConfigFacts.deviceConfigs(rendered));
      return template;
    }

    /** Builds without the rules' facts, to compare {@link #build()} with the rules. */
    GpuClaimTemplate buildUnchecked() {
      return super.build();
    }
  }
}
