package io.gpuspec.core.facts;

import io.fabric8.kubernetes.api.model.HasMetadata;
import io.fabric8.kubernetes.api.model.ObjectMeta;
import io.fabric8.kubernetes.api.model.OwnerReference;
import io.fabric8.kubernetes.api.model.PodSpec;
import io.fabric8.kubernetes.api.model.batch.v1.Job;
import io.gpuspec.core.k8s.Names;
import io.gpuspec.core.manifest.NameFormat;
import io.gpuspec.core.report.Finding;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import org.jspecify.annotations.Nullable;

/**
 * Names, namespaces, label keys and values and annotation keys as the API server validates them (<a
 * href="https://kubernetes.io/docs/concepts/overview/working-with-objects/names/">Object names and
 * IDs</a>). Most objects take a DNS-1123 subdomain, Namespace and Service a DNS-1123 label, RBAC
 * objects a path segment; a Job's name becomes a label value (at most 63, unless {@code
 * manualSelector: true} keeps it out of the labels) and a CronJob's gets 11 characters appended (at
 * most 52). All annotations of an object take at most 256 KiB; a pod's priorityClassName and
 * serviceAccountName are DNS-1123 subdomains. Reported by rule {@value #RULE}; the core DSL's
 * {@code build()} throws its first finding.
 */
public final class MetadataFacts {

  /** The id of the rule that reports these facts. */
  public static final String RULE = "K8S003";

  private static final Set<String> STANDARD_FINALIZERS =
      Set.of("kubernetes", "orphan", "foregroundDeletion");
  private static final Set<String> LABEL_NAMED = Set.of("Namespace", "Service");
  private static final Set<String> PATH_SEGMENT_NAMED =
      Set.of("Role", "ClusterRole", "RoleBinding", "ClusterRoleBinding");
  private static final String QUALIFIED_NAME_FIX =
      "use an optional DNS-1123 subdomain prefix and '/', then at most 63 letters, digits,"
          + " '-', '_' or '.', starting and ending alphanumeric, e.g. example.com/gpu-pool";

  /** The most bytes the API server takes in all annotations of one object (256 KiB). */
  private static final long MAX_ANNOTATION_BYTES = 256 * 1024;

  private MetadataFacts() {}

  /** The name format of a built-in Kubernetes kind. */
  public static NameFormat builtInFormat(String kind) {
    if (LABEL_NAMED.contains(kind)) {
      return NameFormat.DNS1123_LABEL;
    }
    return PATH_SEGMENT_NAMED.contains(kind)
        ? NameFormat.PATH_SEGMENT
        : NameFormat.DNS1123_SUBDOMAIN;
  }

  /**
   * K8S003 on an object's {@code metadata.name}, {@code generateName} and {@code namespace}, with
   * the name format of its kind ({@link #builtInFormat} unless a module declares its own).
   */
  public static List<Finding> name(HasMetadata object, NameFormat format) {
    List<Finding> findings = new ArrayList<>();
    ObjectMeta meta = object.getMetadata() == null ? new ObjectMeta() : object.getMetadata();
    String kind = object.getKind() == null ? "" : object.getKind();
    String name = meta.getName();
    String prefix = meta.getGenerateName();
    if (prefix != null && !prefix.isEmpty()) {
      // the server appends random characters, so a trailing '-' is fine; lengths are its to cut
      String masked =
          prefix.length() > 1 && prefix.endsWith("-")
              ? prefix.substring(0, prefix.length() - 1) + "a"
              : prefix;
      nameProblem(format, "", masked)
          .ifPresent(
              problem ->
                  findings.add(
                      new Finding(
                          "metadata.generateName",
                          "\"" + prefix + "\" " + problem,
                          "use a prefix that is valid as a name, e.g. \""
                              + suggestion(format, "", prefix)
                              + "-\"")));
    }
    if (name == null || name.isEmpty()) {
      if (prefix == null || prefix.isEmpty()) {
        findings.add(
            new Finding(
                "metadata.name",
                "metadata.name is missing",
                "set metadata.name (or metadata.generateName for a server-generated name)"));
      }
    } else {
      nameProblem(format, labelsName(object) ? kind : "", name)
          .ifPresent(
              problem ->
                  findings.add(
                      new Finding(
                          "metadata.name",
                          "\"" + name + "\" " + problem,
                          "rename it, e.g. to \"" + suggestion(format, kind, name) + "\"")));
    }
    String namespace = meta.getNamespace();
    if (namespace != null && !namespace.isEmpty() && !Names.isDns1123Label(namespace)) {
      findings.add(
          new Finding(
              "metadata.namespace",
              "\"" + namespace + "\" is not a DNS-1123 label",
              "use at most 63 lower-case letters, digits and '-', starting and ending"
                  + " alphanumeric"));
    }
    return findings;
  }

