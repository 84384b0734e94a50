package io.gpuspec.scheduling.facts;

import io.fabric8.kubernetes.api.model.LabelSelector;
import io.fabric8.kubernetes.api.model.rbac.AggregationRule;
import io.fabric8.kubernetes.api.model.rbac.PolicyRule;
import io.fabric8.kubernetes.api.model.rbac.RoleRef;
import io.fabric8.kubernetes.api.model.rbac.Subject;
import io.gpuspec.core.facts.ControllerFacts;
import io.gpuspec.core.k8s.Names;
import io.gpuspec.core.k8s.NullFree;
import io.gpuspec.core.report.Finding;
import java.util.ArrayList;
import java.util.List;
import org.jspecify.annotations.Nullable;

/**
 * RBAC objects as rbac {@code ValidateRole}, {@code ValidateClusterRole}, {@code
 * ValidateRoleBinding} and {@code ValidateClusterRoleBinding} admit them after defaulting (<a
 * href="https://kubernetes.io/docs/reference/access-authn-authz/rbac/">RBAC</a>): each rule has
 * verbs and either resources with API groups or (ClusterRole only) non-resource URLs alone; an
 * aggregation rule has well-formed selectors; a binding refers to a Role or ClusterRole (a
 * ClusterRoleBinding to a ClusterRole) of the RBAC group by a valid name; subjects are a
 * ServiceAccount (no API group, a valid name, a namespace in a ClusterRoleBinding), a User or a
 * Group (the RBAC group, which an empty one defaults to). Every finding is a rejection; reported by
 * rule {@value #RULE}.
 */
public final class RbacFacts {

  /** The id of the rule that reports these facts. */
  public static final String RULE = "SCH034";

  /** The API group of RBAC's kinds, which roleRef and User/Group subjects name. */
  public static final String GROUP = "rbac.authorization.k8s.io";

  private RbacFacts() {}

  /** SCH034 on a Role's ({@code namespaced}) or ClusterRole's rules and aggregation rule. */
  public static List<Finding> role(
      List<PolicyRule> rules, boolean namespaced, @Nullable AggregationRule aggregation) {
    List<Finding> findings = new ArrayList<>();
    for (int i = 0; i < rules.size(); i++) {
      PolicyRule rule = rules.get(i) == null ? new PolicyRule() : rules.get(i);
      rule(findings, "rules[" + i + "]", rule, namespaced);
    }
    if (aggregation != null) {
      List<LabelSelector> selectors = NullFree.list(aggregation.getClusterRoleSelectors());
      if (selectors.isEmpty()) {
        findings.add(
            Finding.rejection(
                "aggregationRule.clusterRoleSelectors",
                "Required value: an aggregationRule needs at least one clusterRoleSelector",
                "add a selector such as matchLabels: {rbac.example.com/aggregate-to-gpu-user:"
                    + " \"true\"}"));
      }
      for (int i = 0; i < selectors.size(); i++) {
        findings.addAll(
            ControllerFacts.selectorExpressions(
                "aggregationRule.clusterRoleSelectors[" + i + "]", selectors.get(i)));
      }
    }
    return findings;
  }

  /**
   * SCH034 on a RoleBinding's ({@code namespaced}) or ClusterRoleBinding's roleRef and subjects.
   */
  public static List<Finding> binding(
      @Nullable RoleRef roleRef, List<Subject> subjects, boolean namespaced) {
    List<Finding> findings = new ArrayList<>();
    RoleRef ref = roleRef == null ? new RoleRef() : roleRef;
    String group =
        ref.getApiGroup() == null || ref.getApiGroup().isEmpty() ? GROUP : ref.getApiGroup();
    if (!group.equals(GROUP)) {
      findings.add(
          Finding.rejection(
              "roleRef.apiGroup",
              "roleRef.apiGroup \"" + group + "\" is not " + GROUP,
              "set roleRef.apiGroup: " + GROUP));
    }
    String kind = ref.getKind() == null ? "" : ref.getKind();
    boolean known =
        namespaced ? kind.equals("Role") || kind.equals("ClusterRole") : kind.equals("ClusterRole");
    if (!known) {
      findings.add(
          Finding.rejection(
              "roleRef.kind",
              "roleRef.kind \""
                  + kind
                  + "\" is not "
                  + (namespaced
                      ? "Role or ClusterRole"
                      : "ClusterRole (a ClusterRoleBinding binds" + " only ClusterRoles)"),
              namespaced
                  ? "bind a Role or a ClusterRole"
                  : "bind a ClusterRole, or use a RoleBinding"));
    }
    String name = ref.getName() == null ? "" : ref.getName();
    if (name.isEmpty()) {
      findings.add(
          Finding.rejection(
              "roleRef.name", "Required value: roleRef needs a name", "name the role to bind"));
    } else if (!isPathSegmentName(name)) {
      findings.add(
          Finding.rejection(
              "roleRef.name",
              "\"" + name + "\" is not a valid role name (no '/', '%', and not '.' or '..')",
              "name the role as it is named"));
    }
    for (int i = 0; i < subjects.size(); i++) {
      Subject subject = subjects.get(i) == null ? new Subject() : subjects.get(i);
      subject(findings, "subjects[" + i + "]", subject, namespaced);
    }
    return findings;
  }

