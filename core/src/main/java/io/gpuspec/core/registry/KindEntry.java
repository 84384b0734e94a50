package io.gpuspec.core.registry;

import io.gpuspec.core.manifest.FieldPattern;
import java.util.List;
import java.util.Optional;

/**
 * One kind the pod-template registry describes, as a kinds file declares it: which objects it
 * covers (API group, kind, optionally versions), where their pod templates are, and whether their
 * pods form gangs.
 *
 * @param group the API group, e.g. {@code jobset.x-k8s.io}
 * @param kind the kind, e.g. {@code JobSet}
 * @param versions the versions covered; empty for every version of the group
 * @param gang whether the pods of all its templates run together (a training job, a serving group
 *     sharded across nodes): held to one GPU model and checked to fit at once
 * @param groups how many groups its pods come in, each group a gang of its own (e.g. a
 *     LeaderWorkerSet's {@code replicas}); empty for one group
 * @param groupSize the pods of one group, for a template that makes {@link TemplateEntry#rest()}
 * @param templates where its pod templates are
 * @param claimTemplates where its PersistentVolumeClaim templates are, if it has any: the
 *     controller gives each pod that mounts one by its {@code metadata.name} a volume of that name
 *     on the claim {@code <object>-<template>} (a JobSet's {@code volumeClaimPolicies})
 */
public record KindEntry(
    String group,
    String kind,
    List<String> versions,
    boolean gang,
    List<PodCount> groups,
    Optional<PodCount> groupSize,
    List<TemplateEntry> templates,
    Optional<FieldPattern> claimTemplates) {

  public KindEntry {
    versions = List.copyOf(versions);
    groups = List.copyOf(groups);
    templates = List.copyOf(templates);
  }

  /** An entry without claim templates. */
  public KindEntry(
      String group,
      String kind,
      List<String> versions,
      boolean gang,
      List<PodCount> groups,
      Optional<PodCount> groupSize,
      List<TemplateEntry> templates) {
    this(group, kind, versions, gang, groups, groupSize, templates, Optional.empty());
  }

  /** Whether it covers objects of this apiVersion and kind. */
  public boolean covers(String apiVersion, String kind) {
    if (!this.kind.equals(kind)) {
      return false;
    }
    int slash = apiVersion.indexOf('/');
    String ofGroup = slash < 0 ? "" : apiVersion.substring(0, slash);
    String version = slash < 0 ? apiVersion : apiVersion.substring(slash + 1);
    return group.equals(ofGroup) && (versions.isEmpty() || versions.contains(version));
  }

  @Override
  public String toString() {
    return (group.isEmpty() ? "" : group + " ") + kind;
  }
}
