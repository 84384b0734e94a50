package io.gpuspec.scheduling.facts;

import io.fabric8.kubernetes.api.model.Taint;
import io.fabric8.kubernetes.api.model.Toleration;
import io.gpuspec.core.facts.LabelSelectorChecks;
import io.gpuspec.core.facts.MetadataFacts;
import io.gpuspec.core.k8s.Names;
import io.gpuspec.core.report.Finding;
import io.gpuspec.scheduling.model.kueue.ClusterQueue;
import io.gpuspec.scheduling.model.kueue.FlavorQuotas;
import io.gpuspec.scheduling.model.kueue.ResourceFlavor;
import io.gpuspec.scheduling.model.kueue.ResourceGroup;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The rest of what Kueue's ClusterQueue and ResourceFlavor webhooks ({@code pkg/webhooks}, <a
 * href="https://kueue.sigs.k8s.io/docs/concepts/cluster_queue/">ClusterQueue</a>) reject beyond
 * {@link KueueWebhookFacts}: a {@code namespaceSelector} of the wrong form ({@code
 * ValidateLabelSelector}), an admission check whose {@code onFlavors} names a flavor the queue does
 * not have ({@code validateAdmissionCheckOnFlavors}); a flavor's {@code nodeLabels} that are not
 * labels, taints whose key is not a label key or whose value is not a label value, tolerations
 * whose key is not a label key ({@code ValidateResourceFlavor}). Every finding is a rejection.
 */
public final class KueueAdmissionFacts {

  private KueueAdmissionFacts() {}

  /** KQ7: the ClusterQueue's {@code namespaceSelector} has the form of a label selector. */
  public static List<Finding> namespaceSelector(ClusterQueue queue) {
    return queue.getSpec() == null
        ? List.of()
        : LabelSelectorChecks.of(queue.getSpec().getNamespaceSelector(), "spec.namespaceSelector");
  }

  /** KQ12: each admission check's {@code onFlavors} are flavors of the queue's resource groups. */
  public static List<Finding> admissionCheckFlavors(ClusterQueue queue) {
    if (queue.getSpec() == null
        || !(queue.getSpec().getAdmissionChecksStrategy() != null
            && queue.getSpec().getAdmissionChecksStrategy().get("admissionChecks")
                instanceof List<?> checks)) {
      return List.of();
    }
    Set<String> flavors = new LinkedHashSet<>();
    for (ResourceGroup group : KueueQuotas.groups(queue)) {
      if (group != null && group.getFlavors() != null) {
        for (FlavorQuotas flavor : group.getFlavors()) {
          if (flavor != null && flavor.getName() != null) {
            flavors.add(flavor.getName());
          }
        }
      }
    }
    List<Finding> findings = new ArrayList<>();
    for (int i = 0; i < checks.size(); i++) {
      if (checks.get(i) instanceof Map<?, ?> check
          && check.get("onFlavors") instanceof List<?> on) {
        for (int j = 0; j < on.size(); j++) {
          if (on.get(j) instanceof String flavor && !flavors.contains(flavor)) {
            findings.add(
                Finding.rejection(
                    "spec.admissionChecksStrategy.admissionChecks[" + i + "].onFlavors[" + j + "]",
                    "flavor \""
                        + flavor
                        + "\" is not a flavor of the queue's resource groups "
                        + flavors
                        + "; Kueue rejects the queue",
                    "name one of " + flavors + ", or add the flavor to a resource group"));
          }
        }
      }
    }
    return findings;
  }

  /** KF1, KF2b, KF3: node labels, taint keys and values, toleration keys of a ResourceFlavor. */
  public static List<Finding> flavorLabelsAndTaints(ResourceFlavor flavor) {
    List<Finding> findings = new ArrayList<>();
    if (flavor.getSpec() == null) {
      return findings;
    }
    Map<String, String> labels = flavor.getSpec().getNodeLabels();
    if (labels != null) {
      MetadataFacts.labels(labels, "spec.nodeLabels").stream()
          .map(f -> Finding.rejection(f.path(), f.message(), f.fix()))
          .forEach(findings::add);
    }
    List<Taint> taints = flavor.getSpec().getNodeTaints();
    for (int i = 0; taints != null && i < taints.size(); i++) {
      Taint taint = taints.get(i);
      if (taint == null) {
        continue;
      }
      String at = "spec.nodeTaints[" + i + "]";
      String key = taint.getKey() == null ? "" : taint.getKey();
      if (!Names.isQualifiedName(key)) {
        findings.add(labelKey(at + ".key", key, "taint"));
      }
      String value = taint.getValue() == null ? "" : taint.getValue();
      if (!Names.isValue(value)) {
        findings.add(
            Finding.rejection(
                at + ".value",
                "taint value \"" + value + "\" is not a label value; Kueue rejects the flavor",
                "use at most 63 letters, digits, '-', '_' or '.', starting and ending alphanumeric"));
      }
    }
    List<Toleration> tolerations = flavor.getSpec().getTolerations();
    for (int i = 0; tolerations != null && i < tolerations.size(); i++) {
      Toleration toleration = tolerations.get(i);
      String key = toleration == null || toleration.getKey() == null ? "" : toleration.getKey();
      if (!key.isEmpty() && !Names.isQualifiedName(key)) {
        findings.add(labelKey("spec.tolerations[" + i + "].key", key, "toleration"));
      }
    }
    return findings;
  }

  private static Finding labelKey(String path, String key, String what) {
    return Finding.rejection(
        path,
        what
            + " key \""
            + key
            + "\" is not a label key (a qualified name); Kueue rejects the flavor",
        "use a key such as nvidia.com/gpu: an optional DNS prefix and '/', then at most 63 letters,"
            + " digits, '-', '_' or '.'");
  }
}