  /**
   * K8S003 on an object's finalizers and owner references at {@code path} (apimachinery's {@code
   * ValidateFinalizers} and {@code ValidateOwnerReferences}): finalizers that are qualified names
   * with a domain unless standard ({@code kubernetes}, {@code orphan}, {@code foregroundDeletion}),
   * not orphan together with foregroundDeletion; owner references with apiVersion, kind, name and
   * uid, not naming an Event, and at most one controller.
   */
  public static List<Finding> finalizersAndOwners(ObjectMeta meta, String path) {
    List<Finding> findings = new ArrayList<>();
    if (meta == null) {
      return findings;
    }
    List<String> finalizers = meta.getFinalizers() == null ? List.of() : meta.getFinalizers();
    findings.addAll(finalizerNames(finalizers, path + ".finalizers"));
    if (finalizers.contains("orphan") && finalizers.contains("foregroundDeletion")) {
      findings.add(
          Finding.rejection(
              path + ".finalizers",
              "finalizers orphan and foregroundDeletion cannot both be set",
              "keep one of them"));
    }
    List<OwnerReference> owners =
        meta.getOwnerReferences() == null ? List.of() : meta.getOwnerReferences();
    int controllers = 0;
    for (int i = 0; i < owners.size(); i++) {
      OwnerReference owner = owners.get(i) == null ? new OwnerReference() : owners.get(i);
      String at = path + ".ownerReferences[" + i + "]";
      String[] fields = {"apiVersion", "kind", "name", "uid"};
      String[] values = {owner.getApiVersion(), owner.getKind(), owner.getName(), owner.getUid()};
      for (int f = 0; f < fields.length; f++) {
        if (values[f] == null || values[f].isEmpty()) {
          findings.add(
              Finding.rejection(
                  at + "." + fields[f],
                  "the owner reference has no " + fields[f],
                  "give the owner's apiVersion, kind, name and uid, or let its controller set the"
                      + " reference"));
        }
      }
      if ("Event".equals(owner.getKind()) && "v1".equals(owner.getApiVersion())) {
        findings.add(
            Finding.rejection(at + ".kind", "an Event cannot own objects", "name another owner"));
      }
      if (Boolean.TRUE.equals(owner.getController()) && ++controllers == 2) {
        findings.add(
            Finding.rejection(
                at + ".controller",
                "only one owner reference can be the controller",
                "set controller: true on one owner"));
      }
    }
    return findings;
  }

