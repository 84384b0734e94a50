package io.gpuspec.cel.internal.vap;

import io.fabric8.kubernetes.api.model.HasMetadata;
import io.gpuspec.cel.CelExpressionException;
import io.gpuspec.cel.KubernetesCel;
import io.gpuspec.core.manifest.ManifestSet;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import tools.jackson.databind.JsonNode;

/**
 * Runs the set's ValidatingAdmissionPolicies, through their bindings, against the set's objects as
 * a CREATE request: match constraints (resource rules, namespace and object selectors), parameters,
 * matchConditions, variables, validations. What the set cannot tell (the labels of a namespace it
 * does not hold, a parameter object it does not hold, an authorizer) gives an "unknown" outcome
 * with its reason, never a guess.
 */
public final class PolicyEvaluation {

  /** What a policy does to one object. */
  public enum Verdict {
    DENY,
    WARN,
    UNKNOWN
  }

  /** One outcome: policy, binding, object, verdict and message. */
  public record Outcome(
      String policy, String binding, HasMetadata object, Verdict verdict, String message) {}

  private PolicyEvaluation() {}

  /** Every denial, warning and unknown outcome of the set's policies over the set's objects. */
  public static List<Outcome> run(ManifestSet manifests) {
    AdmissionPolicies set = AdmissionPolicies.of(manifests);
    List<Outcome> out = new ArrayList<>();
    if (set.bindings().isEmpty()) {
      return out;
    }
    Map<String, JsonNode> namespaces = new HashMap<>();
    List<Map.Entry<HasMetadata, JsonNode>> objects = new ArrayList<>();
    for (HasMetadata object : manifests) {
      if (AdmissionPolicies.isPolicy(object) || AdmissionPolicies.isBinding(object)) {
        continue;
      }
      JsonNode tree = AdmissionPolicies.tree(object);
      objects.add(Map.entry(object, tree));
      if ("Namespace".equals(object.getKind()) && "v1".equals(object.getApiVersion())) {
        namespaces.put(tree.path("metadata").path("name").asString(""), tree);
      }
    }
    for (AdmissionPolicies.Entry binding : set.bindings()) {
      String policyName = binding.tree().path("spec").path("policyName").asString("");
      Optional<AdmissionPolicies.Entry> policy = set.policy(policyName);
      if (policy.isEmpty()) {
        continue; // VAP001 reports it
      }
      for (Map.Entry<HasMetadata, JsonNode> object : objects) {
        new Run(policy.get(), binding, object.getKey(), object.getValue(), namespaces, objects)
            .evaluate(out);
      }
    }
    return out;
  }

  /** One (policy, binding, object) evaluation. */
  private static final class Run {
    private final AdmissionPolicies.Entry policy;
    private final AdmissionPolicies.Entry binding;
    private final HasMetadata object;
    private final JsonNode tree;
    private final Map<String, JsonNode> namespaces;
    private final List<Map.Entry<HasMetadata, JsonNode>> all;

    Run(
        AdmissionPolicies.Entry policy,
        AdmissionPolicies.Entry binding,
        HasMetadata object,
        JsonNode tree,
        Map<String, JsonNode> namespaces,
        List<Map.Entry<HasMetadata, JsonNode>> all) {
      this.policy = policy;
      this.binding = binding;
      this.object = object;
      this.tree = tree;
      this.namespaces = namespaces;
      this.all = all;
    }

    void evaluate(List<Outcome> out) {
      JsonNode policySpec = policy.tree().path("spec");
      JsonNode bindingSpec = binding.tree().path("spec");
      Optional<String> unknown = Optional.empty();
      for (JsonNode constraints :
          List.of(policySpec.path("matchConstraints"), bindingSpec.path("matchResources"))) {
        if (constraints.isMissingNode() || constraints.isNull()) {
          continue;
        }
        Match m = matches(constraints, constraints == bindingSpec.path("matchResources"));
        if (m == Match.NO) {
          return;
        }
        if (m == Match.UNKNOWN) {
          unknown =
              Optional.of("the labels of namespace \"" + namespace() + "\" are not in the set");
        }
      }
      if (unknown.isPresent()) {
        out.add(outcome(Verdict.UNKNOWN, "may apply, but " + unknown.get()));
        return;
      }
      Map<String, Object> vars = new LinkedHashMap<>();
      vars.put("object", tree);
      vars.put("oldObject", null);
      vars.put("request", request());
      vars.put("namespaceObject", namespaces.get(namespace()));
      vars.put("authorizer", null);
      List<JsonNode> params = params(bindingSpec.path("paramRef"), policySpec.path("paramKind"));
      boolean hasParamKind = !policySpec.path("paramKind").isMissingNode();
      if (hasParamKind && params.isEmpty()) {
        String action =
            bindingSpec.path("paramRef").path("parameterNotFoundAction").asString("Deny");
        if (action.equals("Deny")) {
          out.add(
              outcome(
                  verdict(),
                  "no parameter object of the binding's paramRef is in the set; parameterNotFoundAction is Deny"
                      + " (if the parameters exist on the cluster, this is not known offline)"));
        }
        return;
      }
      for (JsonNode param :
          hasParamKind ? params : java.util.Collections.<JsonNode>singletonList(null)) {
        vars.put("params", param);
        if (!evaluateWith(vars, policySpec, out)) {
          return;
        }
      }
    }

