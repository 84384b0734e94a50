package io.gpuspec.trainer.merge;

import io.fabric8.kubernetes.api.model.Container;
import io.fabric8.kubernetes.api.model.PodSpec;
import io.fabric8.kubernetes.api.model.PodTemplateSpec;
import io.fabric8.kubernetes.api.model.VolumeMount;
import io.gpuspec.core.k8s.ClaimVolumes;
import io.gpuspec.trainer.model.JobSetSpec;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Stream;
import org.jspecify.annotations.Nullable;

/**
 * The volumes the JobSet controller adds to a Job's pods for the JobSet's {@code
 * volumeClaimPolicies} (jobset {@code pkg/controllers/volume_claim_policy.go}, {@code addVolumes}):
 * for each claim template whose name a container or init container mounts, a volume of that name on
 * the claim {@code <jobset>-<template>}. Rules see the pods as they run.
 */
public final class JobSetVolumes {

  private JobSetVolumes() {}

  /**
   * {@code template} with the claim volumes it mounts added (a copy), or {@code template} itself
   * when it mounts none.
   */
  public static @Nullable PodTemplateSpec added(
      @Nullable PodTemplateSpec template, JobSetSpec jobSet, String jobSetName) {
    if (template == null || template.getSpec() == null) {
      return template;
    }
    Set<String> mounted = mounted(template.getSpec());
    Map<String, String> claims = new LinkedHashMap<>();
    for (String name : claimTemplateNames(jobSet)) {
      if (mounted.contains(name)) {
        claims.putIfAbsent(name, jobSetName + "-" + name);
      }
    }
    return ClaimVolumes.added(template, claims);
  }

  private static Set<String> mounted(PodSpec spec) {
    Set<String> names = new LinkedHashSet<>();
    Stream.concat(containers(spec.getContainers()), containers(spec.getInitContainers()))
        .filter(c -> c.getVolumeMounts() != null)
        .flatMap(c -> c.getVolumeMounts().stream())
        .filter(m -> m != null && m.getName() != null)
        .map(VolumeMount::getName)
        .forEach(names::add);
    return names;
  }

  private static Stream<Container> containers(@Nullable List<Container> containers) {
    return containers == null ? Stream.empty() : containers.stream().filter(c -> c != null);
  }

  /** The names of the claim templates, read from the opaque policies as the CRD shapes them. */
  private static List<String> claimTemplateNames(JobSetSpec jobSet) {
    List<String> names = new ArrayList<>();
    if (jobSet.getVolumeClaimPolicies() == null) {
      return names;
    }
    for (Object policy : jobSet.getVolumeClaimPolicies()) {
      if (policy instanceof Map<?, ?> p && p.get("templates") instanceof List<?> templates) {
        for (Object template : templates) {
          if (template instanceof Map<?, ?> t
              && t.get("metadata") instanceof Map<?, ?> meta
              && meta.get("name") instanceof String name) {
            names.add(name);
          }
        }
      }
    }
    return names;
  }
}
