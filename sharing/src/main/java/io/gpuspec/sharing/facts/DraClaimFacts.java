package io.gpuspec.sharing.facts;

import io.fabric8.kubernetes.api.model.Container;
import io.fabric8.kubernetes.api.model.PodResourceClaim;
import io.fabric8.kubernetes.api.model.PodSpec;
import io.fabric8.kubernetes.api.model.ResourceClaim;
import io.gpuspec.core.k8s.Names;
import io.gpuspec.core.report.Finding;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * Facts about the DRA claims of one pod spec (reported by SHR012): each entry of {@code
 * spec.resourceClaims} has a unique DNS-label name and exactly one of {@code resourceClaimName} and
 * {@code resourceClaimTemplateName}; every container's {@code resources.claims[].name} is one of
 * them, and its {@code request} a request of the claim when the claim's object is known (the API
 * server rejects the rest: kubernetes {@code pkg/apis/core/validation}, {@code
 * validatePodResourceClaims} and {@code validateResourceClaimNames}). What may be fine in the
 * cluster (a template or claim not in the set, a claim no container uses) is a warning. A {@code
 * ClaimedWorkload} built by the DSL throws the first error of these.
 */
public final class DraClaimFacts {

  private DraClaimFacts() {}

  /**
   * What the claim entries of one pod refer to: the request names of the ResourceClaims and
   * ResourceClaimTemplates known by {@code namespace/name} (an absent key: not in the set).
   *
   * @param claims request names of ResourceClaims by {@code namespace/name}
   * @param templates request names of ResourceClaimTemplates by {@code namespace/name}
   */
  public record Known(Map<String, List<String>> claims, Map<String, List<String>> templates) {

    public Known {
      claims = Map.copyOf(claims);
      templates = Map.copyOf(templates);
    }
  }

  /**
   * SHR012's errors on a pod spec at {@code specPath} in {@code namespace}: a claim declared twice,
   * a name that is not a DNS label, not exactly one source, a claim or template name that is not a
   * DNS subdomain, a container claim the pod does not declare or lists twice, a request the claim's
   * object does not have.
   */
  public static List<Finding> errors(PodSpec spec, String specPath, String namespace, Known known) {
    List<Finding> findings = new ArrayList<>();
    Map<String, Optional<List<String>>> declared =
        declared(spec, specPath, namespace, known, findings);
    for (Map.Entry<String, Container> container : containers(spec, specPath).entrySet()) {
      List<ResourceClaim> uses = uses(container.getValue());
      Set<String> used = new LinkedHashSet<>();
      for (int j = 0; j < uses.size(); j++) {
        ResourceClaim use = uses.get(j);
        String at = container.getKey() + ".resources.claims[" + j + "]";
        String name = use.getName() == null ? "" : use.getName();
        String key =
            use.getRequest() == null || use.getRequest().isEmpty()
                ? name
                : name + "/" + use.getRequest();
        if (!name.isEmpty() && !used.add(key)) {
          findings.add(
              Finding.rejection(
                  at,
                  describe(container.getValue()) + " uses claim " + key + " twice",
                  "list each claim and request once per container"));
        }
        if (!declared.containsKey(name)) {
          findings.add(
              Finding.rejection(
                  at + ".name",
                  describe(container.getValue())
                      + " uses claim \""
                      + name
                      + "\", which the pod does not declare in spec.resourceClaims "
                      + declared.keySet(),
                  "declare it in spec.resourceClaims or use one of the declared claims"));
          continue;
        }
        String request = use.getRequest();
        if (request != null && !request.isEmpty() && !isRequestName(request)) {
          findings.add(
              Finding.rejection(
                  at + ".request",
                  "request \"" + request + "\" is not a DNS-1123 label",
                  "name a request of the claim: at most 63 lower-case letters, digits and '-'"));
          continue;
        }
        Optional<List<String>> requests = declared.get(name);
        String main = request == null ? null : request.split("/", 2)[0]; // <request>[/<sub>]
        if (main != null && requests.isPresent() && !requests.get().contains(main)) {
          findings.add(
              new Finding(
                  at + ".request",
                  describe(container.getValue())
                      + " uses request \""
                      + request
                      + "\" of claim \""
                      + name
                      + "\", which has requests "
                      + requests.get(),
                  "name one of its requests, or leave request out for all of them"));
        }
      }
    }
    return findings;
  }

  /**
   * Whether a container's {@code resources.claims[].request} has the form the API server takes: a
   * DNS-1123 label, or (read leniently, for prioritized lists) two labels joined by '/'.
   */
  private static boolean isRequestName(String request) {
    String[] parts = request.split("/", -1);
    return parts.length <= 2 && Arrays.stream(parts).allMatch(Names::isDns1123Label);
  }