  /**
   * K8S003 on a list of finalizer names at {@code path} (core {@code validateFinalizerName}, for
   * {@code metadata.finalizers} and a Namespace's {@code spec.finalizers}): each is a qualified
   * name, with a domain unless it is a standard one ({@code kubernetes}, {@code orphan}, {@code
   * foregroundDeletion}).
   */
  public static List<Finding> finalizerNames(List<String> finalizers, String path) {
    List<Finding> findings = new ArrayList<>();
    for (int i = 0; i < finalizers.size(); i++) {
      String finalizer = finalizers.get(i) == null ? "" : finalizers.get(i);
      if (!Names.isQualifiedName(finalizer)
          || (!finalizer.contains("/") && !STANDARD_FINALIZERS.contains(finalizer))) {
        findings.add(
            Finding.rejection(
                path + "[" + i + "]",
                "finalizer \"" + finalizer + "\" is neither standard nor a domain-qualified name",
                "write it as example.com/cleanup"));
      }
    }
    return findings;
  }

  /**
   * K8S003 on the labels and annotation keys of metadata at {@code path} (e.g. {@code metadata}).
   */
  public static List<Finding> labelsAndAnnotations(ObjectMeta meta, String path) {
    List<Finding> findings = new ArrayList<>();
    if (meta == null) {
      return findings;
    }
    if (meta.getLabels() != null) {
      findings.addAll(labels(meta.getLabels(), path + ".labels"));
    }
    if (meta.getAnnotations() != null) {
      long bytes = 0;
      for (Map.Entry<String, String> annotation : meta.getAnnotations().entrySet()) {
        bytes += utf8Length(annotation.getKey()) + utf8Length(annotation.getValue());
      }
      if (bytes > MAX_ANNOTATION_BYTES) {
        findings.add(
            new Finding(
                path + ".annotations",
                "the annotations take "
                    + bytes
                    + " bytes, more than the API server's "
                    + MAX_ANNOTATION_BYTES,
                "keep large data in a ConfigMap and annotate a reference to it"));
      }
      for (String key : meta.getAnnotations().keySet()) {
        if (!Names.isQualifiedName(key)) {
          findings.add(
              new Finding(
                  path + ".annotations[" + key + "]",
                  "annotation key \"" + key + "\" is not a qualified name",
                  QUALIFIED_NAME_FIX));
        }
      }
    }
    return findings;
  }

  /**
   * K8S003 on the names a pod spec at {@code specPath} gives of other objects: its {@code
   * priorityClassName} and {@code serviceAccountName} are DNS-1123 subdomains.
   */
  public static List<Finding> podReferences(PodSpec spec, String specPath) {
    List<Finding> findings = new ArrayList<>();
    if (spec == null) {
      return findings;
    }
    reference(
        spec.getPriorityClassName(), specPath + ".priorityClassName", "PriorityClass", findings);
    reference(
        spec.getServiceAccountName(), specPath + ".serviceAccountName", "ServiceAccount", findings);
    return findings;
  }

  private static void reference(
      @Nullable String name, String path, String kind, List<Finding> findings) {
    if (name != null && !name.isEmpty() && !Names.isDns1123Subdomain(name)) {
      findings.add(
          new Finding(
              path,
              "\"" + name + "\" is not a DNS-1123 subdomain, so no " + kind + " has that name",
              "use the name of a " + kind + " (lower-case letters, digits, '-' and '.')"));
    }
  }

  private static long utf8Length(@Nullable String text) {
    return text == null ? 0 : text.getBytes(StandardCharsets.UTF_8).length;
  }

  /**
   * K8S003 on a rendered object that holds pod templates: its name in {@code format}, its metadata,
   * then each template's metadata (by the template metadata's path), in that order.
   */
  public static List<Finding> workload(
      HasMetadata object, NameFormat format, Map<String, ObjectMeta> templates) {
    List<Finding> findings = new ArrayList<>(name(object, format));
    findings.addAll(labelsAndAnnotations(object.getMetadata(), "metadata"));
    templates.forEach((path, meta) -> findings.addAll(labelsAndAnnotations(meta, path)));
    return findings;
  }

