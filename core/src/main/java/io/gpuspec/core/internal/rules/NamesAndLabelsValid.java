package io.gpuspec.core.internal.rules;

import io.fabric8.kubernetes.api.model.HasMetadata;
import io.fabric8.kubernetes.api.model.LabelSelector;
import io.fabric8.kubernetes.api.model.ObjectMeta;
import io.fabric8.kubernetes.api.model.Service;
import io.fabric8.kubernetes.api.model.batch.v1.Job;
import io.gpuspec.core.Labels;
import io.gpuspec.core.manifest.ManifestSet;
import io.gpuspec.core.manifest.NameFormat;
import io.gpuspec.core.report.Severity;
import io.gpuspec.core.spi.BaseRule;
import io.gpuspec.core.spi.CheckContext;
import io.gpuspec.core.spi.PodTemplate;
import io.gpuspec.core.spi.RuleInfo;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * K8S003: the API server validates names, label keys and values and annotation keys (<a
 * href="https://kubernetes.io/docs/concepts/overview/working-with-objects/names/">Kubernetes
 * documentation</a>). Most objects take a DNS-1123 subdomain, Namespace and Service a DNS-1123
 * label, RBAC objects a path segment; a Job's name becomes a label value (≤ 63, unless {@code
 * manualSelector: true} keeps it out of the labels) and a CronJob's gets 11 characters appended (≤
 * 52). A {@code generateName} prefix follows the same format (a trailing {@code -} allowed). A
 * module declares the name format of its own kinds.
 */
public final class NamesAndLabelsValid extends BaseRule {
  public NamesAndLabelsValid() {
    super(
        RuleInfo.builder()
            .apiServerRejects(true)
            .id("K8S003")
            .severity(Severity.ERROR)
            .title("Names, namespaces, label keys and values, and annotation keys are valid")
            .why(
                "The API server rejects names, namespaces, label keys and values and annotation keys that break Kubernetes' naming rules.")
            .fix(
                "Use DNS-1123 names (DNS-1123 labels for Namespaces and Services) and valid label keys and values.")
            .addKinds("*")
            .documentation(
                "https://kubernetes.io/docs/concepts/overview/working-with-objects/names/")
            .build());
  }

  private static final Set<String> LABEL_NAMED = Set.of("Namespace", "Service");
  private static final Set<String> PATH_SEGMENT_NAMED =
      Set.of("Role", "ClusterRole", "RoleBinding", "ClusterRoleBinding");
  private static final String QUALIFIED_NAME_FIX =
      "use an optional DNS-1123 subdomain prefix and '/', then at most 63 letters, digits,"
          + " '-', '_' or '.', starting and ending alphanumeric, e.g. example.com/gpu-pool";

  @Override
  public void check(ManifestSet manifests, CheckContext context) {
    for (HasMetadata object : manifests) {
      ObjectMeta meta = object.getMetadata() == null ? new ObjectMeta() : object.getMetadata();
      checkName(object, meta, context);
      checkMetadata(object, meta, "metadata", context);
      context
          .workload(object)
          .ifPresent(
              workload -> {
                for (PodTemplate template : workload.templates()) {
                  if (template.metadata() != object.getMetadata()) {
                    checkMetadata(object, template.metadata(), template.metadataPath(), context);
                  }
                }
              });
      Selectors.of(object)
          .map(LabelSelector::getMatchLabels)
          .ifPresent(labels -> checkLabels(object, labels, "spec.selector.matchLabels", context));
      if (object instanceof Service service
          && service.getSpec() != null
          && service.getSpec().getSelector() != null) {
        checkLabels(object, service.getSpec().getSelector(), "spec.selector", context);
      }
    }
  }

