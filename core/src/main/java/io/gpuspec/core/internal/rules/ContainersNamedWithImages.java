package io.gpuspec.core.internal.rules;

import io.fabric8.kubernetes.api.model.HasMetadata;
import io.fabric8.kubernetes.api.model.Pod;
import io.gpuspec.core.facts.ContainerFacts;
import io.gpuspec.core.manifest.ManifestSet;
import io.gpuspec.core.report.Severity;
import io.gpuspec.core.spi.BaseRule;
import io.gpuspec.core.spi.CheckContext;
import io.gpuspec.core.spi.PodTemplate;
import io.gpuspec.core.spi.RuleInfo;
import io.gpuspec.core.spi.Workload;

/**
 * K8S007: the API server rejects a pod spec without containers, and a container without a name,
 * with a name that is not a DNS-1123 label or that another container of the pod already uses, or
 * (regular and init containers) without an image, or (in a Pod, not a template) an image with
 * leading or trailing whitespace (<a
 * href="https://kubernetes.io/docs/reference/kubernetes-api/workload-resources/pod-v1/#Container">Container
 * API reference</a>). A missing or {@code null} spec, template or container reads as empty, so the
 * required fields it lacks are reported here, once. Empty containers of a module's own kind (a
 * TFJob replica) are that module's to report; the names and images of its containers are checked
 * here too, since the pods its controller creates from them face the same validation. Environment
 * variable names (printable ASCII without '='), volume names (unique DNS-1123 labels) and volume
 * mounts (of a volume the pod has, at a path no other mount of the container uses) too.
 */
public final class ContainersNamedWithImages extends BaseRule {
  public ContainersNamedWithImages() {
    super(
        RuleInfo.builder()
            .apiServerRejects(true)
            .id(ContainerFacts.RULE)
            .severity(Severity.ERROR)
            .title(
                "A pod spec has containers, each with a unique DNS-1123 name and an image; env, volume and mount names are valid")
            .why(
                "The API server rejects a pod or pod template without containers, and a container without a name, with an invalid or duplicate name, or without an image; and invalid environment variable names, invalid or duplicate volume names, mounts of missing volumes and two mounts at one path.")
            .fix(
                "List at least one container under spec.containers, each with a unique name (lower-case letters, digits and '-') and an image.")
            .addKinds("*")
            .documentation(
                "https://kubernetes.io/docs/reference/kubernetes-api/workload-resources/pod-v1/#Container")
            .build());
  }

  @Override
  public void check(ManifestSet manifests, CheckContext context) {
    for (Workload workload : context.workloads()) {
      for (PodTemplate template : workload.templates()) {
        check(workload.object(), template, context);
      }
    }
  }

  private static void check(HasMetadata object, PodTemplate template, CheckContext context) {
    // the API server validates the pod specs of built-in kinds; a module owns its own kinds'
    ContainerFacts.namesAndImages(
            template.spec(),
            template.specPath(),
            context.declaredNameFormat(object).isEmpty(),
            object instanceof Pod)
        .forEach(finding -> context.report(object, finding));
    ContainerFacts.envAndVolumes(template.spec(), template.specPath())
        .forEach(finding -> context.report(object, finding));
  }
}