  /** K8S003 on a map of labels at {@code path}, e.g. {@code spec.selector.matchLabels}. */
  public static List<Finding> labels(Map<String, String> labels, String path) {
    List<Finding> findings = new ArrayList<>();
    for (Map.Entry<String, String> label : labels.entrySet()) {
      String key = label.getKey();
      String value = label.getValue() == null ? "" : label.getValue();
      if (!Names.isQualifiedName(key)) {
        findings.add(
            new Finding(
                path + "[" + key + "]",
                "label key \"" + key + "\" is not a qualified name",
                QUALIFIED_NAME_FIX));
      } else if (!Names.isValue(value)) {
        findings.add(
            new Finding(
                path + "[" + key + "]",
                "label " + key + " has value \"" + value + "\", which is not a valid label value",
                "use at most 63 letters, digits, '-', '_' or '.', starting and ending alphanumeric"
                    + " (or empty)"));
      }
    }
    return findings;
  }

  /**
   * Whether the controller writes the name into pod labels: a Job's name goes into the {@code
   * job-name} labels of the selector it generates, which it does not with {@code manualSelector:
   * true}.
   */
  private static boolean labelsName(HasMetadata object) {
    return !(object instanceof Job job
        && job.getSpec() != null
        && Boolean.TRUE.equals(job.getSpec().getManualSelector()));
  }

  private static Optional<String> nameProblem(NameFormat format, String kind, String name) {
    if (format == NameFormat.DNS1123_LABEL) {
      return Names.isDns1123Label(name)
          ? Optional.empty()
          : Optional.of("is not a DNS-1123 label (at most 63 of [a-z0-9-])");
    }
    if (format == NameFormat.DNS1035_LABEL) {
      return Names.isDns1035Label(name)
          ? Optional.empty()
          : Optional.of(
              "is not a DNS-1035 label (at most 63 of [a-z0-9-], starting with a letter), which"
                  + " the controller needs because it names Services after it");
    }
    if (format == NameFormat.PATH_SEGMENT) {
      boolean ok =
          !name.equals(".") && !name.equals("..") && !name.contains("/") && !name.contains("%");
      return ok
          ? Optional.empty()
          : Optional.of("is not a valid path segment (no '/', '%', '.' or '..')");
    }
    if (!Names.isDns1123Subdomain(name)) {
      return Optional.of(
          "is not a DNS-1123 subdomain (at most 253 of [a-z0-9-.], alphanumeric at both ends)");
    }
    if (kind.equals("Job") && name.length() > 63) {
      return Optional.of(
          "is " + name.length() + " characters; a Job name becomes a label value of at most 63");
    }
    if (kind.equals("CronJob") && name.length() > 52) {
      return Optional.of(
          "is "
              + name.length()
              + " characters; the CronJob controller appends 11 to name its Jobs, so at most 52");
    }
    return Optional.empty();
  }

  /** The name with invalid characters replaced, trimmed to the kind's length limit. */
  static String suggestion(NameFormat format, String kind, String name) {
    if (format == NameFormat.PATH_SEGMENT) {
      String cleaned = name.replace('/', '-').replace('%', '-');
      return cleaned.equals(".") || cleaned.equals("..") ? "name" : cleaned;
    }
    boolean label = format == NameFormat.DNS1123_LABEL || format == NameFormat.DNS1035_LABEL;
    int limit = label || kind.equals("Job") ? 63 : kind.equals("CronJob") ? 52 : 253;
    String allowed = label ? "[^a-z0-9-]+" : "[^a-z0-9.-]+";
    String cleaned =
        name.toLowerCase(Locale.ROOT).replaceAll(allowed, "-").replaceAll("-*\\.[.-]*", ".");
    if (cleaned.length() > limit) {
      cleaned = cleaned.substring(0, limit);
    }
    cleaned =
        cleaned.replaceAll(
            format == NameFormat.DNS1035_LABEL ? "^[^a-z]+|[^a-z0-9]+$" : "^[^a-z0-9]+|[^a-z0-9]+$",
            "");
    return cleaned.isEmpty() ? "name" : cleaned;
  }
}
