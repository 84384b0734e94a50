package io.gpuspec.core.internal.rules;

import static io.gpuspec.core.internal.rules.RuleFixtures.run;
import static io.gpuspec.core.internal.rules.RuleFixtures.single;
import static org.assertj.core.api.Assertions.assertThat;

import io.fabric8.kubernetes.api.model.Quantity;
import io.fabric8.kubernetes.api.model.ResourceQuota;
import io.fabric8.kubernetes.api.model.ResourceQuotaBuilder;
import io.gpuspec.core.report.Severity;
import io.gpuspec.core.report.Violation;
import java.util.LinkedHashMap;
import java.util.Map;
import org.junit.jupiter.api.Test;

class QuotaCountsExtendedResourcesAsRequestsTest {

  private final QuotaCountsExtendedResourcesAsRequests rule =
      new QuotaCountsExtendedResourcesAsRequests();

  private static ResourceQuota quota(Map<String, String> hard) {
    Map<String, Quantity> amounts = new LinkedHashMap<>();
    hard.forEach((k, v) -> amounts.put(k, new Quantity(v)));
    return new ResourceQuotaBuilder()
        .withNewMetadata()
        .withName("gpu-quota")
        .withNamespace("ml")
        .endMetadata()
        .withNewSpec()
        .withHard(amounts)
        .endSpec()
        .build();
  }

  @Test
  void check_bareGpuKey_errorsWithTheRequestsKey() {
    Violation v = single(run(rule, quota(Map.of("nvidia.com/gpu", "8"))));

    assertThat(v.ruleId()).isEqualTo("K8S004");
    assertThat(v.severity()).isEqualTo(Severity.ERROR);
    assertThat(v.path()).isEqualTo("spec.hard[nvidia.com/gpu]");
    assertThat(v.message())
        .contains("resourcequota \"gpu-quota\"", "\"nvidia.com/gpu\"", "never enforced");
    assertThat(v.fix()).isEqualTo("write requests.nvidia.com/gpu: \"8\" instead of nvidia.com/gpu");
  }

  @Test
  void check_limitsGpuKey_errors() {
    Violation v = single(run(rule, quota(Map.of("limits.nvidia.com/mig-1g.10gb", "4"))));

    assertThat(v.path()).isEqualTo("spec.hard[limits.nvidia.com/mig-1g.10gb]");
    assertThat(v.fix()).startsWith("write requests.nvidia.com/mig-1g.10gb: \"4\"");
  }

  @Test
  void check_fractionalGpuQuota_errors() {
    Violation v = single(run(rule, quota(Map.of("requests.nvidia.com/gpu", "1.5"))));

    assertThat(v.message()).contains("\"1.5\"", "not a whole number");
  }

  @Test
  void check_usualQuotaKeys_areQuiet() {
    var good =
        quota(
            Map.of(
                "requests.nvidia.com/gpu", "8",
                "requests.cpu", "64",
                "limits.memory", "512Gi",
                "pods", "50",
                "count/jobs.batch", "20",
                "gold.storageclass.storage.k8s.io/requests.storage", "500Gi",
                "requests.hugepages-2Mi", "1Gi"));

    assertThat(run(rule, good)).isEmpty();
  }
}
