package io.gpuspec.core.k8s;

import static org.assertj.core.api.Assertions.assertThat;

import io.fabric8.kubernetes.api.model.NodeSelectorRequirementBuilder;
import io.fabric8.kubernetes.api.model.NodeSelectorTerm;
import io.fabric8.kubernetes.api.model.NodeSelectorTermBuilder;
import io.fabric8.kubernetes.api.model.Toleration;
import io.fabric8.kubernetes.api.model.TolerationBuilder;
import io.gpuspec.core.NodeTaint;
import java.util.Map;
import org.junit.jupiter.api.Test;

class NodeSelectionTest {

  private static NodeSelectorTerm term(String key, String operator, String... values) {
    return new NodeSelectorTermBuilder()
        .withMatchExpressions(
            new NodeSelectorRequirementBuilder()
                .withKey(key)
                .withOperator(operator)
                .withValues(values)
                .build())
        .build();
  }

  private static Toleration toleration(String key, String operator, String value, String effect) {
    return new TolerationBuilder()
        .withKey(key)
        .withOperator(operator)
        .withValue(value)
        .withEffect(effect)
        .build();
  }

  @Test
  void matches_requirementWithoutKey_matchesOnlyAsAbsentLabel() {
    Map<String, String> labels = Map.of("app", "db");
    assertThat(NodeSelection.matches(null, "In", java.util.List.of("db"), labels)).isFalse();
    assertThat(NodeSelection.matches(null, "DoesNotExist", null, labels)).isTrue();
  }

  @Test
  void operators_followKubernetesSemantics() {
    Map<String, String> node = Map.of("gpu.model", "A100", "gpu.count", "8");
    assertThat(NodeSelection.matches(term("gpu.model", "In", "A100", "H100"), node)).isTrue();
    assertThat(NodeSelection.matches(term("gpu.model", "NotIn", "A100"), node)).isFalse();
    assertThat(NodeSelection.matches(term("zone", "NotIn", "a"), node)).isTrue();
    assertThat(NodeSelection.matches(term("gpu.model", "Exists"), node)).isTrue();
    assertThat(NodeSelection.matches(term("gpu.model", "DoesNotExist"), node)).isFalse();
    assertThat(NodeSelection.matches(term("gpu.count", "Gt", "4"), node)).isTrue();
    assertThat(NodeSelection.matches(term("gpu.count", "Lt", "4"), node)).isFalse();
    assertThat(NodeSelection.matches(new NodeSelectorTerm(), node)).isFalse();
  }

  @Test
  void tolerations_matchKeyEffectAndValue() {
    NodeTaint gpu = NodeTaint.GPU;
    assertThat(
            NodeSelection.tolerates(
                toleration("nvidia.com/gpu", "Exists", null, null), gpu.toTaint()))
        .isTrue();
    assertThat(
            NodeSelection.tolerates(
                toleration("nvidia.com/gpu", "Equal", "present", "NoSchedule"), gpu.toTaint()))
        .isTrue();
    assertThat(
            NodeSelection.tolerates(
                toleration("nvidia.com/gpu", "Equal", "absent", "NoSchedule"), gpu.toTaint()))
        .isFalse();
    assertThat(
            NodeSelection.tolerates(
                toleration("nvidia.com/gpu", "Exists", null, "NoExecute"), gpu.toTaint()))
        .isFalse();
    assertThat(NodeSelection.tolerates(toleration(null, "Exists", null, null), gpu.toTaint()))
        .isTrue();
    assertThat(
            NodeSelection.tolerates(toleration("dedicated", "Exists", null, null), gpu.toTaint()))
        .isFalse();
  }
}
