package io.gpuspec.scheduling;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.fabric8.kubernetes.api.model.HasMetadata;
import io.fabric8.kubernetes.api.model.Quantity;
import io.fabric8.kubernetes.api.model.ResourceQuota;
import io.gpuspec.core.InvalidSpecException;
import io.gpuspec.scheduling.model.kueue.ClusterQueue;
import io.gpuspec.scheduling.model.volcano.PodGroup;
import io.gpuspec.scheduling.model.volcano.Queue;
import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Optional;
import java.util.Random;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.constraints.IntRange;

class SchedulingProperties {

  @Provide
  Arbitrary<SchedulingArbitraries.PolicySpec> policies() {
    return SchedulingArbitraries.policies();
  }

  @Property(tries = 150)
  void anyDslBuiltPolicyRendersObjectsAServerWouldAccept(
      @ForAll("policies") SchedulingArbitraries.PolicySpec spec) {
    List<String> problems = RenderedInvariants.problems(spec.render());

    assertThat(problems).isEmpty();
  }

  @Property(tries = 60)
  void renderingIsDeterministicAndIndependentOfInputOrder(
      @ForAll("policies") SchedulingArbitraries.PolicySpec spec, @ForAll long seed) {
    KueuePolicy policy = spec.kueue();
    List<KueueFlavor> flavors = shuffled(policy.flavors(), seed);
    List<KueueClusterQueue> queues = shuffled(policy.clusterQueues(), seed);
    List<KueueLocalQueue> locals = shuffled(policy.localQueues(), seed);
    List<PriorityTier> tiers = shuffled(spec.tiers().tiers(), seed);
    KueuePolicy reordered =
        KueuePolicy.builder()
            .addAllFlavors(flavors)
            .addAllClusterQueues(queues)
            .addAllLocalQueues(locals)
            .addAllWorkloadPriorities(tiers)
            .build();

    assertThat(Fixtures.yaml(spec.render())).isEqualTo(Fixtures.yaml(spec.render()));
    assertThat(Fixtures.yaml(reordered)).isEqualTo(Fixtures.yaml(policy));
    assertThat(Fixtures.yaml(PriorityTiers.builder().addAllTiers(tiers).build()))
        .isEqualTo(Fixtures.yaml(spec.tiers()));
  }

  @Property(tries = 200)
  void gangMinMemberEqualsThePodCountAndMinResourcesScaleWithIt(
      @ForAll @IntRange(min = 1, max = 256) int pods,
      @ForAll @IntRange(min = 1, max = 8) int gpusPerPod,
      @ForAll @IntRange(min = 1, max = 2048) int memoryGiPerPod) {
    Gang gang =
        Gang.named("gang")
            .pods(pods)
            .putPerPod("nvidia.com/gpu", Integer.toString(gpusPerPod))
            .putPerPod("memory", memoryGiPerPod + "Gi")
            .build();

    PodGroup group = gang.podGroup().toPodGroup();

    assertThat(group.getSpec().getMinMember()).isEqualTo(pods);
    assertThat(Quantity.getAmountInBytes(group.getSpec().getMinResources().get("nvidia.com/gpu")))
        .isEqualByComparingTo(BigDecimal.valueOf((long) pods * gpusPerPod));
    assertThat(Quantity.getAmountInBytes(group.getSpec().getMinResources().get("memory")))
        .isEqualByComparingTo(
            BigDecimal.valueOf((long) pods * memoryGiPerPod)
                .multiply(BigDecimal.valueOf(1L << 30)));
  }

