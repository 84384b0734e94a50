package io.gpuspec.core.internal.rules;

import io.gpuspec.core.NodePool;
import io.gpuspec.core.facts.GpuModelFacts;
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
 * GPU004: the replicas of a distributed workload (a TFJob, a parallel Job, a gang) that train
 * together must land on one GPU model; mixed A100/H100 workers break NCCL topology, step time and
 * reproducibility (<a
 * href="https://kubernetes.io/docs/tasks/manage-gpus/scheduling-gpus/#clusters-containing-different-types-of-gpus">Kubernetes
 * documentation</a>).
 *
 * <p>Taking part: the templates that run pods (replicas above 0), request GPUs (an amount above 0)
 * and train: not an Evaluator, a parameter server or an MPI launcher, which may run elsewhere. A
 * template whose node-affinity terms (OR-ed) or {@code In} values admit two models is two models;
 * nodeSelector and affinity spellings of one model are the same model, and boards the node labels
 * tell apart (GFD's {@code NVIDIA-H100-80GB-HBM3} and {@code NVIDIA-H100-PCIe}) are not.
 * Non-distributed workloads are left alone.
 */
public final class OneGpuModelPerJob extends BaseRule {
  public OneGpuModelPerJob() {
    super(
        RuleInfo.builder()
            .id("GPU004")
            .severity(Severity.ERROR)
            .title(
                "The GPU replicas of a distributed workload that train together are pinned to one and the same GPU model")
            .why(
                "The replicas of a distributed job that train together must run on one GPU model; mixed models (e.g. A100 and H100) break NCCL topology, step time and reproducibility.")
            .fix(
                "Pin every GPU replica that trains (Chief/Master/Worker) to the same model label value, with a nodeSelector or a required node-affinity term with one In value.")
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
    Map<PodTemplate, ModelPin> pinnedToOne = new LinkedHashMap<>();
    List<PodTemplate> unpinned = new ArrayList<>();
    for (PodTemplate template : workload.templates()) {
      if (!trains(template)) {
        continue;
      }
      ModelPin pin = ModelPin.of(template.spec(), context);
      if (!pin.pinned()) {
        unpinned.add(template);
      } else if (pin.admitsSeveral()) {
        context.report(
            Severity.ERROR,
            workload.object(),
            template.specPath(),
            "admits nodes labelled " + pin.describe() + "; its pods can mix GPU models",
            "narrow its placement to one model, e.g. "
                + (context.fleet().isPresent()
                    ? example(template, context)
                    : GpuModelFacts.inTerm(pin.labels().iterator().next()))
                + ", the same on every GPU replica that trains");
      } else if (pin.labels().size() == 1) {
        pinnedToOne.put(template, pin);
      }
    }
    for (PodTemplate template : unpinned) {
      context.report(
          Severity.WARNING,
          workload.object(),
          template.specPath(),
          "pins no GPU model; on a cluster with more than one model its pods can mix" + " models",
          "add to "
              + template.specPath()
              + ".affinity.nodeAffinity.requiredDuringSchedulingIgnoredDuringExecution a term"
              + " on the model label, e.g. "
              + pinnedToOne.values().stream()
                  .findFirst()
                  .map(pin -> GpuModelFacts.inTerm(pin.labels().iterator().next()))
                  .orElseGet(() -> example(template, context))
              + ", the same on every GPU replica that trains");
    }
    List<GpuModelFacts.PinnedReplica> pinned = new ArrayList<>();
    pinnedToOne.forEach(
        (template, pin) ->
            pinned.add(
                new GpuModelFacts.PinnedReplica(
                    template.role(), template.specPath(), pin.models(), pin.labels())));
    GpuModelFacts.oneModel(pinned)
        .forEach(finding -> context.report(Severity.ERROR, workload.object(), finding));
  }

  /** Whether a template takes part in training: it runs pods, requests GPUs and trains. */
  static boolean trains(PodTemplate template) {
    return template.replicas() > 0
        && GpuModelFacts.trainsTogether(template.role())
        && GpuResources.requestsGpus(template.spec());
  }

  /** With a fleet, the model label of one pool the template can land on; else a GFD example. */
  private static String example(PodTemplate template, CheckContext context) {
    Optional<NodePool> pool =
        context.fleet().flatMap(f -> f.poolsAdmitting(template.spec()).stream().findFirst());
    return pool.map(
            p ->
                GpuModelFacts.inTerm(
                        p.labelScheme().modelKey() + ": " + p.labelScheme().modelValue(p.model()))
                    + " (pool \""
                    + p.name()
                    + "\")")
        .orElseGet(
            () ->
                GpuTolerationsPairedWithAffinity.exampleTerm(
                    GpuResources.vendors(template.spec()).stream()
                        .findFirst()
                        .orElse(GpuResources.Vendor.NVIDIA)));
  }
}
