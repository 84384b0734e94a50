package io.gpuspec.core.internal.rules;

import io.fabric8.kubernetes.api.model.PersistentVolumeClaim;
import io.fabric8.kubernetes.api.model.apps.StatefulSet;
import io.gpuspec.core.facts.VolumeClaimFacts;
import io.gpuspec.core.k8s.NullFree;
import io.gpuspec.core.manifest.ManifestSet;
import io.gpuspec.core.report.Severity;
import io.gpuspec.core.spi.BaseRule;
import io.gpuspec.core.spi.CheckContext;
import io.gpuspec.core.spi.RuleInfo;
import java.util.List;

/**
 * K8S031: the API server rejects a PersistentVolumeClaim, or a StatefulSet whose {@code
 * volumeClaimTemplates} hold a claim spec, with no or unknown access modes, ReadWriteOncePod next
 * to another mode, a malformed selector, class names that are not DNS subdomains, an unknown
 * volumeMode or a malformed data source (and a claim template requesting no storage). The facts are
 * {@link VolumeClaimFacts}.
 *
 * <p>Upstream: <a
 * href="https://kubernetes.io/docs/concepts/storage/persistent-volumes/#persistentvolumeclaims">PersistentVolumeClaims</a>
 * and <a
 * href="https://github.com/kubernetes/kubernetes/blob/master/pkg/apis/core/validation/validation.go">core
 * validation</a>.
 */
public final class ClaimSpecsValid extends BaseRule {
  public ClaimSpecsValid() {
    super(
        RuleInfo.builder()
            .apiServerRejects(true)
            .id(VolumeClaimFacts.RULE)
            .severity(Severity.ERROR)
            .title("Claims and StatefulSet claim templates have valid access modes and classes")
            .why(
                "The API server rejects a claim without access modes, with an unknown one or ReadWriteOncePod next to another, with a storage class that is not a DNS subdomain, an unknown volumeMode or a data source without kind or name; a StatefulSet's claim templates are validated the same way.")
            .fix(
                "Set accessModes (ReadWriteOnce, ReadOnlyMany, ReadWriteMany or ReadWriteOncePod alone), storageClassName as the class's name, volumeMode Filesystem or Block, and request storage in every claim template.")
            .addKinds("PersistentVolumeClaim", "StatefulSet")
            .documentation(
                "https://kubernetes.io/docs/concepts/storage/persistent-volumes/#persistentvolumeclaims")
            .build());
  }

  @Override
  public void check(ManifestSet manifests, CheckContext context) {
    for (PersistentVolumeClaim claim : manifests.ofType(PersistentVolumeClaim.class)) {
      VolumeClaimFacts.spec("spec", claim.getSpec()).forEach(f -> context.report(claim, f));
    }
    for (StatefulSet set : manifests.ofType(StatefulSet.class)) {
      List<PersistentVolumeClaim> templates =
          set.getSpec() == null
              ? List.of()
              : NullFree.list(set.getSpec().getVolumeClaimTemplates());
      for (int i = 0; i < templates.size(); i++) {
        PersistentVolumeClaim template =
            templates.get(i) == null ? new PersistentVolumeClaim() : templates.get(i);
        String path = "spec.volumeClaimTemplates[" + i + "].spec";
        VolumeClaimFacts.spec(path, template.getSpec()).forEach(f -> context.report(set, f));
        VolumeClaimFacts.requestsStorage(path, template.getSpec())
            .forEach(f -> context.report(set, f));
      }
    }
  }
}
