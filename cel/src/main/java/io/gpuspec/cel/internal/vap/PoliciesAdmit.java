package io.gpuspec.cel.internal.vap;

import io.gpuspec.core.manifest.ManifestSet;
import io.gpuspec.core.report.Severity;
import io.gpuspec.core.spi.BaseRule;
import io.gpuspec.core.spi.CheckContext;
import io.gpuspec.core.spi.RuleInfo;

/**
 * VAP002 (denials, and warnings of Warn bindings) and VAP003 (what cannot be known offline): the
 * set's ValidatingAdmissionPolicies run against the set's objects.
 *
 * <p>Upstream: <a
 * href="https://kubernetes.io/docs/reference/access-authn-authz/validating-admission-policy/">ValidatingAdmissionPolicy</a>.
 */
public final class PoliciesAdmit extends BaseRule {

  private final boolean unknowns;

  private PoliciesAdmit(RuleInfo info, boolean unknowns) {
    super(info);
    this.unknowns = unknowns;
  }

  /** VAP002: an object the set's policies deny. */
  public static PoliciesAdmit denials() {
    return new PoliciesAdmit(
        RuleInfo.builder()
            .id("VAP002")
            .severity(Severity.ERROR)
            .title("The set's ValidatingAdmissionPolicies admit its objects")
            .why(
                "The API server runs every bound ValidatingAdmissionPolicy on each request and"
                    + " rejects the object (Deny) or returns the message as a warning (Warn)")
            .fix("Change the object so that the policy's validation holds")
            .addKinds("*")
            .documentation(
                "https://kubernetes.io/docs/reference/access-authn-authz/validating-admission-policy/")
            .apiServerRejects(true)
            .build(),
        false);
  }

  /** VAP003: a policy whose outcome for an object the set cannot tell. */
  public static PoliciesAdmit unknowns() {
    return new PoliciesAdmit(
        RuleInfo.builder()
            .id("VAP003")
            .severity(Severity.WARNING)
            .title("A ValidatingAdmissionPolicy's outcome is known offline")
            .why(
                "A policy that selects namespaces by label, reads parameters or asks the authorizer"
                    + " depends on cluster state the set does not hold; gpuspec states it instead of"
                    + " guessing")
            .fix("Add the Namespace (with its labels) or the parameter object to the checked set")
            .addKinds("*")
            .documentation(
                "https://kubernetes.io/docs/reference/access-authn-authz/validating-admission-policy/")
            .build(),
        true);
  }

  @Override
  public void check(ManifestSet manifests, CheckContext context) {
    for (PolicyEvaluation.Outcome o : PolicyEvaluation.run(manifests)) {
      boolean unknown = o.verdict() == PolicyEvaluation.Verdict.UNKNOWN;
      if (unknown != unknowns) {
        continue;
      }
      String fix =
          unknown
              ? "add what the policy reads to the set, or check the object on the cluster"
              : "change the object so that policy '" + o.policy() + "' admits it";
      if (o.verdict() == PolicyEvaluation.Verdict.WARN) {
        context.report(Severity.WARNING, o.object(), "", o.message(), fix);
      } else {
        context.report(o.object(), "", o.message(), fix);
      }
    }
  }
}
