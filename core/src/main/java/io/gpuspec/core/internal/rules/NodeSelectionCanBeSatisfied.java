package io.gpuspec.core.internal.rules;

import io.fabric8.kubernetes.api.model.NodeSelectorRequirement;
import io.fabric8.kubernetes.api.model.NodeSelectorTerm;
import io.fabric8.kubernetes.api.model.PodSpec;
import io.gpuspec.core.k8s.NodeSelection;
import io.gpuspec.core.k8s.NullFree;
import io.gpuspec.core.manifest.ManifestSet;
import io.gpuspec.core.report.Severity;
import io.gpuspec.core.spi.BaseRule;
import io.gpuspec.core.spi.CheckContext;
import io.gpuspec.core.spi.PodTemplate;
import io.gpuspec.core.spi.RuleInfo;
import io.gpuspec.core.spi.Workload;
import java.util.List;
import java.util.stream.Collectors;

/**
 * GPU006: a pod schedules only on a node whose labels match every {@code nodeSelector} entry and
 * one of the required node-affinity terms (terms OR-ed, expressions AND-ed: <a
 * href="https://kubernetes.io/docs/concepts/scheduling-eviction/assign-pod-node/#node-affinity">node
 * affinity</a>). When every term contradicts itself or the nodeSelector ({@code gpu In [a]} and
 * {@code gpu In [b]}, {@code In [a]} and {@code NotIn [a]}, {@code Exists} and {@code
 * DoesNotExist}, {@code Gt 5} and {@code Lt 3}, an empty term; {@code matchFields} on the node name
 * {@code metadata.name In [a]} and {@code In [b]}, or {@code In [a]} and {@code NotIn [a]}), no
 * node can ever have such labels and name, and the pod stays Pending forever, whatever the cluster.
 * Applies to every pod template, GPU or not. A template with a malformed requirement (which the API
 * server rejects) is left to the API validation rules.
 */
public final class NodeSelectionCanBeSatisfied extends BaseRule {
  public NodeSelectionCanBeSatisfied() {
    super(
        RuleInfo.builder()
            .id("GPU006")
            .severity(Severity.ERROR)
            .title("A pod's nodeSelector and required node affinity admit some node")
            .why(
                "When every required node-affinity term contradicts itself or the nodeSelector, no node can carry matching labels and the pod can never schedule.")
            .fix(
                "Remove the contradicting requirement, or put the alternatives into separate nodeSelectorTerms (terms are OR-ed, expressions within a term AND-ed).")
            .addKinds("*")
            .documentation(
                "https://kubernetes.io/docs/concepts/scheduling-eviction/assign-pod-node/#node-affinity")
            .build());
  }

  @Override
  public void check(ManifestSet manifests, CheckContext context) {
    for (Workload workload : context.workloads()) {
      for (PodTemplate template : workload.templates()) {
        PodSpec spec = template.spec();
        if (spec == null || hasMalformedRequirement(spec)) {
          continue;
        }
        List<NodeSelection.Conflict> conflicts = NodeSelection.conflicts(spec);
        if (!conflicts.isEmpty()) {
          report(workload, template, conflicts, context);
        }
      }
    }
  }

  private static boolean hasMalformedRequirement(PodSpec spec) {
    for (NodeSelectorTerm term : NodeSelection.requiredTerms(spec)) {
      List<NodeSelectorRequirement> expressions =
          term.getMatchExpressions() == null ? List.of() : term.getMatchExpressions();
      if (expressions.stream().anyMatch(NodeSelection::malformed)
          || NullFree.list(term.getMatchFields()).stream()
              .anyMatch(NodeSelection::malformedField)) {
        return true;
      }
    }
    return false;
  }

  private static void report(
      Workload workload,
      PodTemplate template,
      List<NodeSelection.Conflict> conflicts,
      CheckContext context) {
    String prefix = template.specPath() + ".";
    String why =
        conflicts.stream()
            .map(
                c ->
                    "term "
                        + c.term()
                        + ": "
                        + c.reason()
                        + " ("
                        + c.fields().stream().map(f -> prefix + f).collect(Collectors.joining(", "))
                        + ")")
            .collect(Collectors.joining("; "));
    context.report(
        Severity.ERROR,
        workload.object(),
        prefix + NodeSelection.TERMS_PATH,
        "can never schedule: "
            + (conflicts.size() == 1
                ? "its only required node-affinity term admits no node ("
                : "none of its "
                    + conflicts.size()
                    + " required node-affinity terms admits a node (")
            + why
            + ")",
        "remove the contradicting requirement or nodeSelector entry; to allow alternatives, list"
            + " them in one In expression or in separate nodeSelectorTerms (terms are OR-ed,"
            + " expressions of one term and the nodeSelector AND-ed)");
  }
}
