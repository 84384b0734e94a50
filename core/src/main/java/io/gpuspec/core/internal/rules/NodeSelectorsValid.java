package io.gpuspec.core.internal.rules;

import io.fabric8.kubernetes.api.model.HasMetadata;
import io.fabric8.kubernetes.api.model.NodeAffinity;
import io.fabric8.kubernetes.api.model.NodeSelector;
import io.fabric8.kubernetes.api.model.NodeSelectorRequirement;
import io.fabric8.kubernetes.api.model.NodeSelectorTerm;
import io.fabric8.kubernetes.api.model.PodSpec;
import io.fabric8.kubernetes.api.model.PreferredSchedulingTerm;
import io.gpuspec.core.Labels;
import io.gpuspec.core.k8s.Names;
import io.gpuspec.core.k8s.NullFree;
import io.gpuspec.core.manifest.ManifestSet;
import io.gpuspec.core.report.Finding;
import io.gpuspec.core.report.Severity;
import io.gpuspec.core.spi.BaseRule;
import io.gpuspec.core.spi.CheckContext;
import io.gpuspec.core.spi.PodTemplate;
import io.gpuspec.core.spi.RuleInfo;
import io.gpuspec.core.spi.Workload;
import java.util.List;
import java.util.Map;
import java.util.regex.Pattern;

/**
 * K8S009: the API server validates a pod's {@code nodeSelector} (label keys and values) and every
 * node selector requirement of its node affinity, required and preferred (<a
 * href="https://kubernetes.io/docs/concepts/scheduling-eviction/assign-pod-node/#operators">Assigning
 * Pods to Nodes: operators</a>): {@code In}/{@code NotIn} need at least one value, {@code
 * Exists}/{@code DoesNotExist} none, {@code Gt}/{@code Lt} exactly one integer; keys are label
 * keys, and the values of required terms are label values; {@code matchFields} takes only {@code
 * metadata.name} with {@code In}/{@code NotIn} and exactly one value, a node name (DNS-1123
 * subdomain); a required node affinity has at least one term; preferred weights are 1–100.
 */
public final class NodeSelectorsValid extends BaseRule {
  public NodeSelectorsValid() {
    super(
        RuleInfo.builder()
            .id("K8S009")
            .severity(Severity.ERROR)
            .title("nodeSelector and node affinity requirements are well formed")
            .why(
                "The API server rejects node affinity with an unknown operator, values that do not fit the operator (In/NotIn need some, Exists/DoesNotExist none, Gt/Lt one), invalid label keys or values, matchFields other than metadata.name, and an empty list of required terms; a Gt/Lt value that is not an integer is admitted but matches no node, so the pod never schedules.")
            .fix(
                "Write {key: <label key>, operator: In, values: [...]} (or NotIn, Exists, DoesNotExist without values, Gt/Lt with one integer); matchFields only as {key: metadata.name, operator: In, values: [<node>]}.")
            .addKinds("*")
            .documentation(
                "https://kubernetes.io/docs/concepts/scheduling-eviction/assign-pod-node/#operators")
            .build());
  }

  private static final Pattern INTEGER = Pattern.compile("[+-]?[0-9]+");

  @Override
  public void check(ManifestSet manifests, CheckContext context) {
    for (Workload workload : context.workloads()) {
      for (PodTemplate template : workload.templates()) {
        check(new Where(workload.object(), context), template.spec(), template.specPath());
      }
    }
  }

  /** The object and where findings go. */
  private record Where(HasMetadata object, CheckContext context) {
    /** What the API server rejects: an error no suppression silences. */
    void report(String path, String problem, String fix) {
      context.report(object, Finding.rejection(path, problem, fix));
    }

    /** What the API server admits but the scheduler never matches. */
    void neverMatches(String path, String problem, String fix) {
      context.report(object, path, problem, fix);
    }
  }

