package io.gpuspec.core.internal.rules;

import io.fabric8.kubernetes.api.model.GenericKubernetesResource;
import io.fabric8.kubernetes.api.model.HasMetadata;
import io.fabric8.kubernetes.api.model.Namespaced;
import io.gpuspec.core.manifest.ManifestSet;
import io.gpuspec.core.report.Severity;
import io.gpuspec.core.report.SourceLocation;
import io.gpuspec.core.spi.BaseRule;
import io.gpuspec.core.spi.CheckContext;
import io.gpuspec.core.spi.ObjectLookup;
import io.gpuspec.core.spi.RuleInfo;
import io.gpuspec.core.spi.Subject;
import java.util.HashMap;
import java.util.Map;
import java.util.Optional;

/**
 * K8S012: an object (API group, kind, namespace, name) is defined once in a set. {@code kubectl
 * apply} of a directory applies the later definition over the earlier one, so one of them silently
 * never takes effect. The version is not part of the identity: {@code v1beta1} and {@code v1beta2}
 * of a kind are views of one object. A cluster-scoped kind ignores the namespace.
 */
public final class ObjectsDefinedOnce extends BaseRule {

  public ObjectsDefinedOnce() {
    super(
        RuleInfo.builder()
            .id("K8S012")
            .severity(Severity.ERROR)
            .title("Each object is defined once in a set")
            .why(
                "kubectl apply of a directory applies a later definition of the same object over"
                    + " the earlier one, so one of the two never takes effect.")
            .fix("Keep one definition of the object, or give one of them another name.")
            .addKinds("*")
            .documentation(
                "https://kubernetes.io/docs/concepts/overview/working-with-objects/names/")
            .build());
  }

  private record Identity(String group, String kind, String namespace, String name) {}

  @Override
  public void check(ManifestSet manifests, CheckContext context) {
    Map<Identity, HasMetadata> first = new HashMap<>();
    for (HasMetadata object : manifests) {
      String name = Subject.name(object);
      if (name.isEmpty() || object.getKind() == null) {
        continue; // generateName: every apply makes a new object
      }
      Identity identity =
          new Identity(
              ObjectLookup.groupOf(object.getApiVersion()),
              object.getKind(),
              clusterScoped(object) ? "" : Subject.namespace(object),
              name);
      HasMetadata earlier = first.putIfAbsent(identity, object);
      if (earlier != null) {
        context.report(
            object,
            "metadata.name",
            "the same object is also defined "
                + where(manifests.sourceOf(earlier))
                + "; kubectl apply would apply one over the other",
            "keep one definition, or rename one of them");
      }
    }
  }

  /** Typed kinds say their scope; a kind read without a model keeps the namespace it states. */
  private static boolean clusterScoped(HasMetadata object) {
    return !(object instanceof GenericKubernetesResource) && !(object instanceof Namespaced);
  }

  private static String where(Optional<SourceLocation> source) {
    return source
        .map(s -> "at " + s.file() + " line " + s.line() + " (document " + s.document() + ")")
        .orElse("earlier in this set");
  }
}
