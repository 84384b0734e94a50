package io.gpuspec.scheduling.internal.rules;

import io.fabric8.kubernetes.api.model.HasMetadata;
import io.fabric8.kubernetes.api.model.ObjectMeta;
import io.fabric8.kubernetes.api.model.Quantity;
import io.gpuspec.core.k8s.Amounts;
import io.gpuspec.core.k8s.GpuResources;
import io.gpuspec.core.kubeflow.RunPolicy;
import io.gpuspec.core.kubeflow.RunPolicyJob;
import io.gpuspec.core.kubeflow.SchedulingPolicy;
import io.gpuspec.core.manifest.ManifestSet;
import io.gpuspec.core.report.Severity;
import io.gpuspec.core.spi.PodTemplate;
import java.math.BigDecimal;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;

/**
 * What the scheduling rules share: how messages name objects, how references are looked up and how
 * sure a missing reference is.
 *
 * <p><b>When is a missing reference an error?</b> A set of manifests may be a whole platform or one
 * file of a bigger repository. A reference to an object of kind K that the set does not hold is an
 * error when the set holds at least one object of kind K (the set is where K objects are defined,
 * so the one named is missing), and a warning otherwise (it may live in another file or already be
 * on the cluster). Strict checks, as for DSL output, make both errors.
 */
final class Sched {

  static final String VOLCANO_PODGROUP_DOCS = "https://volcano.sh/en/docs/podgroup/";
  static final String VOLCANO_QUEUE_DOCS = "https://volcano.sh/en/docs/queue/";
  static final String VOLCANO_JOB_DOCS = "https://volcano.sh/en/docs/vcjob/";
  static final String KUEUE_CLUSTER_QUEUE_DOCS =
      "https://kueue.sigs.k8s.io/docs/concepts/cluster_queue/";

  /** The annotation that puts a pod into a Volcano PodGroup. */
  static final String GROUP_NAME = "scheduling.k8s.io/group-name";

  /**
   * The annotation that puts a pod (and the PodGroup Volcano makes for it) into a Volcano Queue.
   */
  static final String VOLCANO_QUEUE_NAME = "scheduling.volcano.sh/queue-name";

  /** The label that queues a workload in a Kueue LocalQueue of its namespace. */
  static final String KUEUE_QUEUE_NAME = "kueue.x-k8s.io/queue-name";

  /** The label that gives a Kueue workload its WorkloadPriorityClass. */
  static final String KUEUE_PRIORITY = "kueue.x-k8s.io/priority-class";

  /** The scheduler that honours PodGroups. */
  static final String VOLCANO = "volcano";

  private Sched() {}

  /** {@code podgroup "resnet"}: the lower-case kind and the name (or generateName prefix). */
  static String of(HasMetadata object) {
    String kind = object.getKind() == null ? "object" : object.getKind().toLowerCase(Locale.ROOT);
    ObjectMeta meta = object.getMetadata();
    String name = meta == null ? null : meta.getName();
    if (name == null && meta != null && meta.getGenerateName() != null) {
      name = meta.getGenerateName() + "*";
    }
    return kind + " \"" + (name == null ? "" : name) + "\"";
  }

  /** {@code tfjob "mnist" Worker}, or just the object for single-template workloads. */
  static String of(HasMetadata object, PodTemplate template) {
    return template.role().isEmpty() ? of(object) : of(object) + " " + template.role();
  }

  static String name(HasMetadata object) {
    return object.getMetadata() == null || object.getMetadata().getName() == null
        ? ""
        : object.getMetadata().getName();
  }

  /** The namespace, empty when the object does not say (kubectl's current namespace). */
  static String namespace(HasMetadata object) {
    return object.getMetadata() == null || object.getMetadata().getNamespace() == null
        ? ""
        : object.getMetadata().getNamespace();
  }

  /** Whether two namespaces may be the same one: equal, or either unstated. */
  static boolean sameNamespace(String a, String b) {
    return a.isEmpty() || b.isEmpty() || a.equals(b);
  }

  static Map<String, String> labels(HasMetadata object) {
    return object.getMetadata() == null || object.getMetadata().getLabels() == null
        ? Map.of()
        : object.getMetadata().getLabels();
  }

  static Map<String, String> annotations(ObjectMeta meta) {
    return meta == null || meta.getAnnotations() == null ? Map.of() : meta.getAnnotations();
  }

  /** Whether the set holds an object of one of these types. */
  @SafeVarargs
  static boolean defines(ManifestSet manifests, Class<? extends HasMetadata>... types) {
    for (Class<? extends HasMetadata> type : types) {
      if (!manifests.ofType(type).isEmpty()) {
        return true;
      }
    }
    return false;
  }

  /** An error when the set defines objects of the referenced kind, else a warning. */
  static Severity missing(boolean setDefinesTheKind) {
    return setDefinesTheKind ? Severity.ERROR : Severity.WARNING;
  }

  /**
   * The message of a missing reference: {@code <subject>: <kind> "<name>" does not exist ...},
   * worded by how sure it is.
   */
  static String missingMessage(
      String subject, String kind, String name, boolean setDefinesTheKind, String consequence) {
    return setDefinesTheKind
        ? subject
            + ": "
            + kind
            + " \""
            + name
            + "\" does not exist: the set defines "
            + kind
            + " objects, but not this one; "
            + consequence
        : subject
            + ": "
            + kind
            + " \""
            + name
            + "\" is not in the set, which defines no "
            + kind
            + "; unless the cluster already has it, "
            + consequence;
  }

  /** Whether an object with this name (and, if namespaced, namespace) is in the list. */
  static boolean has(List<? extends HasMetadata> objects, String name, String namespace) {
    return objects.stream()
        .anyMatch(o -> name(o).equals(name) && sameNamespace(namespace(o), namespace));
  }

  /** The Kubeflow job's {@code spec.runPolicy.schedulingPolicy}, if the object has one. */
  static Optional<SchedulingPolicy> schedulingPolicy(HasMetadata object) {
    return object instanceof RunPolicyJob job
        ? job.runPolicy().map(RunPolicy::getSchedulingPolicy)
        : Optional.empty();
  }

  /** The amount a quantity stands for, if it parses. */
  static Optional<BigDecimal> amount(Quantity quantity) {
    return quantity == null ? Optional.empty() : GpuResources.amount(quantity);
  }

  /**
   * An amount of a resource as Kubernetes writes it, e.g. {@code 8}, {@code 500m}, {@code 64Gi}.
   */
  static String quantity(String resource, BigDecimal amount) {
    return Amounts.format(resource, amount);
  }
}