  private static void checkName(HasMetadata object, ObjectMeta meta, CheckContext context) {
    String kind = object.getKind() == null ? "" : object.getKind();
    String name = meta.getName();
    String prefix = meta.getGenerateName();
    NameFormat format = context.declaredNameFormat(object).orElse(builtInFormat(kind));
    if (prefix != null && !prefix.isEmpty()) {
      // the server appends random characters, so a trailing '-' is fine; lengths are its to cut
      String masked =
          prefix.length() > 1 && prefix.endsWith("-")
              ? prefix.substring(0, prefix.length() - 1) + "a"
              : prefix;
      nameProblem(format, "", masked)
          .ifPresent(
              problem ->
                  context.report(
                      object,
                      "metadata.generateName",
                      Subjects.of(object) + ": metadata.generateName \"" + prefix + "\" " + problem,
                      "use a prefix that is valid as a name, e.g. \""
                          + suggestion(format, "", prefix)
                          + "-\""));
    }
    if (name == null || name.isEmpty()) {
      if (meta.getGenerateName() == null || meta.getGenerateName().isEmpty()) {
        context.report(
            object,
            "metadata.name",
            Subjects.of(object) + ": metadata.name is missing",
            "set metadata.name (or metadata.generateName for a server-generated name)");
      }
    } else {
      nameProblem(format, labelsName(object) ? kind : "", name)
          .ifPresent(
              problem ->
                  context.report(
                      object,
                      "metadata.name",
                      Subjects.of(object) + ": metadata.name \"" + name + "\" " + problem,
                      "rename it, e.g. to \"" + suggestion(format, kind, name) + "\""));
    }
    String namespace = meta.getNamespace();
    if (namespace != null && !namespace.isEmpty() && !Labels.isDns1123Label(namespace)) {
      context.report(
          object,
          "metadata.namespace",
          Subjects.of(object)
              + ": metadata.namespace \""
              + namespace
              + "\" is not a DNS-1123 label",
          "use at most 63 lower-case letters, digits and '-', starting and ending alphanumeric");
    }
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

  /** The name format of a built-in Kubernetes kind. */
  static NameFormat builtInFormat(String kind) {
    if (LABEL_NAMED.contains(kind)) {
      return NameFormat.DNS1123_LABEL;
    }
    return PATH_SEGMENT_NAMED.contains(kind)
        ? NameFormat.PATH_SEGMENT
        : NameFormat.DNS1123_SUBDOMAIN;
  }

  private static Optional<String> nameProblem(NameFormat format, String kind, String name) {
    if (format == NameFormat.DNS1123_LABEL) {
      return Labels.isDns1123Label(name)
          ? Optional.empty()
          : Optional.of("is not a DNS-1123 label (at most 63 of [a-z0-9-])");
    }
    if (format == NameFormat.DNS1035_LABEL) {
      return Labels.isDns1035Label(name)
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
    if (!Labels.isDns1123Subdomain(name)) {
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

  private static void checkMetadata(
      HasMetadata object, ObjectMeta meta, String path, CheckContext context) {
    if (meta.getLabels() != null) {
      checkLabels(object, meta.getLabels(), path + ".labels", context);
    }
    if (meta.getAnnotations() != null) {
      for (String key : meta.getAnnotations().keySet()) {
        if (!Labels.isQualifiedName(key)) {
          context.report(
              object,
              path + ".annotations[" + key + "]",
              Subjects.of(object) + ": annotation key \"" + key + "\" is not a qualified name",
              QUALIFIED_NAME_FIX);
        }
      }
    }
  }

  private static void checkLabels(
      HasMetadata object, Map<String, String> labels, String path, CheckContext context) {
    for (Map.Entry<String, String> label : labels.entrySet()) {
      String key = label.getKey();
      String value = label.getValue() == null ? "" : label.getValue();
      if (!Labels.isQualifiedName(key)) {
        context.report(
            object,
            path + "[" + key + "]",
            Subjects.of(object) + ": label key \"" + key + "\" is not a qualified name",
            QUALIFIED_NAME_FIX);
      } else if (!Labels.isValue(value)) {
        context.report(
            object,
            path + "[" + key + "]",
            Subjects.of(object)
                + ": label "
                + key
                + " has value \""
                + value
                + "\", which is not a valid label value",
            "use at most 63 letters, digits, '-', '_' or '.', starting and ending alphanumeric"
                + " (or empty)");
      }
    }
  }
}