    /** Evaluates with one params value; false once a denial was reported. */
    private boolean evaluateWith(Map<String, Object> vars, JsonNode spec, List<Outcome> out) {
      boolean ignore = spec.path("failurePolicy").asString("Fail").equals("Ignore");
      KubernetesCel cel = KubernetesCel.standard();
      Map<String, Object> variables = new LinkedHashMap<>();
      vars.put("variables", variables);
      try {
        for (JsonNode v : spec.path("variables")) {
          Object value =
              cel.compile(v.path("expression").asString(""), AdmissionPolicies.VARIABLES)
                  .evaluate(vars);
          variables.put(v.path("name").asString(""), value);
        }
        for (JsonNode condition : spec.path("matchConditions")) {
          Object matched =
              cel.compile(condition.path("expression").asString(""), AdmissionPolicies.VARIABLES)
                  .evaluate(vars);
          if (!Boolean.TRUE.equals(matched)) {
            return true;
          }
        }
      } catch (CelExpressionException e) {
        if (!ignore) {
          out.add(
              outcome(
                  verdict(),
                  "expression evaluation failed (failurePolicy Fail): " + e.getMessage()));
          return false;
        }
        return true;
      }
      for (JsonNode validation : spec.path("validations")) {
        String expression = validation.path("expression").asString("");
        try {
          Object result = cel.compile(expression, AdmissionPolicies.VARIABLES).evaluate(vars);
          if (!Boolean.TRUE.equals(result)) {
            out.add(outcome(verdict(), message(validation, vars, expression)));
            return false;
          }
        } catch (CelExpressionException e) {
          if (expression.contains("authorizer")) {
            out.add(
                outcome(
                    Verdict.UNKNOWN,
                    "validation `"
                        + expression
                        + "` needs the authorizer, which is not known offline"));
            return false;
          }
          if (!ignore) {
            out.add(
                outcome(
                    verdict(),
                    "expression `"
                        + expression
                        + "` failed (failurePolicy Fail): "
                        + e.getMessage()));
            return false;
          }
        }
      }
      return true;
    }

    private String message(JsonNode validation, Map<String, Object> vars, String expression) {
      String messageExpression = validation.path("messageExpression").asString("");
      if (!messageExpression.isEmpty()) {
        try {
          Object m =
              KubernetesCel.standard()
                  .compile(messageExpression, AdmissionPolicies.VARIABLES)
                  .evaluate(vars);
          if (m instanceof String s && !s.isBlank()) {
            return s;
          }
        } catch (CelExpressionException e) {
          // the API server falls back to message
        }
      }
      String message = validation.path("message").asString("");
      return message.isEmpty() ? "failed expression: " + expression : message;
    }

    private Verdict verdict() {
      for (JsonNode action : binding.tree().path("spec").path("validationActions")) {
        if (action.asString("").equals("Deny")) {
          return Verdict.DENY;
        }
      }
      return Verdict.WARN;
    }

    private Outcome outcome(Verdict verdict, String message) {
      String text =
          verdict == Verdict.UNKNOWN
              ? "ValidatingAdmissionPolicy '"
                  + policy.name()
                  + "' with binding '"
                  + binding.name()
                  + "' "
                  + message
              : "ValidatingAdmissionPolicy '"
                  + policy.name()
                  + "' with binding '"
                  + binding.name()
                  + "' denied request: "
                  + message;
      return new Outcome(policy.name(), binding.name(), object, verdict, text);
    }

    private enum Match {
      YES,
      NO,
      UNKNOWN
    }

