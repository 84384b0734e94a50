package io.gpuspec.core.facts;

import io.fabric8.kubernetes.api.model.GenericKubernetesResource;
import io.fabric8.kubernetes.api.model.HasMetadata;
import io.fabric8.kubernetes.api.model.Namespaced;
import io.fabric8.kubernetes.api.model.ObjectMeta;
import io.gpuspec.core.k8s.Names;
import io.gpuspec.core.report.Finding;
import io.gpuspec.core.report.SourceLocation;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.Function;

/**
 * Each object (API group, kind, namespace, name) is defined once in a set: {@code kubectl apply} of
 * a directory applies a later definition over the earlier one, so one of them silently never takes
 * effect. The version is not part of the identity ({@code v1beta1} and {@code v1beta2} of a kind
 * are views of one object); a cluster-scoped kind ignores the namespace; an object named only by
 * {@code generateName} is a new object at every apply. Reported by rule {@value #RULE}; {@code
 * Platform.build()} throws its first finding.
 */
public final class ObjectSetFacts {

  /** The id of the rule that reports these facts. */
  public static final String RULE = "K8S012";

  /** A finding on one object of a set. */
  public record ObjectFinding(HasMetadata object, Finding finding) {}

  private record Identity(String group, String kind, String namespace, String name) {}

  private ObjectSetFacts() {}

  /**
   * Every object defined again after an earlier definition, at its {@code metadata.name}; {@code
   * sourceOf} says where an earlier definition was read, if it was.
   */
  public static List<ObjectFinding> definedOnce(
      Iterable<? extends HasMetadata> objects,
      Function<HasMetadata, Optional<SourceLocation>> sourceOf) {
    List<ObjectFinding> findings = new ArrayList<>();
    Map<Identity, HasMetadata> first = new HashMap<>();
    for (HasMetadata object : objects) {
      ObjectMeta meta = object.getMetadata();
      String name = meta == null || meta.getName() == null ? "" : meta.getName();
      if (name.isEmpty() || object.getKind() == null) {
        continue;
      }
      String namespace = meta.getNamespace() == null ? "" : meta.getNamespace();
      Identity identity =
          new Identity(
              Names.apiGroup(object.getApiVersion()),
              object.getKind(),
              clusterScoped(object) ? "" : namespace,
              name);
      HasMetadata earlier = first.putIfAbsent(identity, object);
      if (earlier != null) {
        findings.add(
            new ObjectFinding(
                object,
                new Finding(
                    "metadata.name",
                    "the same object is also defined "
                        + where(sourceOf.apply(earlier))
                        + "; kubectl apply would apply one over the other",
                    "keep one definition, or rename one of them")));
      }
    }
    return findings;
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
