package io.gpuspec.core.manifest;

import static org.assertj.core.api.Assertions.assertThat;

import io.fabric8.kubernetes.api.model.AnyType;
import io.fabric8.kubernetes.api.model.resource.v1.OpaqueDeviceConfiguration;
import io.fabric8.kubernetes.api.model.resource.v1.ResourceClaimTemplate;
import io.gpuspec.core.TestGpuspec;
import io.gpuspec.core.report.Violation;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * A DRA config's {@code opaque.parameters} is a RawExtension: any object, which fabric8 decodes as
 * a generic resource when it has its own apiVersion and kind. Strict reading reports unknown fields
 * of the claim itself but never the parameters' content.
 */
class RawExtensionTest {

  private static final String TEMPLATE =
      """
      apiVersion: resource.k8s.io/v1
      kind: ResourceClaimTemplate
      metadata:
        name: shared-gpu
        namespace: ml
      spec:
        spec:
          devices:
            requests:
            - name: gpu
              exactly:
                deviceClassName: gpu.nvidia.com
            config:
            - requests: [gpu]
              opaque:
                driver: gpu.nvidia.com
                parameters:
                  apiVersion: resource.nvidia.com/v1beta1
                  kind: GpuConfig
                  sharing:
                    strategy: MPS
                    mpsConfig: {defaultActiveThreadPercentage: 50}
            - opaque:
                driver: nic.example.com
                parameters: {queues: 8, mode: fast}
      """;

  private static OpaqueDeviceConfiguration opaque(ResourceClaimTemplate template, int index) {
    return template.getSpec().getSpec().getDevices().getConfig().get(index).getOpaque();
  }

  @Test
  void parametersWithTheirOwnKind_readWithoutFindings_andKeepTheirContent() {
    ReadResult read = TestGpuspec.read(TEMPLATE, "claim.yaml");

    assertThat(read.problems()).isEmpty();
    ResourceClaimTemplate template = read.manifests().ofType(ResourceClaimTemplate.class).get(0);
    String gpuConfig = String.valueOf(opaque(template, 0).getParameters());
    assertThat(gpuConfig).contains("GpuConfig").contains("strategy=MPS");
    Object other = opaque(template, 1).getParameters();
    assertThat(other).isInstanceOf(AnyType.class);
    assertThat(((AnyType) other).getValue()).isEqualTo(Map.of("queues", 8, "mode", "fast"));
  }

  @Test
  void anUnknownFieldOfTheClaimItself_isStillYaml003() {
    ReadResult read =
        TestGpuspec.read(TEMPLATE.replace("    requests:\n", "    request:\n"), "claim.yaml");

    assertThat(read.problems())
        .extracting(Violation::ruleId, Violation::path)
        .containsExactly(
            org.assertj.core.groups.Tuple.tuple("YAML003", "spec.spec.devices.request"));
  }
}
