package io.gpuspec.scheduling.internal.rules;

import io.fabric8.kubernetes.api.model.HasMetadata;
import io.gpuspec.core.manifest.ManifestSet;
import io.gpuspec.core.report.Finding;
import io.gpuspec.core.report.Severity;
import io.gpuspec.core.spi.BaseRule;
import io.gpuspec.core.spi.CheckContext;
import io.gpuspec.core.spi.PodTemplate;
import io.gpuspec.core.spi.RuleInfo;
import io.gpuspec.core.spi.Subject;
import io.gpuspec.core.spi.Workload;
import io.gpuspec.scheduling.facts.VolcanoPodGroupFacts;
import io.gpuspec.scheduling.facts.VolcanoPodGroupFacts.Member;
import io.gpuspec.scheduling.model.volcano.PodGroup;
import io.gpuspec.scheduling.model.volcano.batch.Job;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * SCH008: a PodGroup's {@code minMember} is at least 1 and at most the pods that join it. Volcano
 * admits a gang only when {@code minMember} of its pods fit at once
 * (https://volcano.sh/en/docs/podgroup/): a group waiting for more pods than its workloads create
 * never starts, and a group of 0 gangs nothing. Pods join with the annotation {@code
 * scheduling.k8s.io/group-name}, or, for a Kubeflow job with {@code runPolicy.schedulingPolicy},
 * the group named after the job. The upper bound is checked only when the set holds a workload that
 * joins the group. A negative minMember is the PodGroup CRD's ({@code minimum: 0}, the cel module's
 * CRD001).
 */
public final class PodGroupFitsItsPods extends BaseRule {

  public PodGroupFitsItsPods() {
    super(
        RuleInfo.builder()
            .id("SCH008")
            .severity(Severity.ERROR)
            .title("A PodGroup's minMember is between 1 and the pods that join it")
            .why(
                "Volcano starts a gang only when minMember pods fit at once: a group larger than its"
                    + " workloads never starts, one of 0 pods gangs nothing.")
            .fix("Set minMember to the number of pods that must start together.")
            .addKinds("PodGroup", "*")
            .documentation(Sched.VOLCANO_PODGROUP_DOCS)
            .build());
  }

  @Override
  public void check(ManifestSet manifests, CheckContext context) {
    Map<String, List<Member>> members = new LinkedHashMap<>();
    for (Workload workload : context.workloads()) {
      HasMetadata object = workload.object();
      if (object instanceof Job) {
        continue; // a Volcano Job makes and sizes its own PodGroup
      }
      Map<String, Integer> pods = new LinkedHashMap<>();
      boolean operatorGang = Sched.schedulingPolicy(object).isPresent();
      for (PodTemplate template : workload.templates()) {
        String group = Subject.annotations(template.metadata()).get(Sched.GROUP_NAME);
        if (group == null && operatorGang) {
          group = Subject.name(object);
        }
        if (group != null && !group.isEmpty()) {
          pods.merge(group, template.replicas(), Integer::sum);
        }
      }
      pods.forEach(
          (group, count) ->
              members
                  .computeIfAbsent(Subject.namespace(object) + "/" + group, k -> new ArrayList<>())
                  .add(new Member(object, count)));
    }
    for (PodGroup group : manifests.ofType(PodGroup.class)) {
      List<Finding> gangsNothing = VolcanoPodGroupFacts.minMemberGangs(group);
      gangsNothing.forEach(f -> context.report(group, f));
      if (gangsNothing.isEmpty()) {
        VolcanoPodGroupFacts.minMemberWithinPods(group, joining(members, group))
            .forEach(f -> context.report(group, f));
      }
    }
  }

  private static List<Member> joining(Map<String, List<Member>> members, PodGroup group) {
    String namespace = Subject.namespace(group);
    String name = Subject.name(group);
    List<Member> found = new ArrayList<>();
    members.forEach(
        (key, list) -> {
          int slash = key.indexOf('/');
          if (key.substring(slash + 1).equals(name)
              && Subject.sameNamespace(key.substring(0, slash), namespace)) {
            found.addAll(list);
          }
        });
    return found;
  }
}