  private static void check(Where where, PodSpec spec, String specPath) {
    Map<String, String> selector = spec.getNodeSelector();
    if (selector != null) {
      for (Map.Entry<String, String> entry : selector.entrySet()) {
        String path = specPath + ".nodeSelector[" + entry.getKey() + "]";
        String value = entry.getValue() == null ? "" : entry.getValue();
        if (!Labels.isQualifiedName(entry.getKey())) {
          where.report(
              path,
              "\"" + entry.getKey() + "\" is not a valid label key",
              "use a node label key: an optional DNS-1123 subdomain and '/', then at most 63"
                  + " letters, digits, '-', '_' or '.'");
        } else if (!Labels.isValue(value)) {
          where.report(
              path,
              "\"" + value + "\" is not a valid label value",
              "use at most 63 letters, digits, '-', '_' or '.', starting and ending alphanumeric");
        }
      }
    }
    NodeAffinity affinity =
        spec.getAffinity() == null ? null : spec.getAffinity().getNodeAffinity();
    if (affinity == null) {
      return;
    }
    String base = specPath + ".affinity.nodeAffinity.";
    NodeSelector required = affinity.getRequiredDuringSchedulingIgnoredDuringExecution();
    if (required != null) {
      String termsPath = base + "requiredDuringSchedulingIgnoredDuringExecution.nodeSelectorTerms";
      List<NodeSelectorTerm> terms = NullFree.list(required.getNodeSelectorTerms());
      if (terms.isEmpty()) {
        where.report(
            termsPath,
            "Required value: a required node affinity needs at least one node selector term",
            "add a term, e.g. [{matchExpressions: [{key: <label>, operator: In, values:"
                + " [<value>]}]}], or drop requiredDuringSchedulingIgnoredDuringExecution");
      }
      for (int i = 0; i < terms.size(); i++) {
        checkTerm(where, terms.get(i), termsPath + "[" + i + "]", true);
      }
    }
    List<PreferredSchedulingTerm> preferred =
        NullFree.list(affinity.getPreferredDuringSchedulingIgnoredDuringExecution());
    for (int i = 0; i < preferred.size(); i++) {
      String path = base + "preferredDuringSchedulingIgnoredDuringExecution[" + i + "]";
      Integer weight = preferred.get(i).getWeight();
      if (weight == null || weight < 1 || weight > 100) {
        where.report(
            path + ".weight",
            (weight == null ? "Required value" : "weight " + weight + " is out of range")
                + ": a preferred term's weight is 1 to 100",
            "set weight between 1 and 100, e.g. 50");
      }
      checkTerm(where, preferred.get(i).getPreference(), path + ".preference", false);
    }
  }

  /**
   * K8S009's checks of one required node selector (its terms, expressions and fields) under {@code
   * termsPath}, reported on {@code object}; for other kinds that hold one (a PersistentVolume's
   * {@code nodeAffinity.required}).
   */
  static void requiredTerms(
      HasMetadata object, CheckContext context, List<NodeSelectorTerm> terms, String termsPath) {
    Where where = new Where(object, context);
    if (terms.isEmpty()) {
      where.report(
          termsPath,
          "Required value: a required node selector needs at least one term",
          "add a term, e.g. [{matchExpressions: [{key: kubernetes.io/hostname, operator: In,"
              + " values: [<node>]}]}]");
    }
    for (int i = 0; i < terms.size(); i++) {
      checkTerm(where, terms.get(i), termsPath + "[" + i + "]", true);
    }
  }

  /**
   * One term's expressions and fields; the values of a required term's expressions must be label
   * values (upstream exempts preferred terms, for pods created before the check existed).
   */
  private static void checkTerm(Where where, NodeSelectorTerm term, String path, boolean required) {
    if (term == null) {
      return;
    }
    List<NodeSelectorRequirement> expressions = NullFree.list(term.getMatchExpressions());
    for (int i = 0; i < expressions.size(); i++) {
      String at = path + ".matchExpressions[" + i + "]";
      checkExpression(where, expressions.get(i), at);
      if (required) {
        checkLabelValues(where, expressions.get(i), at);
      }
    }
    List<NodeSelectorRequirement> fields = NullFree.list(term.getMatchFields());
    for (int i = 0; i < fields.size(); i++) {
      checkField(where, fields.get(i), path + ".matchFields[" + i + "]");
    }
  }

