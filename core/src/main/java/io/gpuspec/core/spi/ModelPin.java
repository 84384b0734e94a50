package io.gpuspec.core.spi;

import io.fabric8.kubernetes.api.model.NodeSelectorRequirement;
import io.fabric8.kubernetes.api.model.NodeSelectorTerm;
import io.fabric8.kubernetes.api.model.PodSpec;
import io.gpuspec.core.Fleet;
import io.gpuspec.core.GpuCatalogue;
import io.gpuspec.core.LabelScheme;
import io.gpuspec.core.NodePool;
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
 * label of the first {@link LabelScheme} the placement constrains: {@code nodeSelector} entries and
 * {@code In} expressions on that key, AND-ed within a term and OR-ed across terms. A placement that
 * leaves the model open ({@code NotIn}, {@code Exists}, a term without the key, or no term at all)
 * pins no model.
 *
 * @param models the model identities admitted (catalogue names where the label value identifies one
 *     model, else the label value), sorted
 * @param pinned whether the placement limits the models at all
 */
public record ModelPin(Set<String> models, boolean pinned) {

  private static final ModelPin UNPINNED = new ModelPin(Set.of(), false);

  public ModelPin {
    models = Collections.unmodifiableSortedSet(new TreeSet<>(models));
  }

  /** The models a pod spec can land on under these options. */
  public static ModelPin of(
      PodSpec spec, Optional<Fleet> fleet, List<LabelScheme> schemes, GpuCatalogue catalogue) {
    if (fleet.isPresent()) {
      Set<String> models = new TreeSet<>();
      fleet.get().poolsAdmitting(spec).stream()
          .map(NodePool::model)
          .forEach(model -> models.add(model.name()));
      return new ModelPin(models, true);
    }
    for (LabelScheme scheme : schemes) {
      Optional<Set<String>> values = admittedValues(spec, scheme.modelKey());
      if (values.isPresent()) {
        Set<String> models = new TreeSet<>();
        values.get().forEach(value -> models.add(scheme.modelIdentity(value, catalogue)));
        return new ModelPin(models, true);
      }
    }
    for (String key : LabelScheme.cloudAcceleratorKeys()) {
      Optional<Set<String>> values = admittedValues(spec, key);
      if (values.isPresent()) {
        return new ModelPin(values.get(), true);
      }
    }
    return UNPINNED;
  }

  /** The models a pod can land on, with the context's fleet, schemes and catalogue. */
  public static ModelPin of(PodSpec spec, CheckContext context) {
    return of(spec, context.fleet(), context.labelSchemes(), context.catalogue());
  }

  /** Sorted model names joined with " and ", for messages. */
  public String describe() {
    return String.join(" and ", models);
  }

  /**
   * The values of {@code key} a placement admits, or empty when it leaves the key open. The
   * nodeSelector value (if any) is AND-ed into every term.
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
      Optional<Set<String>> inTerm = termValues(term, key);
      if (inTerm.isEmpty() && selected == null) {
        return Optional.empty(); // this term leaves the model open
      }
      Set<String> values = new TreeSet<>(inTerm.orElseGet(() -> Set.of(selected)));
      if (selected != null) {
        values.retainAll(Set.of(selected));
      }
      union.addAll(values);
    }
    return Optional.of(union);
  }

  private static Optional<Set<String>> termValues(NodeSelectorTerm term, String key) {
    Set<String> values = null;
    List<NodeSelectorRequirement> expressions =
        term.getMatchExpressions() == null ? List.of() : term.getMatchExpressions();
    for (NodeSelectorRequirement e : expressions) {
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
}
