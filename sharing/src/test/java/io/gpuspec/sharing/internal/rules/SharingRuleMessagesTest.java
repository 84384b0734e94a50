package io.gpuspec.sharing.internal.rules;

import static org.assertj.core.api.Assertions.assertThat;

import io.gpuspec.core.TestGpuspec;
import io.gpuspec.core.check.CheckOptions;
import io.gpuspec.core.check.RuleFiles;
import io.gpuspec.core.report.Violation;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The wording of the sharing rules' findings, which a rule test file cannot state: each test reads
 * one rule test file (whose exact findings {@link SharingRuleFilesTest} checks) and asserts what
 * the message and the fix say: the inner path of an embedded config first, then the facts.
 */
class SharingRuleMessagesTest {

  private static Violation finding(String file, String ruleId) {
    return RuleFiles.finding(
        TestGpuspec.GPUSPEC, RuleFiles.RULES.resolve(file), CheckOptions.defaults(), ruleId);
  }

  /** The findings of the sharing rules in a file (the fleet check's FLEET001 left out). */
  private static List<Violation> findings(Path root, String file, CheckOptions options) {
    return RuleFiles.findings(TestGpuspec.GPUSPEC, root.resolve(file), options).stream()
        .filter(v -> v.ruleId().startsWith("SHR"))
        .toList();
  }

  @Test
  void shr001_misplacedRenameByDefault_namesTheInnerKeyAndWhereItBelongs() {
    Violation v = finding("SHR001/misplaced-rename-by-default.yaml", "SHR001");

    assertThat(v.object().kind()).isEqualTo("ConfigMap");
    assertThat(v.path()).isEqualTo("data[tesla-t4]");
    assertThat(v.message())
        .startsWith("renameByDefault: misplaced key renameByDefault")
        .contains("under sharing.timeSlicing or sharing.mps")
        .contains("ignored");
    assertThat(v.fix()).isEqualTo("move it there");
  }

  @Test
  void shr001_standaloneFile_isReportedOnTheFileWithItsInnerPath() {
    Violation v = finding("SHR001/standalone-file-with-unknown-key.yaml", "SHR001");

    assertThat(v.object().name()).isEqualTo("standalone-file-with-unknown-key-yaml");
    assertThat(v.message()).startsWith("sharing.timeSlicing.renameByDefualt: unknown key");
    assertThat(v.source())
        .hasValueSatisfying(
            s ->
                assertThat(s.file().getFileName())
                    .hasToString("standalone-file-with-unknown-key.yaml"));
  }

  @Test
  void shr002_oneReplica_saysThePluginRefusesTheConfig() {
    Violation v = finding("SHR002/one-replica.yaml", "SHR002");

    assertThat(v.message())
        .isEqualTo(
            "sharing.timeSlicing.resources[0].replicas: 1 replica(s) share nothing and the device"
                + " plugin refuses the config");
  }

  @Test
  void shr003_aboveFortyEight_namesTheLimit() {
    assertThat(finding("SHR003/sixty-mps-clients.yaml", "SHR003").message())
        .isEqualTo("sharing.mps.resources[0].replicas: 60 MPS clients but a GPU serves at most 48");
  }

  @Test
  void shr003_withAVoltaPool_namesThePoolModelAndLimit() {
    List<Violation> found =
        findings(
            SharingFleet.RULES_WITH_FLEET, "SHR003/mps-on-volta.yaml", SharingFleet.WITH_FLEET);

    assertThat(found)
        .singleElement()
        .satisfies(
            v ->
                assertThat(v.message())
                    .contains("pool \"v100\" (V100-16GB) selects this config")
                    .contains("compute capability 7.0 serves at most 16"));
  }

  @Test
  void shr007_fourTwoG_namesTheProfileTheMaximumAndTheGpu() {
    Violation v = finding("SHR007/four-2g-10gb.yaml", "SHR007");

    assertThat(v.message())
        .isEqualTo(
            "mig-configs[four-2g][0].mig-devices: 2g.10gb x4 but at most 3 fit on one A100-40GB");
    assertThat(v.fix()).contains("at most 3");
  }

