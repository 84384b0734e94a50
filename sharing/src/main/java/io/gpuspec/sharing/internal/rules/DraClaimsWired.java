package io.gpuspec.sharing.internal.rules;

import io.fabric8.kubernetes.api.model.HasMetadata;
import io.fabric8.kubernetes.api.model.PodResourceClaim;
import io.fabric8.kubernetes.api.model.ResourceClaim;
import io.fabric8.kubernetes.api.model.resource.v1.DeviceClaim;
import io.fabric8.kubernetes.api.model.resource.v1.DeviceRequest;
import io.fabric8.kubernetes.api.model.resource.v1.ResourceClaimTemplate;
import io.gpuspec.core.manifest.ManifestSet;
import io.gpuspec.core.report.Severity;
import io.gpuspec.core.spi.BaseRule;
import io.gpuspec.core.spi.CheckContext;
import io.gpuspec.core.spi.PodTemplate;
import io.gpuspec.core.spi.RuleInfo;
import io.gpuspec.core.spi.Workload;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;
import org.jspecify.annotations.Nullable;

/**
 * SHR012: a pod's DRA claims are wired: each entry of {@code spec.resourceClaims} has a unique name
 * and exactly one of {@code resourceClaimName} and {@code resourceClaimTemplateName}, every
 * container's {@code resources.claims[].name} is one of them (the API server rejects both
 * otherwise), and a container's {@code request} is a request of the claim when its template or
 * claim is in the set. A claim no container uses, or a template or claim missing from the set, is a
 * warning: the device is allocated for nothing, or the pod waits for an object that may not exist.
 * See docs/sharing.md.
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
    for (io.fabric8.kubernetes.api.model.resource.v1.ResourceClaim claim :
        manifests.ofType(io.fabric8.kubernetes.api.model.resource.v1.ResourceClaim.class)) {
      claims.put(
          key(claim), requests(claim.getSpec() == null ? null : claim.getSpec().getDevices()));
    }
    for (Workload workload : context.workloads()) {
      for (PodTemplate template : workload.templates()) {
        check(context, workload.object(), template, templates, claims);
      }
    }
  }

  private static void check(
      CheckContext context,
      HasMetadata object,
      PodTemplate template,
      Map<String, List<String>> templates,
      Map<String, List<String>> claims) {
    String namespace = namespace(object);
    List<PodResourceClaim> declared =
        template.spec().getResourceClaims() == null
            ? List.of()
            : template.spec().getResourceClaims();
    Map<String, Optional<List<String>>> requestsByClaim = new LinkedHashMap<>();
    Set<String> used = new HashSet<>();
    for (int i = 0; i < declared.size(); i++) {
      PodResourceClaim claim = declared.get(i);
      String at = template.specPath() + ".resourceClaims[" + i + "]";
      String name = claim.getName() == null ? "" : claim.getName();
      if (requestsByClaim.containsKey(name)) {
        context.report(
            object,
            at + ".name",
            "claim \"" + name + "\" is declared twice",
            "give each pod claim its own name");
        continue;
      }
      boolean byName = claim.getResourceClaimName() != null;
      boolean byTemplate = claim.getResourceClaimTemplateName() != null;
      if (byName == byTemplate) {
        context.report(
            object,
            at,
            "claim \""
                + name
                + "\" needs exactly one of resourceClaimName and"
                + " resourceClaimTemplateName",
            "keep one of them");
        requestsByClaim.put(name, Optional.empty());
        continue;
      }
      String target = byName ? claim.getResourceClaimName() : claim.getResourceClaimTemplateName();
      Map<String, List<String>> known = byName ? claims : templates;
      List<String> requests = known.get(namespace + "/" + target);
      if (requests == null) {
        context.report(
            Severity.WARNING,
            object,
            at + (byName ? ".resourceClaimName" : ".resourceClaimTemplateName"),
            "claim \""
                + name
                + "\" uses "
                + (byName ? "ResourceClaim" : "ResourceClaimTemplate")
                + " \""
                + target
                + "\", which is not in the set (namespace "
                + namespace
                + ")",
            "add it, or check its name and namespace");
      }
      requestsByClaim.put(name, Optional.ofNullable(requests));
    }
    for (PodContainers container : PodContainers.of(template)) {
      List<io.fabric8.kubernetes.api.model.ResourceClaim> uses =
          container.container().getResources() == null
                  || container.container().getResources().getClaims() == null
              ? List.of()
              : container.container().getResources().getClaims();
      for (int j = 0; j < uses.size(); j++) {
        ResourceClaim use = uses.get(j);
        String at = container.path() + ".resources.claims[" + j + "]";
        String name = use.getName() == null ? "" : use.getName();
        used.add(name);
        if (!requestsByClaim.containsKey(name)) {
          context.report(
              object,
              at + ".name",
              container.describe()
                  + " uses claim \""
                  + name
                  + "\", which the pod does not declare in spec.resourceClaims "
                  + requestsByClaim.keySet(),
              "declare it in spec.resourceClaims or use one of the declared claims");
          continue;
        }
        Optional<List<String>> requests = requestsByClaim.get(name);
        String request = use.getRequest();
        String main = request == null ? null : request.split("/", 2)[0]; // <request>[/<sub>]
        if (main != null && requests.isPresent() && !requests.get().contains(main)) {
          context.report(
              object,
              at + ".request",
              container.describe()
                  + " uses request \""
                  + request
                  + "\" of claim \""
                  + name
                  + "\", which has requests "
                  + requests.get(),
              "name one of its requests, or leave request out for all of them");
        }
      }
    }
    for (int i = 0; i < declared.size(); i++) {
      String name = declared.get(i).getName() == null ? "" : declared.get(i).getName();
      if (!used.contains(name)) {
        context.report(
            Severity.WARNING,
            object,
            template.specPath() + ".resourceClaims[" + i + "]",
            "claim \""
                + name
                + "\" is declared but no container uses it; its devices"
                + " are allocated for nothing",
            "name it in a container's resources.claims, or remove it");
      }
    }
  }

  private static List<String> requests(@Nullable DeviceClaim devices) {
    if (devices == null || devices.getRequests() == null) {
      return List.of();
    }
    return devices.getRequests().stream()
        .filter(Objects::nonNull)
        .map(DeviceRequest::getName)
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
