package io.gpuspec.scheduling;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.gpuspec.core.InvalidSpecException;
import io.gpuspec.core.NodeTaint;
import io.gpuspec.core.report.Finding;
import org.junit.jupiter.api.Test;

/**
 * What Kueue's webhook rejects and its CRDs do not state, thrown by the DSL with the rules' words
 * (SCH020, SCH021, SCH022).
 */
class KueueWebhookFactsTest {

  @Test
  void flavor_twoTaintsOfOneKeyAndEffect_failsWithSch020() {
    assertThatThrownBy(
            () ->
                KueueFlavor.named("a100")
                    .addNodeTaints(NodeTaint.GPU)
                    .addNodeTaints(
                        new NodeTaint("nvidia.com/gpu", "training", NodeTaint.Effect.NO_SCHEDULE))
                    .build())
        .isInstanceOfSatisfying(
            InvalidSpecException.class,
            e -> {
              assertThat(e.ruleId()).hasValue("SCH020");
              assertThat(e.finding().map(Finding::path)).hasValue("spec.nodeTaints[1]");
            });
  }

  @Test
  void flavor_oneKeyWithTwoEffects_isBuilt() {
    KueueFlavor flavor =
        KueueFlavor.named("a100")
            .addNodeTaints(NodeTaint.GPU)
            .addNodeTaints(new NodeTaint("nvidia.com/gpu", "present", NodeTaint.Effect.NO_EXECUTE))
            .build();

    assertThat(flavor.toResourceFlavor().getSpec().getNodeTaints()).hasSize(2);
  }

  @Test
  void cohort_weightTooSmallToCount_failsWithSch021() {
    assertThatThrownBy(() -> KueueCohort.named("gpu").fairSharingWeight("1n").build())
        .isInstanceOf(InvalidSpecException.class)
        .hasMessage(
            "Cohort/gpu spec.fairSharing.weight: weight 1n is positive but at most 1e-9, which"
                + " Kueue's fair sharing cannot tell from 0; Kueue rejects it; set the weight to 0,"
                + " or to more than 1e-9, e.g. 0.001");
  }

  @Test
  void clusterQueue_weightZero_isBuilt() {
    assertThat(KueueClusterQueue.named("team-a").fairSharingWeight("0").build().name())
        .isEqualTo("team-a");
  }

  @Test
  void clusterQueue_moreThan256FlavorsInAll_failsWithSch022() {
    KueueClusterQueue.Builder queue = KueueClusterQueue.named("team-a");
    for (int g = 0; g < 16; g++) {
      String resource = "example.com/r" + g;
      int group = g;
      queue.resourceGroup(
          rg -> {
            rg.covers(resource);
            for (int f = 0; f < 17; f++) {
              rg.flavor("flavor-" + group + "-" + f, q -> q.quota(resource, "1"));
            }
            return rg;
          });
    }

    assertThatThrownBy(queue::build)
        .isInstanceOf(InvalidSpecException.class)
        .hasMessage(
            "ClusterQueue/team-a spec.resourceGroups: 272 flavors over all resource groups, more"
                + " than the 256 Kueue accepts in one ClusterQueue; give the queue at most 256"
                + " flavors in all");
  }

  @Test
  void clusterQueue_groupOfMoreThan512Quotas_failsWithSch022() {
    String[] resources = new String[9];
    for (int r = 0; r < resources.length; r++) {
      resources[r] = "example.com/r" + r;
    }
    KueueClusterQueue.Builder queue =
        KueueClusterQueue.named("team-a")
            .resourceGroup(
                rg -> {
                  rg.covers(resources);
                  for (int f = 0; f < 64; f++) {
                    rg.flavor(
                        "flavor-" + f,
                        q -> {
                          for (String resource : resources) {
                            q.quota(resource, "1");
                          }
                          return q;
                        });
                  }
                  return rg;
                });

    assertThatThrownBy(queue::build)
        .isInstanceOfSatisfying(
            InvalidSpecException.class,
            e -> {
              assertThat(e.ruleId()).hasValue("SCH022");
              assertThat(e.getMessage())
                  .contains("the group has 576 flavor-resource quotas, more than the 512");
            });
  }
}
