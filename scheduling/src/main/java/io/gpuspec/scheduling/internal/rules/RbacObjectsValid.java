package io.gpuspec.scheduling.internal.rules;

import io.fabric8.kubernetes.api.model.HasMetadata;
import io.fabric8.kubernetes.api.model.rbac.ClusterRole;
import io.fabric8.kubernetes.api.model.rbac.ClusterRoleBinding;
import io.fabric8.kubernetes.api.model.rbac.Role;
import io.fabric8.kubernetes.api.model.rbac.RoleBinding;
import io.gpuspec.core.k8s.NullFree;
import io.gpuspec.core.manifest.ManifestSet;
import io.gpuspec.core.report.Finding;
import io.gpuspec.core.report.Severity;
import io.gpuspec.core.spi.BaseRule;
import io.gpuspec.core.spi.CheckContext;
import io.gpuspec.core.spi.RuleInfo;
import io.gpuspec.scheduling.facts.RbacFacts;
import java.util.List;

/**
 * SCH034: the API server rejects a Role or ClusterRole whose rules lack verbs, API groups or
 * resources, mix non-resource URLs with resources or put them in a Role, or whose aggregation rule
 * has no selectors; and a RoleBinding or ClusterRoleBinding whose roleRef is not a Role or
 * ClusterRole of the RBAC group with a valid name, or whose subjects are of an unknown kind, lack a
 * name, or carry a wrong API group or (ClusterRoleBinding) no ServiceAccount namespace. The facts
 * are {@link RbacFacts}.
 *
 * <p>Upstream: <a href="https://kubernetes.io/docs/reference/access-authn-authz/rbac/">RBAC
 * authorization</a> and <a
 * href="https://github.com/kubernetes/kubernetes/blob/master/pkg/apis/rbac/validation/validation.go">RBAC
 * validation</a>.
 */
public final class RbacObjectsValid extends BaseRule {
  public RbacObjectsValid() {
    super(
        RuleInfo.builder()
            .apiServerRejects(true)
            .id(RbacFacts.RULE)
            .severity(Severity.ERROR)
            .title("Roles have complete rules; bindings refer to a role and valid subjects")
            .why(
                "The API server rejects RBAC rules without verbs, resource rules without apiGroups or resources, non-resource URLs in a Role or next to resources, an aggregationRule without selectors, a roleRef that is not a Role or ClusterRole of rbac.authorization.k8s.io, and subjects of another kind, without a name, with a wrong apiGroup, or ServiceAccounts of a ClusterRoleBinding without a namespace.")
            .fix(
                "Give every rule verbs, apiGroups ([\"\"] for core) and resources; bind kind Role or ClusterRole; use ServiceAccount subjects with a namespace, or User/Group with apiGroup rbac.authorization.k8s.io.")
            .addKinds("Role", "ClusterRole", "RoleBinding", "ClusterRoleBinding")
            .documentation("https://kubernetes.io/docs/reference/access-authn-authz/rbac/")
            .build());
  }

  @Override
  public void check(ManifestSet manifests, CheckContext context) {
    for (HasMetadata object : manifests) {
      findings(object).forEach(f -> context.report(object, f));
    }
  }

  private static List<Finding> findings(HasMetadata object) {
    if (object instanceof Role role) {
      return RbacFacts.role(NullFree.list(role.getRules()), true, null);
    } else if (object instanceof ClusterRole role) {
      return RbacFacts.role(NullFree.list(role.getRules()), false, role.getAggregationRule());
    } else if (object instanceof RoleBinding binding) {
      return RbacFacts.binding(binding.getRoleRef(), NullFree.list(binding.getSubjects()), true);
    } else if (object instanceof ClusterRoleBinding binding) {
      return RbacFacts.binding(binding.getRoleRef(), NullFree.list(binding.getSubjects()), false);
    }
    return List.of();
  }
}
