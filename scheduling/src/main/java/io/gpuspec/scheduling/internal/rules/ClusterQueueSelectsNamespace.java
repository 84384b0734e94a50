package io.gpuspec.scheduling.internal.rules;

import io.fabric8.kubernetes.api.model.Namespace;
import io.gpuspec.core.manifest.ManifestSet;
import io.gpuspec.core.report.Severity;
import io.gpuspec.core.spi.BaseRule;
import io.gpuspec.core.spi.CheckContext;
import io.gpuspec.core.spi.RuleInfo;
import io.gpuspec.scheduling.facts.KueueNamespaceFacts;
import io.gpuspec.scheduling.model.kueue.ClusterQueue;
import io.gpuspec.scheduling.model.kueue.LocalQueue;
import java.util.List;

/**
 * SCH018: the ClusterQueue a LocalQueue points at selects the LocalQueue's namespace with its
 * {@code namespaceSelector}. Kueue admits no workload of a namespace its ClusterQueue does not
 * select, and a ClusterQueue without a selector selects none ({@code {}} selects all;
 * https://kueue.sigs.k8s.io/docs/concepts/cluster_queue/#namespace-selector). A namespace's labels
 * are known when the set holds its Namespace; otherwise only {@code kubernetes.io/metadata.name},
 * which every namespace carries, and selectors on other labels are not judged.
 */
public final class ClusterQueueSelectsNamespace extends BaseRule {

  public ClusterQueueSelectsNamespace() {
    super(
        RuleInfo.builder()
            .id("SCH018")
            .severity(Severity.ERROR)
            .title("A LocalQueue's ClusterQueue selects the LocalQueue's namespace")
            .why(
                "Kueue admits no workload from a namespace that its ClusterQueue's"
                    + " namespaceSelector does not select; a missing selector selects none.")
            .fix("Add the namespace to the ClusterQueue's namespaceSelector.")
            .addKinds("LocalQueue", "ClusterQueue")
            .documentation(
                "https://kueue.sigs.k8s.io/docs/concepts/cluster_queue/#namespace-selector")
            .build());
  }

  @Override
  public void check(ManifestSet manifests, CheckContext context) {
    List<ClusterQueue> queues = manifests.ofType(ClusterQueue.class);
    List<Namespace> namespaces = manifests.ofType(Namespace.class);
    for (LocalQueue local : manifests.ofType(LocalQueue.class)) {
      KueueNamespaceFacts.clusterQueueSelectsNamespace(local, queues, namespaces)
          .forEach(finding -> context.report(local, finding));
    }
  }
}
