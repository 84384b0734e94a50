package io.gpuspec.core.internal.rules;

import io.fabric8.kubernetes.api.model.Pod;
import io.gpuspec.core.facts.VolumeFacts;
import io.gpuspec.core.manifest.ManifestSet;
import io.gpuspec.core.report.Severity;
import io.gpuspec.core.spi.BaseRule;
import io.gpuspec.core.spi.CheckContext;
import io.gpuspec.core.spi.PodTemplate;
import io.gpuspec.core.spi.RuleInfo;
import io.gpuspec.core.spi.Workload;

/**
 * K8S019: the volume sources, mount fields and block devices of every pod template are ones the API
 * server admits ({@link VolumeFacts}).
 *
 * <p>Upstream: <a href="https://kubernetes.io/docs/concepts/storage/volumes/">Volumes</a> and <a
 * href="https://github.com/kubernetes/kubernetes/blob/master/pkg/apis/core/validation/validation.go">core
 * validation</a>.
 */
public final class VolumesValid extends BaseRule {
  public VolumesValid() {
    super(
        RuleInfo.builder()
            .apiServerRejects(true)
            .id(VolumeFacts.RULE)
            .severity(Severity.ERROR)
            .title("Volume sources, mounts and devices are valid")
            .why(
                "The API server rejects a volume with several sources, a PVC volume without a"
                    + " claim name, configMap, secret and projected items with absolute paths,"
                    + " '..' or modes above 0777, hostPath paths with '..' or unknown types, CSI"
                    + " volumes without a driver, mounts without a path or with an absolute"
                    + " subPath, unknown propagation, and block devices on volumes that are not"
                    + " claims.")
            .fix(
                "Give each volume one source and each item a relative path; mount subPaths"
                    + " inside the volume; attach block devices from PersistentVolumeClaims.")
            .addKinds("*")
            .documentation("https://kubernetes.io/docs/concepts/storage/volumes/")
            .build());
  }

  @Override
  public void check(ManifestSet manifests, CheckContext context) {
    for (Workload workload : context.workloads()) {
      for (PodTemplate template : workload.templates()) {
        String podName =
            workload.object() instanceof Pod pod && pod.getMetadata() != null
                ? pod.getMetadata().getName()
                : null;
        VolumeFacts.of(template.spec(), template.specPath(), podName)
            .forEach(finding -> context.report(workload.object(), finding));
      }
    }
  }
}
