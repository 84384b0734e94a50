package io.gpuspec.core.internal.rules;

import io.gpuspec.core.NodePool;
import io.gpuspec.core.k8s.GpuResources;
import io.gpuspec.core.manifest.ManifestSet;
import io.gpuspec.core.report.Severity;
import io.gpuspec.core.spi.BaseRule;
import io.gpuspec.core.spi.CheckContext;
import io.gpuspec.core.spi.ModelPin;
import io.gpuspec.core.spi.PodTemplate;
import io.gpuspec.core.spi.RuleInfo;
import io.gpuspec.core.spi.Workload;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * GPU004: the GPU replicas of a distributed workload (a TFJob, a parallel Job, a gang) must land on
 * one GPU model; mixed A100/H100 workers break NCCL topology, step time and reproducibility (<a
 * href="https://kubernetes.io/docs/tasks/manage-gpus/scheduling-gpus/#clusters-containing-different-types-of-gpus">Kubernetes
 * documentation</a>). CPU-only replicas may sit anywhere. Non-distributed workloads are left alone.
 */
public final class OneGpuModelPerJob extends BaseRule {
  public OneGpuModelPerJob() {
    super(
        RuleInfo.builder()
            .id("GPU004")
            .severity(Severity.ERROR)
            .title(
                "Every GPU replica of a distributed workload is pinned to one and the same GPU model")
            .why(
                "The replicas of a distributed job that train together must run on one GPU model; mixed models (e.g. A100 and H100) break NCCL topology, step time and reproducibility.")
            .fix("Pin every GPU replica to the same model with the same required node affinity.")
            .addKinds("*")
            .documentation(
                "https://kubernetes.io/docs/tasks/manage-gpus/scheduling-gpus/#clusters-containing-different-types-of-gpus")
            .build());
  }

  @Override
  public void check(ManifestSet manifests, CheckContext context) {
    for (Workload workload : context.workloads()) {
      if (workload.distributed()) {
        check(workload, context);
      }
    }
  }

  /** Checks one distributed workload; package-private so tests can feed multi-role workloads. */
  static void check(Workload workload, CheckContext context) {
    Map<PodTemplate, String> pinnedToOne = new LinkedHashMap<>();
    for (PodTemplate template : workload.templates()) {
      if (!GpuResources.requestsGpus(template.spec())) {
        continue;
      }
      ModelPin pin = ModelPin.of(template.spec(), context);
      String subject = Subjects.of(workload.object(), template);
      if (!pin.pinned()) {
        context.report(
            Severity.WARNING,
            workload.object(),
            template.specPath(),
            subject
                + " pins no GPU model; on a cluster with more than one model its pods can mix"
                + " models",
            "add to "
                + template.specPath()
                + ".affinity.nodeAffinity.requiredDuringSchedulingIgnoredDuringExecution a term"
                + " on the model label, e.g. {key: nvidia.com/gpu.product, operator: In,"
                + " values: [NVIDIA-A100-SXM4-80GB]}, the same on every GPU replica");
      } else if (pin.models().size() > 1) {
        context.report(
            Severity.ERROR,
            workload.object(),
            template.specPath(),
            subject + " admits " + pin.describe() + "; its pods can mix GPU models",
            "narrow its placement to one model" + example(template, context));
      } else if (pin.models().size() == 1) {
        pinnedToOne.put(template, pin.models().iterator().next());
      }
    }
    if (pinnedToOne.values().stream().distinct().count() > 1) {
      reportMixedRoles(workload, pinnedToOne, context);
    }
  }

  private static void reportMixedRoles(
      Workload workload, Map<PodTemplate, String> pinnedToOne, CheckContext context) {
    List<Map.Entry<PodTemplate, String>> entries = new ArrayList<>(pinnedToOne.entrySet());
    String firstModel = entries.get(0).getValue();
    PodTemplate firstDiffering =
        entries.stream()
            .filter(e -> !e.getValue().equals(firstModel))
            .findFirst()
            .orElseThrow()
            .getKey();
    List<String> others = new ArrayList<>();
    for (Map.Entry<PodTemplate, String> entry : entries.subList(1, entries.size())) {
      others.add(roleName(entry.getKey()) + " to " + entry.getValue());
    }
    context.report(
        Severity.ERROR,
        workload.object(),
        firstDiffering.specPath(),
        Subjects.of(workload.object())
            + ": "
            + roleName(entries.get(0).getKey())
            + " pinned to "
            + firstModel
            + " but "
            + String.join(", ", others),
        "pin every GPU replica to one model, e.g. " + firstModel + " for all of them");
  }

  private static String roleName(PodTemplate template) {
    return template.role().isEmpty() ? "pods" : template.role();
  }

  /** With a fleet, the selector labels of one pool the template can land on. */
  private static String example(PodTemplate template, CheckContext context) {
    Optional<NodePool> pool =
        context.fleet().flatMap(f -> f.poolsAdmitting(template.spec()).stream().findFirst());
    return pool.map(
            p ->
                ", e.g. required node affinity on pool \""
                    + p.name()
                    + "\" labels "
                    + p.selectorLabels())
        .orElse(", e.g. nvidia.com/gpu.product In [one product] on every GPU replica");
  }
}
