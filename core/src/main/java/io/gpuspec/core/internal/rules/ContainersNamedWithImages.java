package io.gpuspec.core.internal.rules;

import io.fabric8.kubernetes.api.model.EphemeralContainer;
import io.fabric8.kubernetes.api.model.HasMetadata;
import io.fabric8.kubernetes.api.model.Pod;
import io.gpuspec.core.Labels;
import io.gpuspec.core.manifest.ManifestSet;
import io.gpuspec.core.report.Severity;
import io.gpuspec.core.spi.BaseRule;
import io.gpuspec.core.spi.CheckContext;
import io.gpuspec.core.spi.PodTemplate;
import io.gpuspec.core.spi.RuleInfo;
import io.gpuspec.core.spi.Workload;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * K8S007: the API server rejects a pod spec without containers, and a container without a name,
 * with a name that is not a DNS-1123 label or that another container of the pod already uses, or
 * (regular and init containers) without an image, or (in a Pod, not a template) an image with
 * leading or trailing whitespace (<a
 * href="https://kubernetes.io/docs/reference/kubernetes-api/workload-resources/pod-v1/#Container">Container
 * API reference</a>). A missing or {@code null} spec, template or container reads as empty, so the
 * required fields it lacks are reported here, once. Empty containers of a module's own kind (a
 * TFJob replica) are that module's to report; the names and images of its containers are checked
 * here too, since the pods its controller creates from them face the same validation.
 */
public final class ContainersNamedWithImages extends BaseRule {
  public ContainersNamedWithImages() {
    super(
        RuleInfo.builder()
            .apiServerRejects(true)
            .id("K8S007")
            .severity(Severity.ERROR)
            .title("A pod spec has containers, each with a unique DNS-1123 name and an image")
            .why(
                "The API server rejects a pod or pod template without containers, and a container without a name, with an invalid or duplicate name, or without an image.")
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
    String subject = Subjects.of(object, template);
    // the API server validates the pod specs of built-in kinds; a module owns its own kinds'
    if (template.spec().getContainers().isEmpty() && context.declaredNameFormat(object).isEmpty()) {
      String path = template.specPath() + ".containers";
      context.report(
          object,
          path,
          subject + ": " + path + ": Required value: a pod needs at least one container",
          "add " + path + " with at least one container, e.g. [{name: main, image: <image>}]");
    }
    Map<String, String> seen = new HashMap<>();
    for (IndexedContainer at : IndexedContainer.of(template)) {
      checkName(object, subject, at.container().getName(), at.path(), seen, context);
      String image = at.container().getImage();
      if (image == null || image.isEmpty()) {
        context.report(
            object,
            at.path() + ".image",
            subject + " " + at.describe() + ": " + at.path() + ".image: Required value",
            "set " + at.path() + ".image to the container image, e.g. registry/name:tag");
      } else if (object instanceof Pod && !image.equals(image.strip())) {
        // pods only: pod templates may carry a placeholder image such as " "
        context.report(
            object,
            at.path() + ".image",
            subject
                + " "
                + at.describe()
                + ": image \""
                + image
                + "\" has leading or trailing whitespace",
            "remove the whitespace around the image name");
      }
    }
    List<EphemeralContainer> ephemeral = template.spec().getEphemeralContainers();
    for (int i = 0; i < ephemeral.size(); i++) {
      String path = template.specPath() + ".ephemeralContainers[" + i + "]";
      checkName(object, subject, ephemeral.get(i).getName(), path, seen, context);
    }
  }

  private static void checkName(
      HasMetadata object,
      String subject,
      String name,
      String path,
      Map<String, String> seen,
      CheckContext context) {
    String namePath = path + ".name";
    if (name == null || name.isEmpty()) {
      context.report(
          object,
          namePath,
          subject + ": " + namePath + ": Required value: every container needs a name",
          "set " + namePath + ", e.g. to main (lower-case letters, digits and '-')");
    } else if (!Labels.isDns1123Label(name)) {
      context.report(
          object,
          namePath,
          subject + ": container name \"" + name + "\" is not a DNS-1123 label",
          "use at most 63 lower-case letters, digits and '-', starting and ending alphanumeric");
    } else if (seen.containsKey(name)) {
      context.report(
          object,
          namePath,
          subject
              + ": container name \""
              + name
              + "\" is also used by "
              + seen.get(name)
              + "; container names must be unique within a pod",
          "rename one of the two containers");
    } else {
      seen.put(name, path);
    }
  }
}
