package io.gpuspec.core.internal.rules;

import io.fabric8.kubernetes.api.model.HasMetadata;
import io.fabric8.kubernetes.api.model.ObjectMeta;
import io.fabric8.kubernetes.api.model.ServiceAccount;
import io.gpuspec.core.manifest.ManifestSet;
import io.gpuspec.core.report.Severity;
import io.gpuspec.core.spi.BaseRule;
import io.gpuspec.core.spi.CheckContext;
import io.gpuspec.core.spi.PodTemplate;
import io.gpuspec.core.spi.RuleInfo;
import io.gpuspec.core.spi.Workload;
import java.util.Optional;

/**
 * SEC002: {@code automountServiceAccountToken} is a field of ServiceAccount and PodSpec; written as
 * an annotation it does nothing and the token is still mounted (<a
 * href="https://kubernetes.io/docs/tasks/configure-pod-container/configure-service-account/#opt-out-of-api-credential-automounting">Kubernetes
 * documentation</a>).
 */
public final class AutomountTokenIsAField extends BaseRule {
  public AutomountTokenIsAField() {
    super(
        RuleInfo.builder()
            .id("SEC002")
            .severity(Severity.WARNING)
            .title("automountServiceAccountToken is set as a field, not as an annotation")
            .why(
                "automountServiceAccountToken is a field of ServiceAccount and PodSpec; an annotation with that name does nothing, so the token is still mounted.")
            .fix("Set the field automountServiceAccountToken: false instead of the annotation.")
            .addKinds("*")
            .documentation(
                "https://kubernetes.io/docs/tasks/configure-pod-container/configure-service-account/#opt-out-of-api-credential-automounting")
            .build());
  }

  private static final String FIELD = "automountServiceAccountToken";

  @Override
  public void check(ManifestSet manifests, CheckContext context) {
    for (HasMetadata object : manifests) {
      Optional<Workload> workload = context.workload(object);
      String fix =
          object instanceof ServiceAccount
              ? fix(FIELD)
              : workload
                  .filter(w -> !w.templates().isEmpty())
                  .map(w -> fix(w.templates().get(0).specPath() + "." + FIELD))
                  .orElse(
                      "remove the annotation and set the field "
                          + FIELD
                          + ": false in the pod spec or on the ServiceAccount");
      check(object, object.getMetadata(), "metadata", fix, context);
      workload.ifPresent(
          w -> {
            for (PodTemplate template : w.templates()) {
              if (template.metadata() != object.getMetadata()) {
                check(
                    object,
                    template.metadata(),
                    template.metadataPath(),
                    fix(template.specPath() + "." + FIELD),
                    context);
              }
            }
          });
    }
  }

  private static String fix(String fieldPath) {
    return "remove the annotation and set the field " + fieldPath + ": false";
  }

  private static void check(
      HasMetadata object, ObjectMeta meta, String path, String fix, CheckContext context) {
    if (meta == null || meta.getAnnotations() == null) {
      return;
    }
    for (String key : meta.getAnnotations().keySet()) {
      if (key.equals(FIELD) || key.endsWith("/" + FIELD)) {
        context.report(
            object,
            path + ".annotations[" + key + "]",
            "annotation "
                + key
                + ": \""
                + meta.getAnnotations().get(key)
                + "\" does nothing; "
                + FIELD
                + " is a field, so the token is still mounted",
            fix);
      }
    }
  }
}
