package io.gpuspec.tfjob;

import static io.gpuspec.tfjob.TfFixtures.A100_TRAIN;
import static io.gpuspec.tfjob.TfFixtures.IMAGE;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.gpuspec.core.InvalidSpecException;
import io.gpuspec.core.NodePool;
import io.gpuspec.core.NullValueException;
import io.gpuspec.core.Platform;
import io.gpuspec.core.TestGpuspec;
import java.util.List;
import org.junit.jupiter.api.Test;

/** A TFJob inside a Platform: its pools join the fleet; variants of a base job; misuse. */
class TfJobPlatformTest {

  @Test
  void nodePools_areTheJobsPoolThenEachReplicasOwn() {
    NodePool eval =
        NodePool.from(A100_TRAIN)
            .name("a100-eval")
            .nodeCount(1)
            .putExtraLabel("topology.kubernetes.io/zone", "b")
            .build();
    TfJob job =
        TfJob.named("mnist")
            .onPool(A100_TRAIN)
            .workers(2, w -> w.image(IMAGE))
            .ps(1, p -> p.image(IMAGE).gpus(0))
            .evaluator(e -> e.image(IMAGE).onPool(eval))
            .build();

    assertThat(job.nodePools()).containsExactly(A100_TRAIN, eval);
    assertThat(Platform.builder().add(job).build().fleet().pools())
        .containsExactly(A100_TRAIN, eval);
  }

  @Test
  void check_platformOfATfJobWithoutAddPools_passesEveryRule() {
    Platform platform = Platform.builder().add(TfFixtures.mnist()).build();

    assertThat(TestGpuspec.GPUSPEC.check(platform).violations()).isEmpty();
  }

  @Test
  void from_variantReplacesReplicasAndKeepsTheRest() {
    TfJob mnist = TfFixtures.mnist();

    TfJob bert =
        TfJob.from(mnist)
            .name("bert")
            .replicaSpecs(List.of())
            .chief(c -> c.image(IMAGE).gpus(4))
            .workers(3, w -> w.image(IMAGE).gpus(4))
            .build();

    assertThat(bert.namespace()).isEqualTo(mnist.namespace());
    assertThat(bert.placement()).isEqualTo(mnist.placement());
    assertThat(bert.cleanPodPolicy()).isEqualTo(mnist.cleanPodPolicy());
    assertThat(bert.totalReplicas()).isEqualTo(4);
  }

  @Test
  void replicaSpec_nullOrReturningNull_isAnInvalidSpec() {
    assertThatThrownBy(() -> TfJob.named("mnist").workers(2, null))
        .isInstanceOf(InvalidSpecException.class)
        .hasMessageStartingWith("tf job builder Worker: the value is null;");
    assertThatThrownBy(() -> TfJob.named("mnist").chief(c -> null))
        .isInstanceOf(InvalidSpecException.class)
        .hasMessageStartingWith("tf job builder Chief result: the value is null;");
  }

  @Test
  void builders_nameTheirTypeInMessages() {
    assertThatThrownBy(() -> TfJob.named(null))
        .isInstanceOf(NullValueException.class)
        .hasMessageStartingWith("tf job builder name: the value is null;");
    assertThatThrownBy(() -> TfReplica.builder(null))
        .isInstanceOf(NullValueException.class)
        .hasMessageStartingWith("tf replica builder type: the value is null;");
    assertThatThrownBy(() -> new TfReplica.Builder().build())
        .isInstanceOf(InvalidSpecException.class)
        .hasMessage("tf replica builder: required attribute \"type\" is not set; call .type(...)");
    assertThatThrownBy(() -> GangScheduling.builder().queue((String) null))
        .isInstanceOf(NullValueException.class)
        .hasMessageStartingWith("gang scheduling builder queue: the value is null;");
  }
}
