package io.gpuspec.core.internal.rules;

import io.fabric8.kubernetes.api.model.HasMetadata;
import io.fabric8.kubernetes.api.model.LabelSelector;
import io.fabric8.kubernetes.api.model.Namespace;
import io.fabric8.kubernetes.api.model.Service;
import io.gpuspec.core.facts.MetadataFacts;
import io.gpuspec.core.k8s.NullFree;
import io.gpuspec.core.manifest.ManifestSet;
import io.gpuspec.core.manifest.NameFormat;
import io.gpuspec.core.report.Finding;
import io.gpuspec.core.report.Severity;
import io.gpuspec.core.spi.BaseRule;
import io.gpuspec.core.spi.CheckContext;
import io.gpuspec.core.spi.PodTemplate;
import io.gpuspec.core.spi.RuleInfo;
import java.util.ArrayList;
import java.util.List;

/**
 * K8S003: the API server validates names, label keys and values and annotation keys (<a
 * href="https://kubernetes.io/docs/concepts/overview/working-with-objects/names/">Kubernetes
 * documentation</a>). Most objects take a DNS-1123 subdomain, Namespace and Service a DNS-1123
 * label, RBAC objects a path segment; a Job's name becomes a label value (≤ 63, unless {@code
 * manualSelector: true} keeps it out of the labels) and a CronJob's gets 11 characters appended (≤
 * 52). A {@code generateName} prefix follows the same format (a trailing {@code -} allowed). A
 * module declares the name format of its own kinds. All annotations of an object take at most 256
 * KiB; a pod's {@code priorityClassName} and {@code serviceAccountName} are DNS-1123 subdomains. A
 * Namespace's {@code spec.finalizers} are finalizer names.
 */
public final class NamesAndLabelsValid extends BaseRule {
  public NamesAndLabelsValid() {
    super(
        RuleInfo.builder()
            .apiServerRejects(true)
            .id(MetadataFacts.RULE)
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

  @Override
  public void check(ManifestSet manifests, CheckContext context) {
    for (HasMetadata object : manifests) {
      List<Finding> findings = new ArrayList<>();
      NameFormat format =
          context
              .declaredNameFormat(object)
              .orElse(
                  MetadataFacts.builtInFormat(object.getKind() == null ? "" : object.getKind()));
      findings.addAll(MetadataFacts.name(object, format));
      findings.addAll(MetadataFacts.labelsAndAnnotations(object.getMetadata(), "metadata"));
      findings.addAll(MetadataFacts.finalizersAndOwners(object.getMetadata(), "metadata"));
      context
          .workload(object)
          .ifPresent(
              workload -> {
                for (PodTemplate template : workload.templates()) {
                  if (template.metadata() != object.getMetadata()) {
                    findings.addAll(
                        MetadataFacts.labelsAndAnnotations(
                            template.metadata(), template.metadataPath()));
                  }
                  findings.addAll(
                      MetadataFacts.podReferences(template.spec(), template.specPath()));
                }
              });
      Selectors.of(object)
          .map(LabelSelector::getMatchLabels)
          .ifPresent(
              labels -> findings.addAll(MetadataFacts.labels(labels, "spec.selector.matchLabels")));
      if (object instanceof Namespace namespace && namespace.getSpec() != null) {
        findings.addAll(
            MetadataFacts.finalizerNames(
                NullFree.list(namespace.getSpec().getFinalizers()), "spec.finalizers"));
      }
      if (object instanceof Service service
          && service.getSpec() != null
          && service.getSpec().getSelector() != null) {
        findings.addAll(MetadataFacts.labels(service.getSpec().getSelector(), "spec.selector"));
      }
      findings.forEach(finding -> context.report(object, finding));
    }
  }
}
