package io.gpuspec.scheduling.internal.rules;

import io.fabric8.kubernetes.api.model.HasMetadata;
import io.gpuspec.core.manifest.ManifestSet;
import io.gpuspec.core.report.Severity;
import io.gpuspec.core.spi.CheckContext;
import io.gpuspec.core.spi.PodTemplate;
import io.gpuspec.core.spi.ReferenceRule;
import io.gpuspec.core.spi.RuleInfo;
import io.gpuspec.core.spi.Subject;
import io.gpuspec.core.spi.Workload;
import io.gpuspec.scheduling.model.volcano.PodGroup;
import io.gpuspec.scheduling.model.volcano.batch.Job;
import java.util.List;
import java.util.stream.Stream;

/**
 * SCH005: the pod annotation {@code scheduling.k8s.io/group-name} names a Volcano PodGroup of the
 * workload's namespace. Volcano schedules pods through their PodGroup; pods whose group does not
 * exist stay Pending (https://volcano.sh/en/docs/podgroup/). Two kinds make their PodGroup
 * themselves and are not checked: a Volcano Job, and a Kubeflow job with {@code
 * runPolicy.schedulingPolicy}, whose operator creates a PodGroup named after the job. See {@link
 * ReferenceRule} for when a missing group is an error.
 */
public final class PodGroupExists extends ReferenceRule<PodGroup> {

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
            .build(),
        "PodGroup",
        PodGroup.class);
  }

  @Override
  protected Stream<Reference> references(ManifestSet manifests, CheckContext context) {
    Stream.Builder<Reference> references = Stream.builder();
    for (Workload workload : context.workloads()) {
      HasMetadata object = workload.object();
      if (object instanceof Job) {
        continue;
      }
      for (PodTemplate template : workload.templates()) {
        String name = Subject.annotations(template.metadata()).get(Sched.GROUP_NAME);
        if (Sched.schedulingPolicy(object).isPresent() && Subject.name(object).equals(name)) {
          continue; // the operator makes this group
        }
        references.add(
            new Reference(
                object,
                template.metadataPath() + ".annotations[" + Sched.GROUP_NAME + "]",
                name,
                Subject.namespace(object),
                "Volcano never schedules its pods and they stay Pending"));
      }
    }
    return references.build();
  }

  @Override
  protected String fix(Reference reference, List<PodGroup> defined) {
    return "add PodGroup \""
        + reference.name()
        + "\" to namespace \""
        + reference.namespace()
        + "\" with minMember at most the pods that join it, or fix the annotation";
  }
}