  @Property(tries = 300)
  void volcanoQueueBuildsExactlyWhenGuaranteeDeservedCapabilityAreOrdered(
      @ForAll @IntRange(max = 100) int guarantee,
      @ForAll @IntRange(max = 100) int deserved,
      @ForAll @IntRange(max = 100) int capability) {
    VolcanoQueue.Builder queue =
        VolcanoQueue.named("q")
            .putGuarantee("nvidia.com/gpu", Integer.toString(guarantee))
            .putDeserved("nvidia.com/gpu", Integer.toString(deserved))
            .putCapability("nvidia.com/gpu", Integer.toString(capability));

    if (guarantee <= deserved && deserved <= capability) {
      assertThat(RenderedInvariants.problems(List.of(queue.build().toQueue()))).isEmpty();
    } else {
      assertThatThrownBy(queue::build)
          .isInstanceOf(InvalidSpecException.class)
          .hasMessageContaining("is more than the");
    }
  }

  @Property(tries = 300)
  void kueueQuotaBuildsExactlyWhenLimitsFollowTheFacts(
      @ForAll @IntRange(max = 32) int nominal,
      @ForAll Optional<@IntRange(max = 32) Integer> borrowing,
      @ForAll Optional<@IntRange(max = 32) Integer> lending,
      @ForAll boolean cohort) {
    KueueClusterQueue.Builder queue = KueueClusterQueue.named("team");
    if (cohort) {
      queue.cohort("gpu");
    }
    queue.resourceGroup(
        g ->
            g.covers("nvidia.com/gpu")
                .flavor(
                    "a100",
                    f ->
                        f.quota(
                            "nvidia.com/gpu",
                            Integer.toString(nominal),
                            q -> {
                              borrowing.map(String::valueOf).ifPresent(q::borrowingLimit);
                              lending.map(String::valueOf).ifPresent(q::lendingLimit);
                              return q;
                            })));
    boolean limits = borrowing.isPresent() || lending.isPresent();
    boolean valid = (cohort || !limits) && lending.map(l -> l <= nominal).orElse(true);

    if (valid) {
      KueueClusterQueue built = queue.build();
      KueueFlavor flavor = KueueFlavor.named("a100").build();
      assertThat(
              RenderedInvariants.problems(
                  List.of(flavor.toResourceFlavor(), built.toClusterQueue())))
          .isEmpty();
    } else {
      assertThatThrownBy(queue::build).isInstanceOf(InvalidSpecException.class);
    }
  }

  @Property(tries = 100)
  void aMutationThatBreaksAFactIsCaughtInTheRenderedObjects(
      @ForAll("policies") SchedulingArbitraries.PolicySpec spec,
      @ForAll @IntRange(max = 3) int mutation) {
    List<HasMetadata> objects = new ArrayList<>(spec.render());
    switch (mutation) {
      case 0 -> { // a GPU quota under a key the quota controller never enforces
        ResourceQuota quota = first(objects, ResourceQuota.class);
        Quantity gpus = quota.getSpec().getHard().remove(Team.GPU_QUOTA);
        quota.getSpec().getHard().put("limits.nvidia.com/gpu", gpus);
      }
      case 1 -> { // a flavor listing its resources in another order than coveredResources
        ClusterQueue queue = first(objects, ClusterQueue.class);
        Collections.reverse(
            queue.getSpec().getResourceGroups().get(0).getFlavors().get(0).getResources());
      }
      case 2 -> { // a queue's guarantee above its capability
        Queue queue = first(objects, Queue.class);
        Quantity capability = queue.getSpec().getCapability().get("nvidia.com/gpu");
        queue
            .getSpec()
            .getGuarantee()
            .getResource()
            .put("nvidia.com/gpu", capability.add(new Quantity("1")));
      }
      default -> // a second global default
          objects.add(
              PriorityTier.named("another-default")
                  .value(1)
                  .globalDefault(true)
                  .build()
                  .toPriorityClass());
    }

    assertThat(RenderedInvariants.problems(objects)).isNotEmpty();
  }

  private static <T> T first(List<HasMetadata> objects, Class<T> type) {
    return objects.stream().filter(type::isInstance).map(type::cast).findFirst().orElseThrow();
  }

  private static <T> List<T> shuffled(List<T> values, long seed) {
    List<T> copy = new ArrayList<>(values);
    Collections.shuffle(copy, new Random(seed));
    return copy;
  }
}