  private static void checkExpression(Where where, NodeSelectorRequirement r, String path) {
    String operator = r.getOperator() == null ? "" : r.getOperator();
    List<String> values = NullFree.list(r.getValues());
    switch (operator) {
      case "In", "NotIn" -> {
        if (values.isEmpty()) {
          where.report(
              path + ".values",
              "Required value: operator " + operator + " needs at least one value",
              "list the label values to match, e.g. values: [<value>]");
        }
      }
      case "Exists", "DoesNotExist" -> {
        if (!values.isEmpty()) {
          where.report(
              path + ".values",
              "Forbidden: operator "
                  + operator
                  + " takes no values, but "
                  + values.size()
                  + " are given",
              "drop values, or use operator In/NotIn to match values");
        }
      }
      case "Gt", "Lt" -> {
        if (values.size() != 1) {
          where.report(
              path + ".values",
              "operator "
                  + operator
                  + " needs exactly one value, but "
                  + values.size()
                  + " are given",
              "give one integer, e.g. values: [\"4\"]");
        } else if (values.get(0) == null || !INTEGER.matcher(values.get(0)).matches()) {
          where.neverMatches(
              path + ".values[0]",
              "operator "
                  + operator
                  + " compares integers, but the value is \""
                  + values.get(0)
                  + "\"; the API server admits it, but the term matches no node",
              "write an integer, e.g. values: [\"4\"]");
        }
      }
      default ->
          where.report(
              path + ".operator",
              "operator \"" + operator + "\" is not one of In, NotIn, Exists, DoesNotExist, Gt, Lt",
              "write one of In, NotIn, Exists, DoesNotExist, Gt, Lt");
    }
    String key = r.getKey() == null ? "" : r.getKey();
    if (!Labels.isQualifiedName(key)) {
      where.report(
          path + ".key",
          "\"" + key + "\" is not a valid label key",
          "use a node label key, e.g. nvidia.com/gpu.product");
    }
  }

  private static void checkLabelValues(Where where, NodeSelectorRequirement r, String path) {
    String operator = r.getOperator() == null ? "" : r.getOperator();
    List<String> values = NullFree.list(r.getValues());
    for (int i = 0; i < values.size(); i++) {
      String value = values.get(i) == null ? "" : values.get(i);
      boolean reported =
          (operator.equals("Gt") || operator.equals("Lt")) && !INTEGER.matcher(value).matches();
      if (!reported && !Labels.isValue(value)) {
        where.report(
            path + ".values[" + i + "]",
            "\"" + value + "\" is not a valid label value, so no node label can equal it",
            "write the node label's value as the node carries it (at most 63 letters, digits,"
                + " '-', '_' or '.', starting and ending alphanumeric), e.g."
                + " NVIDIA-H100-80GB-HBM3");
      }
    }
  }

  private static void checkField(Where where, NodeSelectorRequirement r, String path) {
    String key = r.getKey() == null ? "" : r.getKey();
    String operator = r.getOperator() == null ? "" : r.getOperator();
    if (!key.equals("metadata.name")) {
      where.report(
          path + ".key",
          "\"" + key + "\" is not a supported field; matchFields takes only metadata.name",
          "use key: metadata.name, or move the requirement to matchExpressions for a node label");
    }
    if (!operator.equals("In") && !operator.equals("NotIn")) {
      where.report(
          path + ".operator",
          "operator \"" + operator + "\" is not supported in matchFields; it is In or NotIn",
          "write operator: In (or NotIn) with one node name");
    } else if (NullFree.list(r.getValues()).size() != 1) {
      where.report(
          path + ".values",
          "matchFields with "
              + operator
              + " needs exactly one value, but "
              + NullFree.list(r.getValues()).size()
              + " are given",
          "give one node name, e.g. values: [<node-name>]; use one term per node for several");
    } else {
      String name = r.getValues().get(0) == null ? "" : r.getValues().get(0);
      if (key.equals("metadata.name") && !Names.isDns1123Subdomain(name)) {
        where.report(
            path + ".values[0]",
            "\"" + name + "\" is not a valid node name (a DNS-1123 subdomain)",
            "write the node's metadata.name as kubectl get nodes shows it: lower-case letters,"
                + " digits, '-' and '.'");
      }
    }
  }
}
