package io.gpuspec.core.internal.rules;

import io.fabric8.kubernetes.api.model.NodeSelector;
import io.fabric8.kubernetes.api.model.PersistentVolume;
import io.fabric8.kubernetes.api.model.VolumeNodeAffinity;
import io.gpuspec.core.facts.PersistentVolumeFacts;
import io.gpuspec.core.k8s.NullFree;
import io.gpuspec.core.manifest.ManifestSet;
import io.gpuspec.core.report.Finding;
import io.gpuspec.core.report.Severity;
import io.gpuspec.core.spi.BaseRule;
import io.gpuspec.core.spi.CheckContext;
import io.gpuspec.core.spi.RuleInfo;

/**
 * K8S020: the API server rejects a PersistentVolume without access modes or a storage capacity,
 * with no or several sources or a source missing a required field, an unknown reclaim policy or
 * volume mode, a class that is not a DNS subdomain, or a node affinity without required terms (a
 * {@code local} volume needs one); the facts are {@link PersistentVolumeFacts}, the node affinity's
 * terms are checked as K8S009 checks a pod's.
 *
 * <p>Upstream: <a
 * href="https://github.com/kubernetes/kubernetes/blob/v1.35.0/pkg/apis/core/validation/validation.go">Kubernetes
 * <code>ValidatePersistentVolume</code></a>.
 */
public final class PersistentVolumesValid extends BaseRule {
  public PersistentVolumesValid() {
    super(
        RuleInfo.builder()
            .apiServerRejects(true)
            .id(PersistentVolumeFacts.RULE)
            .severity(Severity.ERROR)
            .title("PersistentVolumes have access modes, a storage capacity and one valid source")
            .why(
                "The API server rejects a PersistentVolume without access modes, with a capacity other than a positive storage size, with no or several volume sources or a source missing a required field, an unknown reclaim policy or volume mode, or a local volume without required node affinity.")
            .fix(
                "Give accessModes, capacity.storage, exactly one source with its required fields (e.g. nfs server and an absolute path, csi driver and volumeHandle) and, for a local volume, nodeAffinity.required naming its node.")
            .addKinds("PersistentVolume")
            .documentation("https://kubernetes.io/docs/concepts/storage/persistent-volumes/")
            .build());
  }

  @Override
  public void check(ManifestSet manifests, CheckContext context) {
    for (PersistentVolume volume : manifests.ofType(PersistentVolume.class)) {
      PersistentVolumeFacts.spec(volume).forEach(f -> context.report(volume, f));
      VolumeNodeAffinity affinity =
          volume.getSpec() == null ? null : volume.getSpec().getNodeAffinity();
      NodeSelector required = affinity == null ? null : affinity.getRequired();
      if (affinity != null && required == null) {
        context.report(
            volume,
            Finding.rejection(
                "spec.nodeAffinity.required",
                "Required value: a volume's node affinity must give required node constraints",
                "write nodeAffinity.required.nodeSelectorTerms naming the nodes that hold the"
                    + " volume, or drop nodeAffinity"));
      } else if (required != null) {
        NodeSelectorsValid.requiredTerms(
            volume,
            context,
            NullFree.list(required.getNodeSelectorTerms()),
            "spec.nodeAffinity.required.nodeSelectorTerms");
      } else if (PersistentVolumeFacts.isLocal(volume)) {
        context.report(
            volume,
            Finding.rejection(
                "spec.nodeAffinity",
                "Required value: a local volume needs node affinity naming its node",
                "write nodeAffinity.required.nodeSelectorTerms: [{matchExpressions: [{key:"
                    + " kubernetes.io/hostname, operator: In, values: [<node>]}]}]"));
      }
    }
  }
}
