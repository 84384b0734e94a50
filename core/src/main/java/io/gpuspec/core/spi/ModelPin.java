package io.gpuspec.core.spi;

import io.fabric8.kubernetes.api.model.NodeSelectorRequirement;
import io.fabric8.kubernetes.api.model.NodeSelectorTerm;
import io.fabric8.kubernetes.api.model.PodSpec;
import io.gpuspec.core.Fleet;
import io.gpuspec.core.GpuCatalogue;
import io.gpuspec.core.LabelScheme;
import io.gpuspec.core.NodePool;
import io.gpuspec.core.facts.GpuModelFacts;
import io.gpuspec.core.k8s.NodeSelection;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeSet;

/**
 * Which GPU models a pod can land on.
 *
 * <p>With a fleet the answer is exact: the models of the pools whose labels the pod's nodeSelector
 * and required affinity admit and whose taints it tolerates. Without one, it is read from the model
 * label of the first {@link LabelScheme} the placement constrains (then the cloud accelerator
 * labels): {@code nodeSelector} entries and {@code In} expressions on that key (less its {@code
 * NotIn} values), AND-ed within a term and OR-ed across the terms some node can satisfy. A
 * placement that leaves the model open ({@code NotIn} or {@code Exists} alone, a term without the
 * key, or no term at all) pins no model.
 *
 * <p>Models are told apart as the node labels tell them apart: two GFD products are two models even
 * when the catalogue files them under one entry (e.g. {@code NVIDIA-A100-SXM4-80GB} and {@code
 * NVIDIA-A100-80GB-PCIe}); the {@code -SHARED} suffix GFD adds under sharing names the same board.
 *
 * @param models the catalogue models admitted (catalogue names where a label value identifies one
 *     model, else the label value), sorted; what catalogue lookups (MIG profiles) use
 * @param pinned whether the placement limits the models at all
 * @param labels the node labels of the boards admitted, as the manifest's own scheme writes them
 *     (with a fleet, a pool's model label and, where that names only the family, its memory label)
 *     ({@code nvidia.com/gpu.product: NVIDIA-A100-SXM4-80GB}, {@code
 *     cloud.google.com/gke-accelerator: nvidia-tesla-a100}), sorted; two placements pin the same
 *     board exactly when these are equal
 */
public record ModelPin(Set<String> models, boolean pinned, Set<String> labels) {

  private static final ModelPin UNPINNED = new ModelPin(Set.of(), false, Set.of());

  public ModelPin {
    models = Collections.unmodifiableSortedSet(new TreeSet<>(models));
    labels = Collections.unmodifiableSortedSet(new TreeSet<>(labels));
  }

  /** The models a pod spec can land on under these options. */
  public static ModelPin of(
      PodSpec spec, Optional<Fleet> fleet, List<LabelScheme> schemes, GpuCatalogue catalogue) {
    if (fleet.isPresent()) {
      Set<String> models = new TreeSet<>();
      Set<String> labels = new TreeSet<>();
      for (NodePool pool : fleet.get().poolsAdmitting(spec)) {
        models.add(pool.model().name());
        labels.add(pool.modelLabel());
      }
      return new ModelPin(models, true, labels);
    }
    for (LabelScheme scheme : schemes) {
      Optional<Set<String>> values = admittedValues(spec, scheme.modelKey());
      if (values.isPresent()) {
        Set<String> models = new TreeSet<>();
        Set<String> labels = new TreeSet<>();
        for (String value : values.get()) {
          models.add(scheme.modelIdentity(value, catalogue));
          labels.add(label(scheme.modelKey(), board(scheme, value)));
        }
        return new ModelPin(models, true, labels);
      }
    }
    for (String key : LabelScheme.cloudAcceleratorKeys()) {
      Optional<Set<String>> values = admittedValues(spec, key);
      if (values.isPresent()) {
        Set<String> labels = new TreeSet<>();
        values.get().forEach(value -> labels.add(label(key, value)));
        return new ModelPin(values.get(), true, labels);
      }
    }
    return UNPINNED;
  }

