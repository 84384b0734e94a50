package io.gpuspec.tfjob.internal.rules;

import io.gpuspec.core.k8s.GpuResources;
import io.gpuspec.core.manifest.ManifestSet;
import io.gpuspec.core.report.Severity;
import io.gpuspec.core.spi.BaseRule;
import io.gpuspec.core.spi.CheckContext;
import io.gpuspec.core.spi.PodTemplate;
import io.gpuspec.core.spi.RuleInfo;
import io.gpuspec.core.spi.Workload;
import io.gpuspec.tfjob.ReplicaType;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.stream.Collectors;

/**
 * TFJ004: the Chief/Master and Worker replicas that request GPUs all request the same number per
 * pod. Synchronous data-parallel training runs at the pace of the slowest replica, so unequal GPU
 * counts waste GPUs; a best practice, hence a warning.
 */
public final class SameGpuCountPerTrainingReplica extends BaseRule {
  public SameGpuCountPerTrainingReplica() {
    super(
        RuleInfo.builder()
            .id("TFJ004")
            .severity(Severity.WARNING)
            .title(
                "GPU-requesting Chief/Master/Worker replicas of a TFJob request the same GPU count")
            .why(
                "Chief, Master and Worker replicas that train together should request the same GPU count, or the slowest replica paces the job.")
            .fix("Give every GPU-requesting training replica the same GPU count.")
            .addKinds("TFJob")
            .documentation(TfJobRules.DOCS)
            .build());
  }

  @Override
  public void check(ManifestSet manifests, CheckContext context) {
    TfJobRules.forEachJob(
        manifests,
        job -> {
          Map<String, Long> gpus = new TreeMap<>();
          for (PodTemplate replica :
              context.workload(job).map(Workload::templates).orElse(List.of())) {
            long count = GpuResources.gpusPerPod(replica.spec());
            if (count > 0
                && ReplicaType.of(replica.role()).map(ReplicaType::trains).orElse(false)) {
              gpus.put(replica.role(), count);
            }
          }
          if (gpus.values().stream().distinct().count() > 1) {
            context.report(
                job,
                "spec.tfReplicaSpecs",
                "training replicas request different GPU counts per pod ("
                    + gpus.entrySet().stream()
                        .map(e -> e.getKey() + " " + e.getValue())
                        .collect(Collectors.joining(", "))
                    + ")",
                "request the same number of GPUs in every Chief/Master/Worker replica");
          }
        });
  }
}
