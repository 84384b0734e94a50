package io.gpuspec.scheduling.facts;

import io.fabric8.kubernetes.api.model.TopologySelectorLabelRequirement;
import io.fabric8.kubernetes.api.model.TopologySelectorTerm;
import io.fabric8.kubernetes.api.model.storage.StorageClass;
import io.gpuspec.core.k8s.Names;
import io.gpuspec.core.k8s.NullFree;
import io.gpuspec.core.report.Finding;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;

/**
 * A StorageClass as storage {@code ValidateStorageClass} admits it (<a
 * href="https://kubernetes.io/docs/concepts/storage/storage-classes/">Storage classes</a>): a
 * provisioner that is a qualified name (compared in lower case); at most 512 parameters of at most
 * 256 KiB in all, no empty key; a reclaimPolicy of Delete or Retain; a volumeBindingMode of
 * Immediate or WaitForFirstConsumer; allowedTopologies whose terms each list expressions with a
 * valid key, at least one value and no value or key twice, no term twice. Every finding is a
 * rejection; reported by rule {@value #RULE}.
 */
public final class StorageClassFacts {

  /** The id of the rule that reports these facts. */
  public static final String RULE = "SCH033";

  private static final int MAX_PARAMETERS = 512;
  private static final int MAX_PARAMETER_BYTES = 256 * 1024;
  private static final Set<String> RECLAIM = Set.of("Delete", "Retain");
  private static final Set<String> BINDING = Set.of("Immediate", "WaitForFirstConsumer");

  private StorageClassFacts() {}

  /** K8S032 on one StorageClass. */
  public static List<Finding> valid(StorageClass storageClass) {
    List<Finding> findings = new ArrayList<>();
    String provisioner = storageClass.getProvisioner();
    if (provisioner == null || provisioner.isEmpty()) {
      findings.add(
          Finding.rejection(
              "provisioner",
              "Required value: a StorageClass needs a provisioner",
              "name the CSI driver, e.g. provisioner: ebs.csi.aws.com"));
    } else if (!Names.isQualifiedName(provisioner.toLowerCase(Locale.ROOT))) {
      findings.add(
          Finding.rejection(
              "provisioner",
              "provisioner \"" + provisioner + "\" is not a qualified name",
              "use the CSI driver's name, e.g. rbd.csi.ceph.com or kubernetes.io/no-provisioner"));
    }
    Map<String, String> parameters =
        storageClass.getParameters() == null ? Map.of() : storageClass.getParameters();
    long bytes = 0;
    for (Map.Entry<String, String> parameter : parameters.entrySet()) {
      String key = parameter.getKey() == null ? "" : parameter.getKey();
      if (key.isEmpty()) {
        findings.add(
            Finding.rejection(
                "parameters", "a parameter has an empty key", "give every parameter a key"));
      }
      bytes += key.getBytes(StandardCharsets.UTF_8).length;
      if (parameter.getValue() != null) {
        bytes += parameter.getValue().getBytes(StandardCharsets.UTF_8).length;
      }
    }
    if (parameters.size() > MAX_PARAMETERS) {
      findings.add(
          Finding.rejection(
              "parameters",
              "Too many: " + parameters.size() + " parameters, at most 512",
              "keep at most 512 parameters"));
    }
    if (bytes > MAX_PARAMETER_BYTES) {
      findings.add(
          Finding.rejection(
              "parameters",
              "the parameters take " + bytes + " bytes, more than 256 KiB",
              "shorten the parameters"));
    }
    String reclaim = storageClass.getReclaimPolicy();
    if (reclaim != null && !RECLAIM.contains(reclaim)) {
      findings.add(
          Finding.rejection(
              "reclaimPolicy",
              "reclaimPolicy \"" + reclaim + "\" is not Delete or Retain",
              "set reclaimPolicy: Retain (keep checkpoints after the claim goes) or Delete"));
    }
    String binding = storageClass.getVolumeBindingMode();
    if (binding != null && !BINDING.contains(binding)) {
      findings.add(
          Finding.rejection(
              "volumeBindingMode",
              "volumeBindingMode \"" + binding + "\" is not Immediate or WaitForFirstConsumer",
              "set volumeBindingMode: WaitForFirstConsumer (provision in the GPU pod's zone)"));
    }
    topologies(findings, NullFree.list(storageClass.getAllowedTopologies()));
    return findings;
  }

  private static void topologies(List<Finding> findings, List<TopologySelectorTerm> terms) {
    List<Map<String, Set<String>>> seen = new ArrayList<>();
    for (int i = 0; i < terms.size(); i++) {
      TopologySelectorTerm term = terms.get(i) == null ? new TopologySelectorTerm() : terms.get(i);
      String at = "allowedTopologies[" + i + "].matchLabelExpressions";
      Map<String, Set<String>> expressions = new HashMap<>();
      List<TopologySelectorLabelRequirement> requirements =
          NullFree.list(term.getMatchLabelExpressions());
      for (int j = 0; j < requirements.size(); j++) {
        TopologySelectorLabelRequirement requirement =
            requirements.get(j) == null
                ? new TopologySelectorLabelRequirement()
                : requirements.get(j);
        String expression = at + "[" + j + "]";
        String key = requirement.getKey() == null ? "" : requirement.getKey();
        List<String> values = NullFree.list(requirement.getValues());
        if (values.isEmpty()) {
          findings.add(
              Finding.rejection(
                  expression + ".values",
                  "Required value: a topology expression needs at least one value",
                  "list the allowed values, e.g. the zones"));
        }
        Set<String> valueSet = new HashSet<>();
        for (int k = 0; k < values.size(); k++) {
          if (!valueSet.add(values.get(k))) {
            findings.add(
                Finding.rejection(
                    expression + ".values[" + k + "]",
                    "Duplicate value: \"" + values.get(k) + "\"",
                    "list each value once"));
          }
        }
        if (!Names.isQualifiedName(key)) {
          findings.add(
              Finding.rejection(
                  expression + ".key",
                  "\"" + key + "\" is not a valid label key",
                  "use a node label key such as topology.kubernetes.io/zone"));
        }
        if (expressions.containsKey(key)) {
          findings.add(
              Finding.rejection(
                  expression + ".key",
                  "Duplicate value: key \"" + key + "\" appears twice in one term",
                  "merge the two expressions' values"));
        }
        expressions.put(key, valueSet);
      }
      if (expressions.isEmpty() || seen.contains(expressions)) {
        findings.add(
            Finding.rejection(
                at,
                expressions.isEmpty()
                    ? "a term without matchLabelExpressions is rejected (as a duplicate)"
                    : "Duplicate value: the term repeats an earlier one",
                expressions.isEmpty()
                    ? "give the term an expression, or drop it"
                    : "drop the repeated term"));
      }
      seen.add(expressions);
    }
  }
}
