package io.gpuspec.core;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.fabric8.kubernetes.api.model.HasMetadata;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;

class PlatformTest {

  private static final String TRITON = "nvcr.io/nvidia/tritonserver:24.08-py3";

  private static InferenceDeployment.Builder llm(NodePool pool) {
    return InferenceDeployment.named("llm").namespace("serving").image(TRITON).onPool(pool);
  }

  private static TrainingJob job(String name, NodePool pool) {
    return TrainingJob.named(name).namespace("ml").image("img").gpus(1).onPool(pool).build();
  }

  @Test
  void fleet_collectsThePoolsOfTheWorkloads() {
    Platform platform =
        Platform.builder()
            .add(llm(Fixtures.L40S_INFERENCE).build(), job("resnet", Fixtures.A100_TRAIN))
            .build();

    assertThat(platform.pools()).isEmpty();
    assertThat(platform.fleet().pools())
        .containsExactly(Fixtures.L40S_INFERENCE, Fixtures.A100_TRAIN);
  }

  @Test
  void fleet_keepsExplicitPoolsAndCountsEachPoolOnce() {
    Platform platform =
        Platform.builder()
            .addPools(Fixtures.H100_TRAIN, Fixtures.A100_TRAIN)
            .add(job("a", Fixtures.A100_TRAIN), job("b", Fixtures.A100_TRAIN))
            .build();

    assertThat(platform.fleet().pools()).containsExactly(Fixtures.H100_TRAIN, Fixtures.A100_TRAIN);
  }

  @Test
  void check_platformWithoutExplicitPools_passesEveryRule() {
    Platform platform =
        Platform.builder()
            .add(llm(Fixtures.L40S_INFERENCE).build(), job("resnet", Fixtures.A100_TRAIN))
            .build();

    assertThat(TestGpuspec.GPUSPEC.check(platform).violations()).isEmpty();
  }

  @Test
  void build_twoDifferentPoolsWithOneName_isAnError() {
    NodePool impostor = NodePool.from(Fixtures.A100_TRAIN).nodeCount(1).build();

    assertThatThrownBy(
            () -> Platform.builder().add(job("a", Fixtures.A100_TRAIN), job("b", impostor)).build())
        .isInstanceOf(InvalidSpecException.class)
        .hasMessage(
            "Fleet/platform spec.nodeGroups[1].name: \"a100-train\" is also the name of"
                + " spec.nodeGroups[0]; give every node group its own name");
  }

  @Test
  void build_twoObjectsOfOneKindNamespaceAndName_isAnError() {
    assertThatThrownBy(
            () ->
                Platform.builder()
                    .add(
                        llm(Fixtures.L40S_INFERENCE).build(),
                        llm(Fixtures.L40S_INFERENCE).gpus(2).build())
                    .build())
        .isInstanceOf(InvalidSpecException.class)
        .hasMessage(
            "Deployment/serving/llm metadata.name: the same object is also defined earlier in this"
                + " set; kubectl apply would apply one over the other; keep one definition, or"
                + " rename one of them");
  }

  @Test
  void build_sameNameInAnotherNamespaceOrKind_isFine() {
    Platform platform =
        Platform.builder()
            .add(
                llm(Fixtures.L40S_INFERENCE).build(),
                llm(Fixtures.L40S_INFERENCE).namespace("staging").build(),
                TrainingJob.named("llm").namespace("serving").image("img").gpus(0).build())
            .build();

    assertThat(platform.manifests().size()).isEqualTo(3);
  }

  @Test
  void build_sourceRenderingNull_isAnInvalidSpec() {
    ManifestSource broken = () -> Arrays.asList((HasMetadata) null);

    assertThatThrownBy(() -> Platform.builder().add(broken).build())
        .isInstanceOf(InvalidSpecException.class)
        .hasMessageContaining("it rendered a null object; render only objects");
    assertThatThrownBy(() -> Platform.builder().add(() -> null).build())
        .isInstanceOf(InvalidSpecException.class)
        .hasMessageContaining("the value is null");
  }

  @Test
  void build_sourceNamingNullPools_isAnInvalidSpec() {
    ManifestSource noList =
        new ManifestSource() {
          @Override
          public List<HasMetadata> toManifests() {
            return List.of();
          }

          @Override
          public List<NodePool> nodePools() {
            return null;
          }
        };
    ManifestSource nullPool =
        new ManifestSource() {
          @Override
          public List<HasMetadata> toManifests() {
            return List.of();
          }

          @Override
          public List<NodePool> nodePools() {
            return Arrays.asList((NodePool) null);
          }
        };

    assertThatThrownBy(() -> Platform.builder().add(noList).build())
        .isInstanceOf(NullValueException.class)
        .hasMessageContaining("nodePools: the value is null;");
    assertThatThrownBy(() -> Platform.builder().add(nullPool).build())
        .isInstanceOf(InvalidSpecException.class)
        .hasMessageContaining("nodePools: a pool is null; name only pools");
  }

  @Test
  void from_platformVariantAddsSources() {
    Platform base = Platform.builder().add(job("a", Fixtures.A100_TRAIN)).build();

    Platform more = Platform.from(base).add(job("b", Fixtures.H100_TRAIN)).build();

    assertThat(more.manifests().size()).isEqualTo(2);
    assertThat(more.fleet().pools()).containsExactly(Fixtures.A100_TRAIN, Fixtures.H100_TRAIN);
    assertThat(List.copyOf(base.sources())).hasSize(1);
  }
}
