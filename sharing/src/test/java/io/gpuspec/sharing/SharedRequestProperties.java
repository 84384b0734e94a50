package io.gpuspec.sharing;

import static org.assertj.core.api.Assertions.assertThat;

import io.fabric8.kubernetes.api.model.ConfigMap;
import io.fabric8.kubernetes.api.model.ConfigMapBuilder;
import io.fabric8.kubernetes.api.model.ContainerBuilder;
import io.fabric8.kubernetes.api.model.PodSpec;
import io.fabric8.kubernetes.api.model.PodSpecBuilder;
import io.fabric8.kubernetes.api.model.Quantity;
import io.gpuspec.core.report.Finding;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;
import net.jqwik.api.ForAll;
import net.jqwik.api.Label;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.IntRange;

/**
 * {@link SharedRequestFacts} against the device plugin's rule (ValidateRequest in {@code
 * internal/rm/rm.go}, with MPS's {@code failRequestsGreaterThanOne} defaulting to true in {@code
 * api/config/v1/config.go}): a request for more than one replica of a shared resource is failed
 * exactly when the selected config sets {@code failRequestsGreaterThanOne} (or leaves it out under
 * MPS), and otherwise gives no more GPU; a request for one, or a config that is not selected, is
 * never reported.
 */
class SharedRequestProperties {

  /** How the pods reach the sharing config. */
  enum Selection {
    NODE_SELECTOR,
    AFFINITY_IN,
    AFFINITY_NOT_IN_THE_OTHER,
    DEFAULT_BY_NAME,
    SELECTS_THE_OTHER
  }

  @Property(tries = 300)
  @Label(
      "a request of several shared replicas is failed or gains nothing exactly as the plugin says")
  void verdictFollowsThePlugin(
      @ForAll boolean mps,
      @ForAll Optional<Boolean> failRequestsGreaterThanOne,
      @ForAll boolean renameByDefault,
      @ForAll Selection selection,
      @ForAll @IntRange(min = 1, max = 4) int amount) {
    String shared = selection == Selection.DEFAULT_BY_NAME ? "default" : "shared";
    Map<String, String> data = new TreeMap<>();
    data.put(shared, config(mps, failRequestsGreaterThanOne, renameByDefault));
    data.put("whole", "version: v1\nflags:\n  migStrategy: none\n");
    ConfigMap configMap =
        new ConfigMapBuilder()
            .withNewMetadata()
            .withName("device-plugin-configs")
            .withNamespace("gpu-operator")
            .endMetadata()
            .withData(data)
            .build();
    String resource = renameByDefault ? "nvidia.com/gpu.shared" : "nvidia.com/gpu";
    PodSpec spec = spec(selection, shared, resource, amount);

    List<Finding> failed = SharedRequestFacts.failedRequests(spec, "spec", List.of(configMap));
    List<Finding> noGain = SharedRequestFacts.requestsWithoutGain(spec, "spec", List.of(configMap));

    boolean selected = selection != Selection.SELECTS_THE_OTHER;
    boolean fails = failRequestsGreaterThanOne.orElse(mps);
    boolean reported = selected && amount > 1;
    assertThat(failed).hasSize(reported && fails ? 1 : 0);
    assertThat(noGain).hasSize(reported && !fails ? 1 : 0);
    for (Finding finding : failed.isEmpty() ? noGain : failed) {
      assertThat(finding.path()).isEqualTo("spec.containers[0].resources.limits[" + resource + "]");
      assertThat(finding.message()).contains(mps ? "MPS" : "time-slicing");
    }
  }

  private static String config(boolean mps, Optional<Boolean> fail, boolean rename) {
    StringBuilder text = new StringBuilder("version: v1\nsharing:\n");
    text.append(mps ? "  mps:\n" : "  timeSlicing:\n");
    fail.ifPresent(f -> text.append("    failRequestsGreaterThanOne: ").append(f).append('\n'));
    if (rename) {
      text.append("    renameByDefault: true\n");
    }
    text.append("    resources:\n    - name: nvidia.com/gpu\n      replicas: 4\n");
    return text.toString();
  }

  private static PodSpec spec(Selection selection, String shared, String resource, int amount) {
    PodSpecBuilder builder =
        new PodSpecBuilder()
            .addToContainers(
                new ContainerBuilder()
                    .withName("main")
                    .withNewResources()
                    .addToLimits(resource, new Quantity(String.valueOf(amount)))
                    .endResources()
                    .build());
    String key = NodeConfigLabels.DEVICE_PLUGIN_CONFIG;
    return switch (selection) {
      case NODE_SELECTOR -> builder.addToNodeSelector(key, shared).build();
      case AFFINITY_IN -> affinity(builder, key, "In", shared);
      case AFFINITY_NOT_IN_THE_OTHER -> affinity(builder, key, "NotIn", "whole");
      case DEFAULT_BY_NAME -> builder.addToNodeSelector("nvidia.com/gpu.product", "x").build();
      case SELECTS_THE_OTHER -> builder.addToNodeSelector(key, "whole").build();
    };
  }

  private static PodSpec affinity(
      PodSpecBuilder builder, String key, String operator, String value) {
    return builder
        .withNewAffinity()
        .withNewNodeAffinity()
        .withNewRequiredDuringSchedulingIgnoredDuringExecution()
        .addNewNodeSelectorTerm()
        .addNewMatchExpression()
        .withKey(key)
        .withOperator(operator)
        .withValues(value)
        .endMatchExpression()
        .endNodeSelectorTerm()
        .endRequiredDuringSchedulingIgnoredDuringExecution()
        .endNodeAffinity()
        .endAffinity()
        .build();
  }
}
