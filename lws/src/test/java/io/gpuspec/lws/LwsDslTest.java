package io.gpuspec.lws;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.fabric8.kubernetes.api.model.HasMetadata;
import io.gpuspec.core.Fixtures;
import io.gpuspec.core.Fleet;
import io.gpuspec.core.GoldenFiles;
import io.gpuspec.core.InvalidSpecException;
import io.gpuspec.core.TestGpuspec;
import io.gpuspec.core.check.CheckOptions;
import io.gpuspec.core.fleet.FleetReport;
import io.gpuspec.core.manifest.ManifestSet;
import io.gpuspec.core.manifest.YamlRenderer;
import io.gpuspec.core.report.Violation;
import io.gpuspec.core.spi.PodTemplate;
import io.gpuspec.core.spi.Workload;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * LeaderWorkerSets on pools: rendered YAML byte for byte, every rule passes it as an error with the
 * pool as the fleet, the registry sees its groups, and the fleet check answers whether one group
 * fits the pool at once.
 */
class LwsDslTest {

  static final String IMAGE = "vllm/vllm-openai:v0.11.0";

  /** A model served across two 8-GPU nodes: a leader and one worker per group. */
  static LeaderWorkerSet.Builder llama405b() {
    return LeaderWorkerSet.named("llama-405b")
        .namespace("serving")
        .onPool(Fixtures.H100_TRAIN)
        .size(2)
        .image(IMAGE)
        .sharedMemory("16Gi")
        .addLeaderCommand(
            "sh",
            "-c",
            "multi-node-serving.sh leader --ray_cluster_size=$(LWS_GROUP_SIZE);"
                + " vllm serve meta-llama/Llama-3.1-405B-Instruct --port 8080"
                + " --tensor-parallel-size 8 --pipeline-parallel-size 2")
        .leaderPort(8080)
        .addCommand("sh", "-c", "multi-node-serving.sh worker --ray_address=$(LWS_LEADER_ADDRESS)");
  }

  static List<Violation> strictErrors(List<HasMetadata> objects) {
    return TestGpuspec.GPUSPEC
        .engine()
        .check(
            ManifestSet.of(objects),
            CheckOptions.builder().fleet(Fleet.of(Fixtures.H100_TRAIN)).strict(true).build())
        .violations();
  }

  @Test
  void kueueAndVolcanoGroups_renderAsGolden_passEveryRuleStrictly_andFitThePool() {
    LeaderWorkerSet kueue = llama405b().gang(LwsGang.kueue("serving")).build();
    LeaderWorkerSet volcano =
        LeaderWorkerSet.named("llama-70b")
            .namespace("serving")
            .onPool(Fixtures.H100_TRAIN)
            .size(2)
            .replicas(2)
            .gpus(4)
            .image(IMAGE)
            .addCommand("vllm", "serve", "meta-llama/Llama-3.1-70B-Instruct")
            .startupPolicy(LeaderWorkerSet.StartupPolicy.LEADER_READY)
            .restartPolicy(LeaderWorkerSet.RestartPolicy.NONE)
            .maxSurge(1)
            .maxUnavailable(0)
            .gang(LwsGang.volcano("inference"))
            .build();
    List<HasMetadata> objects = new ArrayList<>(kueue.toManifests());
    objects.addAll(volcano.toManifests());

    assertThat(strictErrors(objects)).isEmpty();
    FleetReport fleet =
        TestGpuspec.GPUSPEC.checkFleet(Fleet.of(Fixtures.H100_TRAIN), ManifestSet.of(objects));
    assertThat(fleet.violations()).isEmpty();
    assertThat(fleet.gangs()).hasSize(1);
    assertThat(fleet.gangs().get(0).fits()).hasValue(true);
    GoldenFiles.assertMatches("lws-h100.yaml", YamlRenderer.render(ManifestSet.of(objects)));
  }

