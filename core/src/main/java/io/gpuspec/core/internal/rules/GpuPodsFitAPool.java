package io.gpuspec.core.internal.rules;

import io.gpuspec.core.Fleet;
import io.gpuspec.core.GpuCatalogue;
import io.gpuspec.core.GpuModel;
import io.gpuspec.core.LabelScheme;
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
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.stream.Collectors;

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
 *       1g.10gb}, H200 {@code 1g.18gb}). Models the catalogue does not know, or whose profiles it
 *       does not know, stay quiet.
 *   <li>With the pools known: the nodeSelector and required affinity select at least one pool, and
 *       one selected pool has nodes with at least as many GPUs as the pod requests. Without a fleet
 *       this part is silent: the cluster may have nodes this input does not describe.
 * </ul>
 *
 * Untolerated taints are GPU002's part.
 */
public final class GpuPodsFitAPool extends BaseRule {
  public GpuPodsFitAPool() {
    super(
        RuleInfo.builder()
            .id("GPU005")
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
    for (Workload workload : context.workloads()) {
      for (PodTemplate template : workload.templates()) {
        long gpus = GpuResources.gpusPerPod(template.spec());
        if (gpus <= 0) {
          continue;
        }
        checkMigProfiles(workload, template, context);
        if (poolsKnown) {
          check(workload, template, gpus, fleet.get(), context);
        }
      }
    }
  }

  /** A MIG device no admitted model offers. */
  private static void checkMigProfiles(
      Workload workload, PodTemplate template, CheckContext context) {
    List<String> migResources =
        GpuResources.gpuRequests(template.spec()).keySet().stream()
            .filter(GpuResources::isMig)
            .toList();
    if (migResources.isEmpty()) {
      return;
    }
    ModelPin pin = ModelPin.of(template.spec(), context);
    if (!pin.pinned() || pin.models().isEmpty()) {
      return;
    }
    Optional<List<GpuModel>> models = models(template, pin, context);
    if (models.isEmpty()) {
      return; // a model the catalogue does not know may offer anything
    }
    for (String resource : migResources) {
      String profile = GpuResources.migProfile(resource).orElseThrow();
      if (models.get().stream().anyMatch(m -> m.offersMigProfile(profile) || profilesUnknown(m))) {
        continue;
      }
      List<String> offers =
          models.get().stream()
              .map(
                  m ->
                      m.migCapable()
                          ? m.name() + " offers " + String.join(", ", m.migProfiles())
                          : m.name() + " has no MIG")
              .toList();
      context.report(
          Severity.ERROR,
          workload.object(),
          template.specPath() + ".containers",
          Subjects.of(workload.object(), template)
              + " requests "
              + resource
              + " but is pinned to "
              + pin.describe()
              + " ("
              + String.join("; ", offers)
              + "); no node it can land on advertises that MIG device, so it can never schedule",
          migFix(models.get(), profile, scheme(pin, context), context.catalogue()));
    }
  }

  private static boolean profilesUnknown(GpuModel model) {
    return model.migCapable() && model.migProfiles().isEmpty();
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

  private static String migFix(
      List<GpuModel> models, String profile, LabelScheme scheme, GpuCatalogue catalogue) {
    List<String> alike =
        models.stream()
            .flatMap(m -> m.migProfiles().stream())
            .filter(p -> p.startsWith(profile.substring(0, profile.indexOf('.') + 1)))
            .distinct()
            .toList();
    List<String> offering =
        catalogue.models().stream()
            .filter(m -> m.offersMigProfile(profile))
            .map(scheme::modelValue)
            .distinct()
            .toList();
    return alike.isEmpty()
        ? (offering.isEmpty()
            ? "request whole GPUs (nvidia.com/gpu), or pin a model that offers " + profile
            : "pin a model that offers "
                + profile
                + " ("
                + scheme.modelKey()
                + ": "
                + String.join(" or ", offering)
                + "), or request whole GPUs (nvidia.com/gpu)")
        : "request a profile the pinned model offers, e.g. "
            + GpuResources.MIG_PREFIX
            + alike.get(0)
            + ", or pin a model that offers "
            + profile;
  }

  private static void check(
      Workload workload, PodTemplate template, long gpus, Fleet fleet, CheckContext context) {
    List<NodePool> selected = fleet.poolsSelectedBy(template.spec());
    String subject = Subjects.of(workload.object(), template);
    if (fleet.pools().isEmpty()) {
      context.report(
          workload.object(),
          template.specPath() + ".affinity",
          subject
              + " requests "
              + gpus
              + " GPU(s) but the fleet has no GPU pool; it can never schedule",
          "describe the GPU pools it runs on (Platform adds the pools its workloads are placed"
              + " on), or give the check the cluster's pools");
      return;
    }
    if (selected.isEmpty()) {
      context.report(
          workload.object(),
          template.specPath() + ".affinity",
          subject
              + " requests "
              + gpus
              + " GPU(s) but its nodeSelector and required node affinity match no pool of the"
              + " fleet ("
              + fleet.pools().stream().map(NodePool::name).collect(Collectors.joining(", "))
              + "); it can never schedule",
          "pin it to one pool's labels, e.g. " + describe(fleet.pools().get(0)));
      return;
    }
    if (selected.stream().noneMatch(pool -> gpusPerNode(pool) >= gpus)) {
      int most = selected.stream().mapToInt(GpuPodsFitAPool::gpusPerNode).max().orElse(0);
      context.report(
          workload.object(),
          template.specPath() + ".containers",
          subject
              + " requests "
              + gpus
              + " GPUs per pod but the nodes of the pools it selects have at most "
              + most
              + "; it can never schedule",
          "request at most " + most + " GPUs per pod, or select a pool with larger nodes");
    }
  }

  /**
   * The GPU devices one node of the pool advertises: its GPUs, or under sharing the replicas and
   * MIG instances the device plugin advertises (which resource a pod names is the sharing rules'
   * part).
   */
  private static int gpusPerNode(NodePool pool) {
    return pool.advertisedPerNode().entrySet().stream()
        .filter(entry -> GpuResources.isGpu(entry.getKey()))
        .mapToInt(Map.Entry::getValue)
        .sum();
  }

  private static String describe(NodePool pool) {
    return "pool \"" + pool.name() + "\": " + pool.selectorLabels();
  }
}
