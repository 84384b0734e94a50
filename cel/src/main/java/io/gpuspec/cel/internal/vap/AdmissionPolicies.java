package io.gpuspec.cel.internal.vap;

import io.fabric8.kubernetes.api.model.HasMetadata;
import io.fabric8.kubernetes.api.model.admissionregistration.v1.ValidatingAdmissionPolicy;
import io.fabric8.kubernetes.api.model.admissionregistration.v1.ValidatingAdmissionPolicyBinding;
import io.gpuspec.core.manifest.ManifestSet;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/**
 * The ValidatingAdmissionPolicies and bindings of a set (admissionregistration.k8s.io/v1), as JSON
 * trees, with the CEL variables their expressions may use.
 */
public final class AdmissionPolicies {

  static final String API_VERSION = "admissionregistration.k8s.io/v1";
  static final String POLICY = "ValidatingAdmissionPolicy";
  static final String BINDING = "ValidatingAdmissionPolicyBinding";

  /** The variables of every VAP expression. */
  public static final Set<String> VARIABLES =
      Set.of(
          "object", "oldObject", "request", "params", "namespaceObject", "authorizer", "variables");

  private static final JsonMapper JSON = JsonMapper.builder().build();

  /** One policy or binding: the object and its tree. */
  record Entry(HasMetadata object, JsonNode tree) {
    String name() {
      return tree.path("metadata").path("name").asString("");
    }
  }

  private final Map<String, Entry> policies = new LinkedHashMap<>();
  private final List<Entry> bindings = new ArrayList<>();

  private AdmissionPolicies() {}

  static AdmissionPolicies of(ManifestSet manifests) {
    AdmissionPolicies out = new AdmissionPolicies();
    for (HasMetadata object : manifests) {
      if (isPolicy(object)) {
        Entry e = new Entry(object, JSON.valueToTree(object));
        out.policies.putIfAbsent(e.name(), e);
      } else if (isBinding(object)) {
        out.bindings.add(new Entry(object, JSON.valueToTree(object)));
      }
    }
    return out;
  }

  static boolean isPolicy(HasMetadata object) {
    return object instanceof ValidatingAdmissionPolicy
        || (POLICY.equals(object.getKind()) && API_VERSION.equals(object.getApiVersion()));
  }

  static boolean isBinding(HasMetadata object) {
    return object instanceof ValidatingAdmissionPolicyBinding
        || (BINDING.equals(object.getKind()) && API_VERSION.equals(object.getApiVersion()));
  }

  static JsonNode tree(HasMetadata object) {
    return JSON.valueToTree(object);
  }

  List<Entry> policies() {
    return List.copyOf(policies.values());
  }

  List<Entry> bindings() {
    return List.copyOf(bindings);
  }

  Optional<Entry> policy(String name) {
    return Optional.ofNullable(policies.get(name));
  }

  boolean isEmpty() {
    return policies.isEmpty() && bindings.isEmpty();
  }
}