  private static void rule(List<Finding> findings, String at, PolicyRule rule, boolean namespaced) {
    if (NullFree.list(rule.getVerbs()).isEmpty()) {
      findings.add(
          Finding.rejection(
              at + ".verbs",
              "Required value: a rule needs at least one verb",
              "list the verbs, e.g. [get, list, watch]"));
    }
    if (!NullFree.list(rule.getNonResourceURLs()).isEmpty()) {
      if (namespaced) {
        findings.add(
            Finding.rejection(
                at + ".nonResourceURLs",
                "a Role's rules cannot apply to non-resource URLs",
                "move the rule to a ClusterRole"));
      }
      if (!NullFree.list(rule.getApiGroups()).isEmpty()
          || !NullFree.list(rule.getResources()).isEmpty()
          || !NullFree.list(rule.getResourceNames()).isEmpty()) {
        findings.add(
            Finding.rejection(
                at + ".nonResourceURLs",
                "a rule cannot apply to both resources and non-resource URLs",
                "split it into a resource rule and a non-resource-URL rule"));
      }
      return;
    }
    if (NullFree.list(rule.getApiGroups()).isEmpty()) {
      findings.add(
          Finding.rejection(
              at + ".apiGroups",
              "Required value: a resource rule needs at least one API group",
              "list the groups, e.g. [\"\"] for the core group, or [batch]"));
    }
    if (NullFree.list(rule.getResources()).isEmpty()) {
      findings.add(
          Finding.rejection(
              at + ".resources",
              "Required value: a resource rule needs at least one resource",
              "list the resources, e.g. [pods]"));
    }
  }

  private static void subject(
      List<Finding> findings, String at, Subject subject, boolean namespaced) {
    String name = subject.getName() == null ? "" : subject.getName();
    if (name.isEmpty()) {
      findings.add(
          Finding.rejection(at + ".name", "Required value: a subject needs a name", "name it"));
    }
    String kind = subject.getKind() == null ? "" : subject.getKind();
    String group = subject.getApiGroup() == null ? "" : subject.getApiGroup();
    switch (kind) {
      case "ServiceAccount" -> {
        if (!name.isEmpty() && !Names.isDns1123Subdomain(name)) {
          findings.add(
              Finding.rejection(
                  at + ".name",
                  "\"" + name + "\" is not a valid ServiceAccount name (a DNS subdomain)",
                  "use the ServiceAccount's name"));
        }
        if (!group.isEmpty()) {
          findings.add(
              Finding.rejection(
                  at + ".apiGroup",
                  "a ServiceAccount subject takes no apiGroup, but has \"" + group + "\"",
                  "remove apiGroup (ServiceAccounts are in the core group)"));
        }
        String namespace = subject.getNamespace();
        if (!namespaced && (namespace == null || namespace.isEmpty())) {
          findings.add(
              Finding.rejection(
                  at + ".namespace",
                  "Required value: a ServiceAccount subject of a ClusterRoleBinding needs a"
                      + " namespace",
                  "set the ServiceAccount's namespace"));
        }
      }
      case "User", "Group" -> {
        if (!group.isEmpty() && !group.equals(GROUP)) {
          findings.add(
              Finding.rejection(
                  at + ".apiGroup",
                  "a " + kind + " subject's apiGroup must be " + GROUP + ", not \"" + group + "\"",
                  "set apiGroup: " + GROUP + " (or leave it out)"));
        }
      }
      default ->
          findings.add(
              Finding.rejection(
                  at + ".kind",
                  "subject kind \"" + kind + "\" is not ServiceAccount, User or Group",
                  "use ServiceAccount (with namespace), User or Group"));
    }
  }

  /** apimachinery {@code ValidatePathSegmentName}: not '.' or '..', no '/' or '%'. */
  private static boolean isPathSegmentName(String name) {
    return !name.equals(".") && !name.equals("..") && !name.contains("/") && !name.contains("%");
  }
}