  /** The models a pod can land on, with the context's fleet, schemes and catalogue. */
  public static ModelPin of(PodSpec spec, CheckContext context) {
    return of(spec, context.fleet(), context.labelSchemes(), context.catalogue());
  }

  /** Whether the placement admits more than one board. */
  public boolean admitsSeveral() {
    return labels.size() > 1;
  }

  /**
   * Whether two placements admit the same boards: the same catalogue models and, under every model
   * label key both write, the same values. Two schemes naming one model ({@code
   * nvidia.com/gpu.product: Tesla-V100-SXM2-16GB} and {@code gpu.model: V100, gpu.mem: 16gb}) are
   * the same boards; two GFD products the catalogue files under one model are not.
   */
  public boolean sameBoardsAs(ModelPin other) {
    return GpuModelFacts.sameBoards(models, labels, other.models, other.labels);
  }

  /** The admitted node labels joined with " or ", for messages. */
  public String describe() {
    return String.join(" or ", labels);
  }

  private static String label(String key, String value) {
    return key + ": " + value;
  }

  /** The board a model label value names: GFD's product without the sharing suffix. */
  private static String board(LabelScheme scheme, String value) {
    return scheme.style() == LabelScheme.Style.GFD && value.endsWith(GpuCatalogue.SHARED_SUFFIX)
        ? value.substring(0, value.length() - GpuCatalogue.SHARED_SUFFIX.length())
        : value;
  }

  /**
   * The values of {@code key} a placement admits, or empty when it leaves the key open. The
   * nodeSelector value (if any) is AND-ed into every term; terms no node can satisfy are left out.
   */
  static Optional<Set<String>> admittedValues(PodSpec spec, String key) {
    Map<String, String> selector =
        spec.getNodeSelector() == null ? Map.of() : spec.getNodeSelector();
    String selected = selector.get(key);
    List<NodeSelectorTerm> terms = NodeSelection.requiredTerms(spec);
    if (terms.isEmpty()) {
      return selected == null ? Optional.empty() : Optional.of(Set.of(selected));
    }
    Set<String> union = new TreeSet<>();
    for (NodeSelectorTerm term : terms) {
      if (!NodeSelection.satisfiable(term, selector)) {
        continue; // no node passes this term: it admits no model
      }
      Optional<Set<String>> inTerm = termValues(term, key);
      if (inTerm.isEmpty() && selected == null) {
        return Optional.empty(); // this term leaves the model open
      }
      Set<String> values = new TreeSet<>(inTerm.orElseGet(() -> Set.of(selected)));
      if (selected != null) {
        values.retainAll(Set.of(selected));
      }
      excluded(term, key).forEach(values::remove);
      union.addAll(values);
    }
    return Optional.of(union);
  }

  private static List<NodeSelectorRequirement> expressions(NodeSelectorTerm term) {
    return term.getMatchExpressions() == null ? List.of() : term.getMatchExpressions();
  }

  private static Optional<Set<String>> termValues(NodeSelectorTerm term, String key) {
    Set<String> values = null;
    for (NodeSelectorRequirement e : expressions(term)) {
      if (key.equals(e.getKey()) && "In".equals(e.getOperator()) && e.getValues() != null) {
        Set<String> these = new TreeSet<>(e.getValues());
        if (values == null) {
          values = these;
        } else {
          values.retainAll(these);
        }
      }
    }
    return Optional.ofNullable(values);
  }

  private static Set<String> excluded(NodeSelectorTerm term, String key) {
    Set<String> values = new TreeSet<>();
    for (NodeSelectorRequirement e : expressions(term)) {
      if (key.equals(e.getKey()) && "NotIn".equals(e.getOperator()) && e.getValues() != null) {
        values.addAll(e.getValues());
      }
    }
    return values;
  }
}
