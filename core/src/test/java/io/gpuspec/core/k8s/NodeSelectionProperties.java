package io.gpuspec.core.k8s;

import static org.assertj.core.api.Assertions.assertThat;

import io.fabric8.kubernetes.api.model.NodeSelectorRequirement;
import io.fabric8.kubernetes.api.model.NodeSelectorRequirementBuilder;
import io.fabric8.kubernetes.api.model.NodeSelectorTerm;
import io.fabric8.kubernetes.api.model.NodeSelectorTermBuilder;
import io.fabric8.kubernetes.api.model.PodSpec;
import io.fabric8.kubernetes.api.model.PodSpecBuilder;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Combinators;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;

/**
 * "Can never schedule" is exact: a random nodeSelector and required node affinity over two label
 * keys is reported unsatisfiable exactly when no node label set of a small universe passes it. The
 * requirements draw their values from {@code 0..3} and {@code x}; the universe adds {@code 4},
 * {@code 00..03} (other spellings of 0..3, equal for {@code Gt}/{@code Lt} but not for {@code
 * NotIn}) and a fresh {@code y}, enough to witness every satisfiable combination (a {@code Gt 3};
 * {@code NotIn [2]} with {@code Gt 1} and {@code Lt 3}, passed by {@code 02}).
 */
class NodeSelectionProperties {

  private static final List<String> KEYS = List.of("a", "b");
  private static final List<String> DRAWN = List.of("0", "1", "2", "3", "x");
  private static final List<String> UNIVERSE =
      List.of("0", "00", "1", "01", "2", "02", "3", "03", "4", "x", "y");
  private static final List<String> OPERATORS =
      List.of("In", "NotIn", "Exists", "DoesNotExist", "Gt", "Lt");

  @Property(tries = 2000)
  void neverSchedules_iffNoNodeOfTheUniversePasses(@ForAll("placements") PodSpec spec) {
    boolean someNode = nodes().stream().anyMatch(node -> NodeSelection.admits(spec, node));
    assertThat(NodeSelection.satisfiable(spec)).as(spec.toString()).isEqualTo(someNode);
    assertThat(NodeSelection.conflicts(spec).isEmpty()).isEqualTo(someNode);
  }

  @Property(tries = 500)
  void everyConflict_namesFieldsOfItsTerm(@ForAll("placements") PodSpec spec) {
    for (NodeSelection.Conflict conflict : NodeSelection.conflicts(spec)) {
      assertThat(conflict.fields()).isNotEmpty();
      assertThat(conflict.fields())
          .allMatch(
              field ->
                  field.startsWith("nodeSelector.")
                      || field.startsWith(NodeSelection.TERMS_PATH + "[" + conflict.term() + "]"));
    }
  }

  /** Every label set over the two keys: each key absent or one of the universe's values. */
  private static List<Map<String, String>> nodes() {
    List<Map<String, String>> nodes = new ArrayList<>();
    List<String> states = new ArrayList<>(UNIVERSE);
    states.add(null);
    for (String a : states) {
      for (String b : states) {
        Map<String, String> labels = new HashMap<>();
        if (a != null) {
          labels.put("a", a);
        }
        if (b != null) {
          labels.put("b", b);
        }
        nodes.add(labels);
      }
    }
    return nodes;
  }

  @Provide
  Arbitrary<PodSpec> placements() {
    Arbitrary<Map<String, String>> selector =
        Arbitraries.maps(Arbitraries.of(KEYS), Arbitraries.of(DRAWN)).ofMaxSize(2);
    Arbitrary<List<NodeSelectorTerm>> terms = term().list().ofMaxSize(3);
    return Combinators.combine(selector, terms)
        .as(
            (nodeSelector, required) -> {
              PodSpecBuilder spec = new PodSpecBuilder().withNodeSelector(nodeSelector);
              if (!required.isEmpty()) {
                spec.withNewAffinity()
                    .withNewNodeAffinity()
                    .withNewRequiredDuringSchedulingIgnoredDuringExecution()
                    .withNodeSelectorTerms(required)
                    .endRequiredDuringSchedulingIgnoredDuringExecution()
                    .endNodeAffinity()
                    .endAffinity();
              }
              return spec.build();
            });
  }

  private static Arbitrary<NodeSelectorTerm> term() {
    return requirement()
        .list()
        .ofMaxSize(3)
        .map(
            expressions -> new NodeSelectorTermBuilder().withMatchExpressions(expressions).build());
  }

  private static Arbitrary<NodeSelectorRequirement> requirement() {
    return Combinators.combine(
            Arbitraries.of(KEYS),
            Arbitraries.of(OPERATORS),
            Arbitraries.of(DRAWN).list().ofMinSize(1).ofMaxSize(3).uniqueElements(),
            Arbitraries.of("0", "1", "2", "3", "x"))
        .as(
            (key, operator, values, bound) -> {
              List<String> given =
                  switch (operator) {
                    case "In", "NotIn" -> values;
                    case "Gt", "Lt" -> List.of(bound);
                    default -> List.of();
                  };
              return new NodeSelectorRequirementBuilder()
                  .withKey(key)
                  .withOperator(operator)
                  .withValues(given)
                  .build();
            });
  }
}
