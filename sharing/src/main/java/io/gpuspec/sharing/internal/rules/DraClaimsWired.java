package io.gpuspec.sharing.internal.rules;

import io.fabric8.kubernetes.api.model.HasMetadata;
import io.fabric8.kubernetes.api.model.PodSpec;
import io.fabric8.kubernetes.api.model.resource.v1.DeviceClaim;
import io.fabric8.kubernetes.api.model.resource.v1.ResourceClaim;
import io.fabric8.kubernetes.api.model.resource.v1.ResourceClaimTemplate;
import io.gpuspec.core.manifest.ManifestSet;
import io.gpuspec.core.report.Severity;
import io.gpuspec.core.spi.BaseRule;
import io.gpuspec.core.spi.CheckContext;
import io.gpuspec.core.spi.PodTemplate;
import io.gpuspec.core.spi.RuleInfo;
import io.gpuspec.core.spi.Workload;
import io.gpuspec.sharing.facts.DraClaimFacts;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import org.jspecify.annotations.Nullable;

/**
 * SHR012: a pod's DRA claims are wired: each entry of {@code spec.resourceClaims} has a unique
 * DNS-label name and exactly one of {@code resourceClaimName} and {@code
 * resourceClaimTemplateName}, every container's {@code resources.claims[].name} is one of them (the
 * API server rejects both otherwise), and a container's {@code request} is a request of the claim
 * when its template or claim is in the set ({@link DraClaimFacts}). A claim no container uses, or a
 * template or claim missing from the set, is a warning: the device is allocated for nothing, or the
 * pod waits for an object that may not exist. See docs/sharing.md.
 *
 * <p>Upstream: <a
 * href="https://kubernetes.io/docs/concepts/scheduling-eviction/dynamic-resource-allocation/">Dynamic
 * Resource Allocation</a>.
 */
public final class DraClaimsWired extends BaseRule {

  public DraClaimsWired() {
    super(
        RuleInfo.builder()
            .id("SHR012")
            .severity(Severity.ERROR)
            .title("Pods' DRA claims are declared, used by containers and name existing requests")
            .why(
                "The API server rejects a container claim the pod does not declare; a pod claim no"
                    + " container uses still allocates its device; a request or template that does"
                    + " not exist leaves the pod Pending.")
            .fix(
                "Declare each claim once in spec.resourceClaims, name it in the containers'"
                    + " resources.claims, and reference templates and requests that exist.")
            .addKinds("*")
            .documentation(SharingRules.DRA)
            .build());
  }

  @Override
  public void check(ManifestSet manifests, CheckContext context) {
    DraClaimFacts.Known known = known(manifests);
    for (Workload workload : context.workloads()) {
      HasMetadata object = workload.object();
      String namespace = namespace(object);
      for (PodTemplate template : workload.templates()) {
        PodSpec spec = template.spec();
        String path = template.specPath();
        DraClaimFacts.errors(spec, path, namespace, known)
            .forEach(finding -> context.report(object, finding));
        DraClaimFacts.unresolved(spec, path, namespace, known)
            .forEach(finding -> context.report(Severity.WARNING, object, finding));
        DraClaimFacts.unused(spec, path)
            .forEach(finding -> context.report(Severity.WARNING, object, finding));
      }
    }
  }

  /** The request names of the set's ResourceClaimTemplates and ResourceClaims. */
  static DraClaimFacts.Known known(ManifestSet manifests) {
    Map<String, List<String>> templates = new HashMap<>();
    for (ResourceClaimTemplate template : manifests.ofType(ResourceClaimTemplate.class)) {
      templates.put(
          key(template),
          requests(
              template.getSpec() == null || template.getSpec().getSpec() == null
                  ? null
                  : template.getSpec().getSpec().getDevices()));
    }
    Map<String, List<String>> claims = new HashMap<>();
    for (ResourceClaim claim : manifests.ofType(ResourceClaim.class)) {
      claims.put(
          key(claim), requests(claim.getSpec() == null ? null : claim.getSpec().getDevices()));
    }
    return new DraClaimFacts.Known(claims, templates);
  }

  private static List<String> requests(@Nullable DeviceClaim devices) {
    if (devices == null || devices.getRequests() == null) {
      return List.of();
    }
    return devices.getRequests().stream()
        .filter(Objects::nonNull)
        .map(request -> request.getName() == null ? "" : request.getName())
        .toList();
  }

  private static String key(HasMetadata object) {
    return namespace(object)
        + "/"
        + (object.getMetadata() == null ? null : object.getMetadata().getName());
  }

  private static String namespace(HasMetadata object) {
    return object.getMetadata() == null || object.getMetadata().getNamespace() == null
        ? "default"
        : object.getMetadata().getNamespace();
  }
}
