package io.gpuspec.cel.internal.crd;

import io.gpuspec.cel.CelExpressionException;
import io.gpuspec.cel.KubernetesCel;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import tools.jackson.databind.JsonNode;

/**
 * Every {@code x-kubernetes-validations} rule of a CRD version, where it sits in the schema, and
 * whether it compiles in the Kubernetes CEL environment (or why it is skipped).
 */
public final class ValidationRules {

  /**
   * A rule, the root schema, the steps to its node (a property name, {@code [*]} for list items or
   * {@code {*}} for map values), the node's schema and the rule itself.
   */
  public record Located(JsonNode root, List<String> steps, JsonNode nodeSchema, JsonNode rule) {

    public String ruleText() {
      return rule.path("rule").asString("");
    }

    /** The schema path, e.g. {@code spec.resourceGroups[*].flavors[*]}. */
    public String path() {
      StringBuilder out = new StringBuilder();
      for (String step : steps) {
        if (step.startsWith("[") || step.startsWith("{")) {
          out.append(step);
        } else {
          out.append(out.length() == 0 ? "" : ".").append(step);
        }
      }
      return out.toString();
    }

    /** Why the rule is not run on create, if it is not. */
    public Optional<String> skipReason() {
      if (SchemaValidator.isTransitionRule(rule)) {
        return Optional.of(
            "transition rule (reads oldSelf): the API server runs it on update only");
      }
      if (!steps.isEmpty() && steps.get(0).equals("status")) {
        return Optional.of("status rule: the status subresource is not written on create");
      }
      return Optional.empty();
    }

    /** The compile error, if the rule (or its messageExpression) does not compile. */
    public Optional<String> compileError() {
      for (String text : List.of(ruleText(), rule.path("messageExpression").asString(""))) {
        if (text.isEmpty()) {
          continue;
        }
        try {
          KubernetesCel.standard().compile(text, Set.of("self", "oldSelf"));
        } catch (CelExpressionException e) {
          return Optional.of(e.getMessage());
        }
      }
      return Optional.empty();
    }
  }

  private ValidationRules() {}

  /** The rules of one version's schema, in schema order. */
  public static List<Located> of(CrdVersion crd) {
    List<Located> out = new ArrayList<>();
    walk(crd.schema(), crd.schema(), new ArrayList<>(), out);
    return out;
  }

  private static void walk(JsonNode root, JsonNode schema, List<String> steps, List<Located> out) {
    for (JsonNode rule : schema.path("x-kubernetes-validations")) {
      out.add(new Located(root, List.copyOf(steps), schema, rule));
    }
    for (Map.Entry<String, JsonNode> p : schema.path("properties").properties()) {
      steps.add(p.getKey());
      walk(root, p.getValue(), steps, out);
      steps.remove(steps.size() - 1);
    }
    if (schema.path("items").isObject()) {
      steps.add("[*]");
      walk(root, schema.get("items"), steps, out);
      steps.remove(steps.size() - 1);
    }
    if (schema.path("additionalProperties").isObject()) {
      steps.add("{*}");
      walk(root, schema.get("additionalProperties"), steps, out);
      steps.remove(steps.size() - 1);
    }
  }
}