  /** SHR012's warnings on a pod spec: a claim's template or claim not in the set. */
  public static List<Finding> unresolved(
      PodSpec spec, String specPath, String namespace, Known known) {
    List<Finding> findings = new ArrayList<>();
    List<PodResourceClaim> claims = podClaims(spec);
    Set<String> seen = new LinkedHashSet<>();
    for (int i = 0; i < claims.size(); i++) {
      PodResourceClaim claim = claims.get(i);
      String name = claim.getName() == null ? "" : claim.getName();
      boolean byName = claim.getResourceClaimName() != null;
      if (!seen.add(name) || byName == (claim.getResourceClaimTemplateName() != null)) {
        continue; // an error of errors()
      }
      String target = byName ? claim.getResourceClaimName() : claim.getResourceClaimTemplateName();
      Map<String, List<String>> objects = byName ? known.claims() : known.templates();
      if (!objects.containsKey(namespace + "/" + target)) {
        findings.add(
            new Finding(
                specPath
                    + ".resourceClaims["
                    + i
                    + "]"
                    + (byName ? ".resourceClaimName" : ".resourceClaimTemplateName"),
                "claim \""
                    + name
                    + "\" uses "
                    + (byName ? "ResourceClaim" : "ResourceClaimTemplate")
                    + " \""
                    + target
                    + "\", which is not in the set (namespace "
                    + namespace
                    + ")",
                "add it, or check its name and namespace"));
      }
    }
    return findings;
  }

  /** SHR012's warnings on a pod spec: a declared claim no container uses. */
  public static List<Finding> unused(PodSpec spec, String specPath) {
    Set<String> used = new LinkedHashSet<>();
    for (Container container : containers(spec, specPath).values()) {
      for (ResourceClaim use : uses(container)) {
        used.add(use.getName() == null ? "" : use.getName());
      }
    }
    List<Finding> findings = new ArrayList<>();
    List<PodResourceClaim> claims = podClaims(spec);
    for (int i = 0; i < claims.size(); i++) {
      String name = claims.get(i).getName() == null ? "" : claims.get(i).getName();
      if (!used.contains(name)) {
        findings.add(
            new Finding(
                specPath + ".resourceClaims[" + i + "]",
                "claim \""
                    + name
                    + "\" is declared but no container uses it; its devices"
                    + " are allocated for nothing",
                "name it in a container's resources.claims, or remove it"));
      }
    }
    return findings;
  }

  /** The declared claims by name with the requests of their object, if known; reports errors. */
  private static Map<String, Optional<List<String>>> declared(
      PodSpec spec, String specPath, String namespace, Known known, List<Finding> findings) {
    List<PodResourceClaim> claims = podClaims(spec);
    Map<String, Optional<List<String>>> requestsByClaim = new LinkedHashMap<>();
    for (int i = 0; i < claims.size(); i++) {
      PodResourceClaim claim = claims.get(i);
      String at = specPath + ".resourceClaims[" + i + "]";
      String name = claim.getName() == null ? "" : claim.getName();
      if (requestsByClaim.containsKey(name)) {
        findings.add(
            Finding.rejection(
                at + ".name",
                "claim \"" + name + "\" is declared twice",
                "give each pod claim its own name"));
        continue;
      }
      if (!Names.isDns1123Label(name)) {
        findings.add(
            Finding.rejection(
                at + ".name",
                "claim name \"" + name + "\" is not a DNS-1123 label",
                "use at most 63 lower-case letters, digits and '-'"));
      }
      boolean byName = claim.getResourceClaimName() != null;
      boolean byTemplate = claim.getResourceClaimTemplateName() != null;
      if (byName == byTemplate) {
        findings.add(
            Finding.rejection(
                at,
                "claim \""
                    + name
                    + "\" needs exactly one of resourceClaimName and"
                    + " resourceClaimTemplateName",
                "keep one of them"));
        requestsByClaim.put(name, Optional.empty());
        continue;
      }
      String target = byName ? claim.getResourceClaimName() : claim.getResourceClaimTemplateName();
      if (!Names.isDns1123Subdomain(target)) {
        findings.add(
            Finding.rejection(
                at + (byName ? ".resourceClaimName" : ".resourceClaimTemplateName"),
                "\"" + target + "\" is not a DNS-1123 subdomain",
                "name a ResourceClaim"
                    + (byName ? "" : "Template")
                    + " (lower case, digits, '-', '.')"));
      }
      Map<String, List<String>> objects = byName ? known.claims() : known.templates();
      requestsByClaim.put(name, Optional.ofNullable(objects.get(namespace + "/" + target)));
    }
    return requestsByClaim;
  }

  private static List<PodResourceClaim> podClaims(PodSpec spec) {
    return spec.getResourceClaims() == null ? List.of() : spec.getResourceClaims();
  }

  /** Regular, then init containers, by path. */
  private static Map<String, Container> containers(PodSpec spec, String specPath) {
    Map<String, Container> all = new LinkedHashMap<>();
    add(all, spec.getContainers(), specPath + ".containers");
    add(all, spec.getInitContainers(), specPath + ".initContainers");
    return all;
  }

  private static void add(Map<String, Container> all, List<Container> containers, String path) {
    if (containers != null) {
      for (int i = 0; i < containers.size(); i++) {
        all.put(path + "[" + i + "]", containers.get(i));
      }
    }
  }

  private static List<ResourceClaim> uses(Container container) {
    return container.getResources() == null || container.getResources().getClaims() == null
        ? List.of()
        : container.getResources().getClaims();
  }

  private static String describe(Container container) {
    return "container \"" + (container.getName() == null ? "" : container.getName()) + "\"";
  }
}
