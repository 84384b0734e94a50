package io.gpuspec.core.internal.rules;

import io.fabric8.kubernetes.api.model.Pod;
import io.gpuspec.core.facts.PodAnnotationFacts;
import io.gpuspec.core.facts.PodFieldFacts;
import io.gpuspec.core.facts.SecurityAnnotationFacts;
import io.gpuspec.core.manifest.ManifestSet;
import io.gpuspec.core.report.Severity;
import io.gpuspec.core.spi.BaseRule;
import io.gpuspec.core.spi.CheckContext;
import io.gpuspec.core.spi.PodTemplate;
import io.gpuspec.core.spi.RuleInfo;
import io.gpuspec.core.spi.Workload;

/**
 * K8S017: the pod-level DNS, name, deadline, preemption, OS, gate and host-alias fields of every
 * pod template, and what a bare Pod may not carry on create, are ones the API server admits ({@link
 * PodFieldFacts}).
 *
 * <p>Upstream: <a
 * href="https://kubernetes.io/docs/reference/kubernetes-api/workload-resources/pod-v1/">Pod API
 * reference</a> and <a
 * href="https://github.com/kubernetes/kubernetes/blob/master/pkg/apis/core/validation/validation.go">core
 * validation</a>.
 */
public final class PodFieldsValid extends BaseRule {
  public PodFieldsValid() {
    super(
        RuleInfo.builder()
            .apiServerRejects(true)
            .id(PodFieldFacts.RULE)
            .severity(Severity.ERROR)
            .title("Pod-level fields are valid")
            .why(
                "The API server rejects an unknown dnsPolicy, None without nameservers, more than"
                    + " 3 nameservers or ones that are not IPs, node, host, subdomain and"
                    + " RuntimeClass names of the wrong form, activeDeadlineSeconds below 1, an"
                    + " unknown preemptionPolicy or os, fields of the other OS, invalid gates and"
                    + " host aliases, and a Pod created with ephemeral containers.")
            .fix(
                "Use the enumerated values and DNS names; give dnsPolicy None its nameservers;"
                    + " set os.name: linux for GPU pods.")
            .addKinds("*")
            .documentation(
                "https://kubernetes.io/docs/reference/kubernetes-api/workload-resources/pod-v1/")
            .build());
  }

  @Override
  public void check(ManifestSet manifests, CheckContext context) {
    for (Workload workload : context.workloads()) {
      boolean isPod = workload.object() instanceof Pod;
      for (PodTemplate template : workload.templates()) {
        PodFieldFacts.of(template.spec(), template.specPath(), isPod)
            .forEach(finding -> context.report(workload.object(), finding));
        PodAnnotationFacts.of(
                template.metadata().getAnnotations(),
                template.spec(),
                template.metadataPath() + ".annotations")
            .forEach(finding -> context.report(workload.object(), finding));
        SecurityAnnotationFacts.of(
                template.metadata().getAnnotations(), template.spec(), template.specPath())
            .forEach(finding -> context.report(workload.object(), finding));
      }
    }
  }
}