    private Match matches(JsonNode constraints, boolean isBinding) {
      JsonNode rules = constraints.path("resourceRules");
      if (!isBinding || !rules.isEmpty()) {
        boolean any = false;
        for (JsonNode rule : rules) {
          any |= ruleMatches(rule);
        }
        if (!any) {
          return Match.NO;
        }
      }
      for (JsonNode rule : constraints.path("excludeResourceRules")) {
        if (ruleMatches(rule)) {
          return Match.NO;
        }
      }
      if (!Selectors.matches(
          constraints.path("objectSelector"), tree.path("metadata").path("labels"))) {
        return Match.NO;
      }
      JsonNode nsSelector = constraints.path("namespaceSelector");
      if (!Selectors.isEmpty(nsSelector) && !namespace().isEmpty()) {
        JsonNode ns = namespaces.get(namespace());
        if (ns == null) {
          return Match.UNKNOWN;
        }
        if (!Selectors.matches(nsSelector, ns.path("metadata").path("labels"))) {
          return Match.NO;
        }
      }
      return Match.YES;
    }

    private boolean ruleMatches(JsonNode rule) {
      String apiVersion = object.getApiVersion() == null ? "" : object.getApiVersion();
      int slash = apiVersion.indexOf('/');
      String group = slash < 0 ? "" : apiVersion.substring(0, slash);
      String version = slash < 0 ? apiVersion : apiVersion.substring(slash + 1);
      return listed(rule.path("apiGroups"), group)
          && listed(rule.path("apiVersions"), version)
          && listed(rule.path("resources"), resource())
          && (listed(rule.path("operations"), "CREATE") || rule.path("operations").isEmpty())
          && scopeMatches(rule.path("scope").asString("*"));
    }

    private boolean scopeMatches(String scope) {
      boolean namespaced = !namespace().isEmpty();
      return scope.equals("*") || (scope.equals("Namespaced") == namespaced);
    }

    private static boolean listed(JsonNode values, String value) {
      for (JsonNode v : values) {
        String s = v.asString("");
        if (s.equals("*") || s.equals(value) || (s.endsWith("/*") && s.startsWith(value + "/"))) {
          return true;
        }
      }
      return false;
    }

    /** The resource (plural) of the object's kind, by the API server's default pluralization. */
    String resource() {
      String kind = object.getKind() == null ? "" : object.getKind().toLowerCase(Locale.ROOT);
      if (kind.endsWith("s") || kind.endsWith("x") || kind.endsWith("ch") || kind.endsWith("sh")) {
        return kind + "es";
      }
      if (kind.endsWith("y")
          && kind.length() > 1
          && "aeiou".indexOf(kind.charAt(kind.length() - 2)) < 0) {
        return kind.substring(0, kind.length() - 1) + "ies";
      }
      return kind + "s";
    }

    private String namespace() {
      return tree.path("metadata").path("namespace").asString("");
    }

    private Map<String, Object> request() {
      String apiVersion = object.getApiVersion() == null ? "" : object.getApiVersion();
      int slash = apiVersion.indexOf('/');
      String group = slash < 0 ? "" : apiVersion.substring(0, slash);
      String version = slash < 0 ? apiVersion : apiVersion.substring(slash + 1);
      Map<String, Object> request = new LinkedHashMap<>();
      request.put("operation", "CREATE");
      request.put(
          "kind",
          Map.of("group", group, "version", version, "kind", String.valueOf(object.getKind())));
      request.put("resource", Map.of("group", group, "version", version, "resource", resource()));
      request.put("name", tree.path("metadata").path("name").asString(""));
      request.put("namespace", namespace());
      request.put("dryRun", false);
      request.put("userInfo", Map.of("username", "", "groups", List.of()));
      return request;
    }

    private List<JsonNode> params(JsonNode paramRef, JsonNode paramKind) {
      List<JsonNode> out = new ArrayList<>();
      if (paramRef.isMissingNode() || paramKind.isMissingNode()) {
        return out;
      }
      String kind = paramKind.path("kind").asString("");
      String apiVersion = paramKind.path("apiVersion").asString("");
      String name = paramRef.path("name").asString("");
      String ns = paramRef.path("namespace").asString(namespace());
      for (Map.Entry<HasMetadata, JsonNode> candidate : all) {
        JsonNode c = candidate.getValue();
        if (!kind.equals(c.path("kind").asString(""))
            || !apiVersion.equals(c.path("apiVersion").asString(""))) {
          continue;
        }
        String cns = c.path("metadata").path("namespace").asString("");
        if (!cns.isEmpty() && !cns.equals(ns)) {
          continue;
        }
        boolean selected =
            name.isEmpty()
                ? Selectors.matches(paramRef.path("selector"), c.path("metadata").path("labels"))
                : name.equals(c.path("metadata").path("name").asString(""));
        if (selected) {
          out.add(c);
        }
      }
      return out;
    }
  }
}
