package io.gpuspec.scheduling.internal.rules;

import io.fabric8.kubernetes.api.model.HasMetadata;
import io.gpuspec.core.manifest.ManifestSet;
import io.gpuspec.core.report.Severity;
import io.gpuspec.core.spi.BaseRule;
import io.gpuspec.core.spi.CheckContext;
import io.gpuspec.core.spi.PodTemplate;
import io.gpuspec.core.spi.RuleInfo;
import io.gpuspec.core.spi.Workload;
import io.gpuspec.scheduling.model.volcano.PodGroup;
import io.gpuspec.scheduling.model.volcano.batch.Job;
import java.util.List;

/**
 * SCH005: the pod annotation {@code scheduling.k8s.io/group-name} names a Volcano PodGroup of the
 * workload's namespace. Volcano schedules pods through their PodGroup; pods whose group does not
 * exist stay Pending (https://volcano.sh/en/docs/podgroup/). Two kinds make their PodGroup
 * themselves and are not checked: a Volcano Job, and a Kubeflow job with {@code
 * runPolicy.schedulingPolicy}, whose operator creates a PodGroup named after the job. See {@link
 * Sched} for when a missing group is an error.
 */
public final class PodGroupExists extends BaseRule {

  public PodGroupExists() {
    super(
        RuleInfo.builder()
            .id("SCH005")
            .severity(Severity.ERROR)
            .title("scheduling.k8s.io/group-name names a PodGroup in the workload's namespace")
            .why("Volcano does not schedule pods whose PodGroup does not exist; they stay Pending.")
            .fix("Add the PodGroup to the namespace, or fix the annotation.")
            .addKinds("*")
            .documentation(Sched.VOLCANO_PODGROUP_DOCS)
            .build());
  }

  @Override
  public void check(ManifestSet manifests, CheckContext context) {
    List<PodGroup> groups = manifests.ofType(PodGroup.class);
    boolean defined = !groups.isEmpty();
    for (Workload workload : context.workloads()) {
      HasMetadata object = workload.object();
      if (object instanceof Job) {
        continue;
      }
      String namespace = Sched.namespace(object);
      for (PodTemplate template : workload.templates()) {
        String name = Sched.annotations(template.metadata()).get(Sched.GROUP_NAME);
        if (name == null
            || name.isEmpty()
            || Sched.has(groups, name, namespace)
            || (Sched.schedulingPolicy(object).isPresent() && name.equals(Sched.name(object)))) {
          continue;
        }
        context.report(
            Sched.missing(defined),
            object,
            template.metadataPath() + ".annotations[" + Sched.GROUP_NAME + "]",
            Sched.missingMessage(
                Sched.of(object, template),
                "PodGroup",
                (namespace.isEmpty() ? "" : namespace + "/") + name,
                defined,
                "Volcano never schedules its pods and they stay Pending"),
            "add PodGroup \""
                + name
                + "\" to namespace \""
                + namespace
                + "\" with minMember at most the pods that join it, or fix the annotation");
      }
    }
  }
}