  @Test
  void shr007_memoryOverflow_isNotPlaceable_namingTheGpusTried() {
    Violation v = finding("SHR007/memory-slices-not-placeable.yaml", "SHR007");

    assertThat(v.message())
        .contains("not placeable: 1g.10gb x1 + 3g.40gb x2 need 9 memory slices but the GPU has 8")
        .contains("A100-80GB, H100-80GB-SXM, H100-80GB-PCIe");
  }

  @Test
  void shr006_unknownProfile_listsTheGpusTried() {
    assertThat(finding("SHR006/profile-no-gpu-offers.yaml", "SHR006").message())
        .contains("MIG profile 1g.11gb is offered by no catalogued GPU")
        .contains("A100-40GB")
        .contains("H200");
  }

  @Test
  void shr008_namesThePoolAndWhyTheLayoutDoesNotSuitIt() {
    List<Violation> found =
        findings(
            SharingFleet.RULES_WITH_FLEET,
            "SHR008/layout-for-another-gpu.yaml",
            SharingFleet.WITH_FLEET);

    assertThat(found)
        .extracting(Violation::message)
        .containsExactlyInAnyOrder(
            "mig-configs[all-1g.12gb]: pool \"l40s\" (L40S) selects this layout with"
                + " nvidia.com/mig.config, but L40S cannot be partitioned with MIG",
            "mig-configs[all-1g.12gb]: pool \"a100-40\" (A100-40GB) selects this layout, but"
                + " 1g.12gb is not a MIG profile of A100-40GB (it offers 1g.5gb, 1g.5gb+me,"
                + " 1g.10gb, 2g.10gb, 3g.20gb, 4g.20gb, 7g.40gb)");
  }

  @Test
  void shr009_namesWhatTheSelectedPoolAdvertises() {
    List<Violation> found =
        findings(
            SharingFleet.RULES_WITH_FLEET,
            "SHR009/whole-gpu-on-renamed-pool.yaml",
            SharingFleet.WITH_FLEET);

    assertThat(found)
        .singleElement()
        .satisfies(
            v ->
                assertThat(v.message())
                    .isEqualTo(
                        "container \"server\" requests nvidia.com/gpu, but the"
                            + " pools its node selection admits (t4-shared) advertise only"
                            + " nvidia.com/gpu.shared"));
  }

  @Test
  void shr010_mpsIsAnError_timeSlicingAWarning() {
    Violation mps =
        findings(
                SharingFleet.RULES_WITH_FLEET,
                "SHR010/two-mps-replicas.yaml",
                SharingFleet.WITH_FLEET)
            .get(0);
    Violation timeSliced =
        findings(
                SharingFleet.RULES_WITH_FLEET,
                "SHR010/two-time-sliced-replicas.yaml",
                SharingFleet.WITH_FLEET)
            .get(0);

    assertThat(mps.message()).contains("failRequestsGreaterThanOne, so the device plugin fails");
    assertThat(timeSliced.message()).contains("no more GPU than one");
  }

  @Test
  void shr011_wrongConfigKind_namesTheRequestAndItsClass() {
    List<Violation> found =
        findings(
            RuleFiles.RULES, "SHR011/wrong-kind-and-unknown-request.yaml", CheckOptions.defaults());

    assertThat(found)
        .extracting(Violation::message)
        .contains(
            "GpuConfig for request \"slice\" of class mig.nvidia.com, which the driver cannot apply"
                + " to those devices");
  }

  @Test
  void shr012_undeclaredClaim_listsTheDeclaredOnes() {
    List<Violation> found =
        findings(
            RuleFiles.RULES,
            "SHR012/undeclared-claim-and-unknown-request.yaml",
            CheckOptions.defaults());

    assertThat(found)
        .extracting(Violation::message)
        .contains(
            "container \"server\" uses claim \"gpus\", which the pod does not"
                + " declare in spec.resourceClaims [gpu, spare]");
  }
}
