package io.gpuspec.scheduling.internal.rules;

import io.fabric8.kubernetes.api.model.HasMetadata;
import io.gpuspec.core.manifest.ManifestSet;
import io.gpuspec.core.report.Severity;
import io.gpuspec.core.spi.BaseRule;
import io.gpuspec.core.spi.CheckContext;
import io.gpuspec.core.spi.PodTemplate;
import io.gpuspec.core.spi.RuleInfo;
import io.gpuspec.core.spi.Subject;
import io.gpuspec.core.spi.Workload;
import io.gpuspec.scheduling.model.volcano.batch.Job;

/**
 * SCH017 (warning): pods that join a Volcano PodGroup (annotation {@code
 * scheduling.k8s.io/group-name}) are scheduled by Volcano ({@code schedulerName: volcano}). Any
 * other scheduler ignores PodGroups and starts the pods one by one, so the gang silently is none
 * (https://volcano.sh/en/docs/podgroup/). A Kubeflow job with {@code runPolicy.schedulingPolicy}
 * may leave {@code schedulerName} unset, since its operator sets the gang scheduler; a Volcano Job
 * sets it for its pods. Volcano's scheduler name is configurable, hence a warning.
 */
public final class GroupMembersUseVolcano extends BaseRule {

  public GroupMembersUseVolcano() {
    super(
        RuleInfo.builder()
            .id("SCH017")
            .severity(Severity.WARNING)
            .title("Pods that join a PodGroup have schedulerName: volcano")
            .why(
                "Only Volcano honours PodGroups; under another scheduler the pods start one by one"
                    + " and the gang silently is none.")
            .fix("Set schedulerName: volcano in the pod template.")
            .addKinds("*")
            .documentation(Sched.VOLCANO_PODGROUP_DOCS)
            .build());
  }

  @Override
  public void check(ManifestSet manifests, CheckContext context) {
    for (Workload workload : context.workloads()) {
      HasMetadata object = workload.object();
      if (object instanceof Job) {
        continue;
      }
      boolean operatorSetsIt = Sched.schedulingPolicy(object).isPresent();
      for (PodTemplate template : workload.templates()) {
        String group = Subject.annotations(template.metadata()).get(Sched.GROUP_NAME);
        String scheduler = template.spec().getSchedulerName();
        if (group == null
            || Sched.VOLCANO.equals(scheduler)
            || (scheduler == null && operatorSetsIt)) {
          continue;
        }
        context.report(
            object,
            template.specPath() + ".schedulerName",
            "its pods join PodGroup \""
                + group
                + "\" but are scheduled by "
                + (scheduler == null ? "the default scheduler" : "\"" + scheduler + "\"")
                + ", which ignores PodGroups; the pods start one by one, not as a gang",
            "set " + template.specPath() + ".schedulerName: volcano");
      }
    }
  }
}
