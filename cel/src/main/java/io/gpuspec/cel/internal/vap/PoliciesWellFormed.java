package io.gpuspec.cel.internal.vap;

import io.gpuspec.cel.KubernetesCel;
import io.gpuspec.core.manifest.ManifestSet;
import io.gpuspec.core.report.Severity;
import io.gpuspec.core.spi.BaseRule;
import io.gpuspec.core.spi.CheckContext;
import io.gpuspec.core.spi.RuleInfo;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import tools.jackson.databind.JsonNode;

/**
 * VAP001: every CEL expression of a ValidatingAdmissionPolicy compiles (validations,
 * messageExpressions, matchConditions, variables, auditAnnotations), and every binding names a
 * policy of the set with valid validationActions and paramRef.
 *
 * <p>Upstream: <a
 * href="https://kubernetes.io/docs/reference/access-authn-authz/validating-admission-policy/">ValidatingAdmissionPolicy</a>.
 */
public final class PoliciesWellFormed extends BaseRule {

  private static final Set<String> ACTIONS = Set.of("Deny", "Warn", "Audit");

  public PoliciesWellFormed() {
    super(
        RuleInfo.builder()
            .id("VAP001")
            .severity(Severity.ERROR)
            .title("A ValidatingAdmissionPolicy compiles and its bindings are valid")
            .why(
                "The API server rejects a policy whose CEL does not compile or a binding with"
                    + " invalid validationActions or paramRef; a binding to a policy that does not"
                    + " exist enforces nothing")
            .fix("Fix the expression as the CEL error says; bind an existing policy")
            .addKinds("ValidatingAdmissionPolicy", "ValidatingAdmissionPolicyBinding")
            .documentation(
                "https://kubernetes.io/docs/reference/access-authn-authz/validating-admission-policy/")
            .apiServerRejects(true)
            .build());
  }

  @Override
  public void check(ManifestSet manifests, CheckContext context) {
    AdmissionPolicies set = AdmissionPolicies.of(manifests);
    for (AdmissionPolicies.Entry policy : set.policies()) {
      checkPolicy(policy, context);
    }
    for (AdmissionPolicies.Entry binding : set.bindings()) {
      checkBinding(binding, set, context);
    }
  }

  private void checkPolicy(AdmissionPolicies.Entry policy, CheckContext context) {
    JsonNode spec = policy.tree().path("spec");
    compileAll(policy, spec.path("matchConditions"), "spec.matchConditions", "expression", context);
    compileAll(policy, spec.path("variables"), "spec.variables", "expression", context);
    compileAll(policy, spec.path("validations"), "spec.validations", "expression", context);
    compileAll(policy, spec.path("validations"), "spec.validations", "messageExpression", context);
    compileAll(
        policy, spec.path("auditAnnotations"), "spec.auditAnnotations", "valueExpression", context);
    if (spec.path("validations").isEmpty() && spec.path("auditAnnotations").isEmpty()) {
      context.report(
          policy.object(),
          "spec.validations",
          "Required value: validations or auditAnnotations must contain at least one item",
          "add a validation with an expression");
    }
    String failurePolicy = spec.path("failurePolicy").asString("Fail");
    if (!failurePolicy.equals("Fail") && !failurePolicy.equals("Ignore")) {
      context.report(
          policy.object(),
          "spec.failurePolicy",
          "Unsupported value: \"" + failurePolicy + "\": supported values: \"Fail\", \"Ignore\"",
          "use Fail or Ignore");
    }
  }

  private static void compileAll(
      AdmissionPolicies.Entry policy,
      JsonNode items,
      String path,
      String field,
      CheckContext context) {
    for (int i = 0; i < items.size(); i++) {
      String expression = items.get(i).path(field).asString("");
      if (expression.isEmpty()) {
        continue;
      }
      List<String> problems =
          KubernetesCel.standard().problems(expression, AdmissionPolicies.VARIABLES);
      if (!problems.isEmpty()) {
        context.report(
            policy.object(),
            path + "[" + i + "]." + field,
            "Invalid value: "
                + problems.get(0).lines().findFirst().orElse("")
                + problems
                    .get(0)
                    .lines()
                    .skip(1)
                    .map(l -> " " + l.strip())
                    .reduce("", String::concat),
            "fix the CEL expression; the policy is rejected by the API server");
      }
    }
  }

  private static void checkBinding(
      AdmissionPolicies.Entry binding, AdmissionPolicies set, CheckContext context) {
    JsonNode spec = binding.tree().path("spec");
    String policyName = spec.path("policyName").asString("");
    if (policyName.isEmpty()) {
      context.report(
          binding.object(),
          "spec.policyName",
          "Required value",
          "name the ValidatingAdmissionPolicy to bind");
    } else if (set.policy(policyName).isEmpty()) {
      context.report(
          binding.object(),
          "spec.policyName",
          "binding \""
              + binding.name()
              + "\" names ValidatingAdmissionPolicy \""
              + policyName
              + "\", which is not in the set; the binding enforces nothing",
          "add the policy to the set, or fix the name (policies here: "
              + set.policies().stream().map(AdmissionPolicies.Entry::name).toList()
              + ")");
    }
    JsonNode actions = spec.path("validationActions");
    if (actions.isEmpty()) {
      context.report(
          binding.object(),
          "spec.validationActions",
          "Required value: must contain at least one value",
          "add Deny (or Warn, Audit)");
    }
    Set<String> seen = new HashSet<>();
    for (int i = 0; i < actions.size(); i++) {
      String action = actions.get(i).asString("");
      if (!ACTIONS.contains(action)) {
        context.report(
            binding.object(),
            "spec.validationActions[" + i + "]",
            "Unsupported value: \""
                + action
                + "\": supported values: \"Audit\", \"Deny\", \"Warn\"",
            "use Deny, Warn or Audit");
      } else if (!seen.add(action)) {
        context.report(
            binding.object(),
            "spec.validationActions[" + i + "]",
            "Duplicate value: \"" + action + "\"",
            "list each action once");
      }
    }
    if (seen.contains("Deny") && seen.contains("Warn")) {
      context.report(
          binding.object(),
          "spec.validationActions",
          "Invalid value: Deny and Warn may not be used together",
          "keep Deny (Warn is implied for denials shown to clients)");
    }
    JsonNode paramRef = spec.path("paramRef");
    boolean policyHasParams =
        set.policy(policyName)
            .map(p -> !p.tree().path("spec").path("paramKind").isMissingNode())
            .orElse(false);
    if (!paramRef.isMissingNode() && !paramRef.isNull()) {
      List<String> problems = new ArrayList<>();
      boolean name = !paramRef.path("name").asString("").isEmpty();
      boolean selector = !paramRef.path("selector").isMissingNode();
      if (name == selector) {
        problems.add("exactly one of name and selector must be set");
      }
      String notFound = paramRef.path("parameterNotFoundAction").asString("");
      if (!notFound.equals("Allow") && !notFound.equals("Deny")) {
        problems.add("parameterNotFoundAction must be Allow or Deny");
      }
      if (set.policy(policyName).isPresent() && !policyHasParams) {
        problems.add("the policy has no paramKind, so the binding may not set paramRef");
      }
      for (String p : problems) {
        context.report(
            binding.object(), "spec.paramRef", "Invalid value: " + p, "fix spec.paramRef");
      }
    } else if (policyHasParams) {
      context.report(
          binding.object(),
          "spec.paramRef",
          "Required value: policy \""
              + policyName
              + "\" has a paramKind, so the binding needs a paramRef",
          "add spec.paramRef with name or selector and parameterNotFoundAction");
    }
  }
}
