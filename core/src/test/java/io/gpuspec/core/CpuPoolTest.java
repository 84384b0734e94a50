package io.gpuspec.core;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.fabric8.kubernetes.api.model.PodSpec;
import io.gpuspec.core.check.Gpuspec;
import io.gpuspec.core.fleet.FleetRead;
import io.gpuspec.core.fleet.FleetReport;
import io.gpuspec.core.manifest.ManifestSet;
import io.gpuspec.core.report.Violation;
import java.math.BigDecimal;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class CpuPoolTest {

  static final CpuPool CPU =
      CpuPool.named("cpu")
          .putLabel("node-type", "cpu")
          .nodeCount(35)
          .cpu("62")
          .memory("240Gi")
          .pods(110)
          .putTopology(TopologyLevel.ZONE, "eu-west-1a")
          .build();

  private static TrainingJob preprocess(CpuPool pool) {
    return TrainingJob.named("tokenize")
        .namespace("ml")
        .image("registry.example.com/tokenize:1.0")
        .gpus(0)
        .cpu("8")
        .memory("32Gi")
        .parallelism(20)
        .completions(20)
        .onCpuPool(pool)
        .build();
  }

  private static InferenceDeployment gateway(CpuPool pool) {
    return InferenceDeployment.named("gateway")
        .namespace("serving")
        .image("registry.example.com/gateway:1.0")
        .gpus(0)
        .cpu("2")
        .memory("4Gi")
        .replicas(3)
        .port("http", 8080)
        .onCpuPool(pool)
        .build();
  }

  private static Platform platform() {
    return Platform.builder()
        .addPools(Fixtures.H100_TRAIN)
        .add(preprocess(CPU), gateway(CPU))
        .build();
  }

  @Test
  void aCpuPoolItsWorkloadsAndTheFleetFile_roundTrip(@TempDir Path dir) throws Exception {
    Platform platform = platform();
    assertThat(platform.fleet().cpuPools()).containsExactly(CPU);

    Path file = dir.resolve("fleet.yaml");
    Files.writeString(file, Gpuspec.renderFleet(platform.fleet(), "lab"));
    FleetRead read = TestGpuspec.GPUSPEC.readFleet(List.of(file));

    assertThat(read.problems()).isEmpty();
    assertThat(read.fleet().orElseThrow().groups()).isEqualTo(platform.fleet().groups());
    NodeGroup cpu = read.fleet().orElseThrow().groups().get(1);
    assertThat(cpu.labels())
        .containsExactlyInAnyOrderEntriesOf(
            Map.of("node-type", "cpu", "topology.kubernetes.io/zone", "eu-west-1a"));
    assertThat(cpu.allocatable())
        .containsExactlyInAnyOrderEntriesOf(
            Map.of(
                "cpu",
                new BigDecimal("62"),
                "memory",
                BigDecimal.valueOf(240L << 30),
                "pods",
                BigDecimal.valueOf(110)));
  }

  @Test
  void cpuWorkloads_passEveryRuleAndTheFleetCheck() {
    Platform platform = platform();

    assertThat(TestGpuspec.GPUSPEC.check(platform).violations()).isEmpty();
    FleetReport report =
        TestGpuspec.GPUSPEC.checkFleet(platform.fleet(), TestGpuspec.GPUSPEC.manifests(platform));
    assertThat(report.violations()).isEmpty();
    assertThat(report.placements())
        .allSatisfy(p -> assertThat(p.fits()).containsExactly("cpu"))
        .hasSize(2);
  }

  @Test
  void cpuWorkloads_pinThePoolsLabelsAndTolerateOnlyItsTaints() {
    CpuPool tainted =
        CpuPool.from(CPU)
            .taints(new NodeTaint("dedicated", "cpu", NodeTaint.Effect.NO_SCHEDULE))
            .build();
    PodSpec spec = preprocess(tainted).toJob().getSpec().getTemplate().getSpec();

    assertThat(
            spec.getAffinity()
                .getNodeAffinity()
                .getRequiredDuringSchedulingIgnoredDuringExecution()
                .getNodeSelectorTerms()
                .get(0)
                .getMatchExpressions())
        .singleElement()
        .satisfies(e -> assertThat(e.getKey()).isEqualTo("node-type"));
    assertThat(spec.getTolerations())
        .singleElement()
        .satisfies(t -> assertThat(t.getKey()).isEqualTo("dedicated"));
    assertThat(tainted.admits(spec)).isTrue();
    assertThat(Fixtures.H100_TRAIN.admits(spec)).isFalse();
  }

  @Test
  void aCpuWorkloadLargerThanANode_isFleet001NamingTheCpuGroup() {
    TrainingJob big = TrainingJob.from(preprocess(CPU)).name("big").cpu("64").build();
    Platform platform = Platform.builder().addPools(Fixtures.H100_TRAIN).add(big).build();

    FleetReport report =
        TestGpuspec.GPUSPEC.checkFleet(platform.fleet(), ManifestSet.of(big.toManifests()));

    assertThat(report.violations())
        .extracting(Violation::ruleId, Violation::message)
        .singleElement()
        .satisfies(
            v ->
                assertThat(v.toList().get(1).toString())
                    .contains("cpu: needs 64 cpu per pod, nodes have 62"));
  }

  @Test
  void build_gpusOnACpuPool_isRefused() {
    assertThatThrownBy(() -> TrainingJob.from(preprocess(CPU)).gpus(1).build())
        .isInstanceOf(InvalidSpecException.class)
        .hasMessageContaining("1 GPU(s) requested on cpu pool \"cpu\"");
  }

  @Test
  void build_aPoolWithoutLabels_orCapacity_isRefused() {
    assertThatThrownBy(() -> CpuPool.named("bare").cpu("8").memory("32Gi").build())
        .isInstanceOf(InvalidSpecException.class)
        .hasMessageContaining("its workloads cannot pin its nodes");
    assertThatThrownBy(
            () -> CpuPool.named("odd").putLabel("a", "b").cpu("eight").memory("32Gi").build())
        .isInstanceOf(InvalidSpecException.class)
        .hasMessageContaining("\"eight\" is not a quantity");
  }

  @Test
  void build_aGpuTaintOnACpuPool_isRefused() {
    assertThatThrownBy(() -> CpuPool.from(CPU).taints(NodeTaint.GPU).build())
        .isInstanceOf(InvalidSpecException.class)
        .hasMessageContaining("cpu pool \"cpu\" taints")
        .hasMessageContaining("is a GPU node taint");
  }

  @Test
  void build_aPoolWhoseGroupIsInvalid_isFleet010() {
    assertThatThrownBy(
            () -> CpuPool.named("Not_A_Name").putLabel("a", "b").cpu("8").memory("1Gi").build())
        .isInstanceOf(InvalidSpecException.class)
        .hasMessageContaining("is not a DNS-1123 label");
  }

  @Test
  void build_aCpuPoolNamedLikeAGpuPool_isRefusedByThePlatform() {
    CpuPool clash = CpuPool.from(CPU).name(Fixtures.H100_TRAIN.name()).build();

    assertThatThrownBy(
            () -> Platform.builder().addPools(Fixtures.H100_TRAIN).addCpuPools(clash).build())
        .isInstanceOf(InvalidSpecException.class)
        .hasMessageContaining("is also the name of spec.nodeGroups[0]");
  }
}