  @Test
  void rendered_readsBackAsTheSameObject() {
    LeaderWorkerSet lws = llama405b().gang(LwsGang.volcano("inference")).build();
    HasMetadata read =
        TestGpuspec.read(YamlRenderer.render(lws.toLeaderWorkerSet()), "lws.yaml")
            .manifests()
            .objects()
            .get(0);

    assertThat(read.getMetadata()).isEqualTo(lws.toLeaderWorkerSet().getMetadata());
    assertThat(
            ((io.fabric8.kubernetes.api.model.GenericKubernetesResource) read)
                .getAdditionalProperties())
        .isEqualTo(lws.toLeaderWorkerSet().getAdditionalProperties());
    assertThat(read).isEqualTo(lws.toLeaderWorkerSet());
  }

  @Test
  void theRegistrySeesLeaderAndWorkers_perGroup() {
    LeaderWorkerSet lws = llama405b().replicas(3).size(4).buildUnchecked();
    Workload workload = TestGpuspec.workload(lws.toLeaderWorkerSet()).orElseThrow();

    assertThat(workload.groups()).isEqualTo(3);
    assertThat(workload.distributed()).isTrue();
    assertThat(workload.templates())
        .extracting(PodTemplate::role, PodTemplate::specPath, PodTemplate::replicas)
        .containsExactly(
            org.assertj.core.groups.Tuple.tuple("Leader", LeaderWorkerSet.LEADER_PATH + ".spec", 3),
            org.assertj.core.groups.Tuple.tuple(
                "Worker", LeaderWorkerSet.WORKER_PATH + ".spec", 9));
  }

  @Test
  void aGroupLargerThanThePool_isOneTheFleetCheckRefuses_andBuildThrowsIt() {
    LeaderWorkerSet tooBig = llama405b().size(3).buildUnchecked();
    List<Violation> fleet =
        TestGpuspec.GPUSPEC
            .checkFleet(Fleet.of(Fixtures.H100_TRAIN), ManifestSet.of(tooBig.toManifests()))
            .violations();

    assertThat(fleet).extracting(Violation::ruleId).containsExactly(FleetReport.GANG_TOO_LARGE);
    assertThatThrownBy(() -> llama405b().size(3).build())
        .isInstanceOfSatisfying(
            InvalidSpecException.class,
            e -> {
              assertThat(e.ruleId()).hasValue(FleetReport.GANG_TOO_LARGE);
              assertThat(e.getMessage()).startsWith("LeaderWorkerSet/serving/llama-405b ");
            });
  }

  @Test
  void aRolloutThatCannotProgress_isRefusedWithLws001() {
    assertThatThrownBy(() -> llama405b().maxUnavailable(0).maxSurge(0).build())
        .isInstanceOfSatisfying(
            InvalidSpecException.class,
            e -> {
              assertThat(e.ruleId()).hasValue("LWS001");
              assertThat(e.getMessage())
                  .contains("spec.rolloutStrategy.rollingUpdateConfiguration.maxUnavailable");
            });
  }

  @Test
  void moreGpusPerPodThanANode_isRefusedAtItsShape() {
    assertThatThrownBy(() -> llama405b().gpus(16).build())
        .isInstanceOf(InvalidSpecException.class)
        .hasMessageContaining("gpus");
  }

  @Test
  void withoutALeaderOfItsOwn_onlyTheWorkerTemplateIsWritten() {
    LeaderWorkerSet same =
        LeaderWorkerSet.named("same")
            .onPool(Fixtures.H100_TRAIN)
            .image(IMAGE)
            .addCommand("serve")
            .build();
    Workload workload = TestGpuspec.workload(same.toLeaderWorkerSet()).orElseThrow();

    assertThat(workload.templates())
        .extracting(PodTemplate::role, PodTemplate::replicas)
        .containsExactly(org.assertj.core.groups.Tuple.tuple("Worker", 2));
  }
}
