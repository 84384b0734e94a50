package io.gpuspec.core.internal.rules;

import io.gpuspec.core.Fleet;
import io.gpuspec.core.GpuCatalogue;
import io.gpuspec.core.GpuModel;
import io.gpuspec.core.LabelScheme;
import io.gpuspec.core.NodePool;
import io.gpuspec.core.facts.GpuFitFacts;
import io.gpuspec.core.facts.PoolView;
import io.gpuspec.core.k8s.GpuResources;
import io.gpuspec.core.manifest.ManifestSet;
import io.gpuspec.core.report.Finding;
import io.gpuspec.core.report.Severity;
import io.gpuspec.core.spi.BaseRule;
import io.gpuspec.core.spi.CheckContext;
import io.gpuspec.core.spi.ModelPin;
import io.gpuspec.core.spi.PodTemplate;
import io.gpuspec.core.spi.RuleInfo;
import io.gpuspec.core.spi.Workload;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * GPU005: every pod that requests GPUs must be able to get them on the nodes it selects, or it
 * stays Pending forever (a pod only schedules on a node whose labels satisfy a required term and
 * that advertises what it requests: <a
 * href="https://kubernetes.io/docs/concepts/scheduling-eviction/assign-pod-node/#node-affinity">node
 * affinity</a>).
 *
 * <ul>
 *   <li>From the catalogue, with or without a fleet: a MIG device ({@code
 *       nvidia.com/mig-<profile>}) requested by a pod pinned to models without MIG (T4, L4, L40S,
 *       A10, V100), or to models none of which offers that profile (profile names carry the slice
 *       memory and differ by model: A100-40GB {@code 1g.5gb}, A100-80GB and H100-80GB {@code
 *       1g.10gb}, H200 {@code 1g.18gb}). Models the catalogue does not know stay quiet; a model
 *       whose profiles it does not know offers any profile that fits its memory.
 *   <li>With the pools known: the nodeSelector and required affinity select at least one pool, and
 *       one selected pool has nodes with at least as many GPUs as the pod requests (in all, and of
 *       each GPU resource a selected pool advertises). Without a fleet this part is silent: the
 *       cluster may have nodes this input does not describe.
 * </ul>
 *
 * Untolerated taints are GPU002's part. The facts are {@link GpuFitFacts}, which the core DSL's
 * {@code build()} throws.
 */
public final class GpuPodsFitAPool extends BaseRule {
  public GpuPodsFitAPool() {
    super(
        RuleInfo.builder()
            .id(GpuFitFacts.RULE)
            .severity(Severity.ERROR)
            .title(
                "Every GPU pod selects nodes that can offer the GPUs it requests: a MIG profile of the pinned model, and with the pools known a pool with enough GPUs per node")
            .why(
                "A pod that asks for a MIG profile its GPU model does not offer, or for more GPUs than any node of the pools it selects has, can never schedule.")
            .fix(
                "Request a MIG profile of the pinned model (or pin a model that offers it), and at most the GPUs per node of the selected pool.")
            .addKinds("*")
            .documentation(
                "https://kubernetes.io/docs/concepts/scheduling-eviction/assign-pod-node/#node-affinity")
            .build());
  }

  @Override
  public void check(ManifestSet manifests, CheckContext context) {
    Optional<Fleet> fleet = context.fleet();
    boolean poolsKnown =
        fleet.isPresent() && !(fleet.get().pools().isEmpty() && !fleet.get().groups().isEmpty());
    List<PoolView> pools =
        fleet.map(f -> f.pools().stream().map(NodePool::toPoolView).toList()).orElse(List.of());
    for (Workload workload : context.workloads()) {
      for (PodTemplate template : workload.templates()) {
        if (GpuResources.gpusPerPod(template.spec()) <= 0) {
          continue;
        }
        List<Finding> findings = new ArrayList<>(migProfiles(template, context));
        if (poolsKnown) {
          findings.addAll(GpuFitFacts.fit(template.spec(), template.specPath(), pools));
        }
        findings.forEach(finding -> context.report(workload.object(), finding));
      }
    }
  }

  /** The MIG devices of a template, against the models its placement admits. */
  private static List<Finding> migProfiles(PodTemplate template, CheckContext context) {
    ModelPin pin = ModelPin.of(template.spec(), context);
    if (!pin.pinned() || pin.models().isEmpty()) {
      return List.of();
    }
    Optional<List<GpuModel>> models = models(template, pin, context);
    if (models.isEmpty()) {
      return List.of(); // a model the catalogue does not know may offer anything
    }
    LabelScheme scheme = scheme(pin, context);
    return GpuFitFacts.migProfiles(
        template.spec(),
        template.specPath(),
        pin.describe(),
        models.get().stream().map(scheme::board).toList(),
        scheme.modelKey(),
        context.catalogue().models().stream().map(scheme::board).toList());
  }

  /**
   * The catalogue models a pin admits: the pools' models with a fleet, else the catalogue entries
   * its label values name (a family such as {@code A100} names all its models); empty when one of
   * them is not in the catalogue.
   */
  private static Optional<List<GpuModel>> models(
      PodTemplate template, ModelPin pin, CheckContext context) {
    if (context.fleet().isPresent()) {
      return Optional.of(
          context.fleet().get().poolsAdmitting(template.spec()).stream()
              .map(NodePool::model)
              .distinct()
              .toList());
    }
    GpuCatalogue catalogue = context.catalogue();
    List<GpuModel> models = new ArrayList<>();
    for (String name : pin.models()) {
      Optional<GpuModel> model = catalogue.byName(name);
      List<GpuModel> family = model.map(List::of).orElseGet(() -> catalogue.byFamily(name));
      if (family.isEmpty()) {
        return Optional.empty();
      }
      models.addAll(family);
    }
    return Optional.of(models);
  }

  /** The label scheme whose model key the pin reads, so the fix speaks it; GFD by default. */
  private static LabelScheme scheme(ModelPin pin, CheckContext context) {
    String label = pin.labels().isEmpty() ? "" : pin.labels().iterator().next();
    String key = label.contains(": ") ? label.substring(0, label.indexOf(": ")) : "";
    return context.labelSchemes().stream()
        .filter(scheme -> scheme.modelKey().equals(key))
        .findFirst()
        .orElse(LabelScheme.gfd());
  }
}
