package io.gpuspec.core.internal.rules;

import io.fabric8.kubernetes.api.model.Service;
import io.gpuspec.core.facts.ServiceFacts;
import io.gpuspec.core.manifest.ManifestSet;
import io.gpuspec.core.report.Severity;
import io.gpuspec.core.spi.BaseRule;
import io.gpuspec.core.spi.CheckContext;
import io.gpuspec.core.spi.RuleInfo;

/**
 * K8S033: the API server rejects a Service whose name starts with a digit, that has no ports
 * although it is neither headless nor ExternalName, whose ports are out of range, unnamed among
 * several, repeated or of an unknown protocol, or whose type, ExternalName, session affinity or
 * traffic policies are invalid for its type. The fact is {@link ServiceFacts#valid}.
 *
 * <p>Upstream: <a
 * href="https://kubernetes.io/docs/concepts/services-networking/service/">Service</a> and <a
 * href="https://github.com/kubernetes/kubernetes/blob/master/pkg/apis/core/validation/validation.go">core
 * validation</a>.
 */
public final class ServicesValid extends BaseRule {
  public ServicesValid() {
    super(
        RuleInfo.builder()
            .apiServerRejects(true)
            .id(ServiceFacts.RULE)
            .severity(Severity.ERROR)
            .title("Services have a DNS-1035 name, valid ports and settings that fit their type")
            .why(
                "The API server rejects a Service named with a leading digit, without ports (unless headless or ExternalName), with ports outside 1-65535, unnamed among several, repeated, or of an unknown protocol, an unknown type, a nodePort on ClusterIP, an ExternalName without a DNS name, or an unknown session affinity or traffic policy.")
            .fix(
                "Name Services starting with a letter, name every port when there are several, use TCP/UDP/SCTP, and set type-specific fields only on that type.")
            .addKinds("Service")
            .documentation("https://kubernetes.io/docs/concepts/services-networking/service/")
            .build());
  }

  @Override
  public void check(ManifestSet manifests, CheckContext context) {
    for (Service service : manifests.ofType(Service.class)) {
      ServiceFacts.valid(service).forEach(f -> context.report(service, f));
    }
  }
}
