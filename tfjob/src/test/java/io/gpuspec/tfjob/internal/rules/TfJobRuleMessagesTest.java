package io.gpuspec.tfjob.internal.rules;

import static org.assertj.core.api.Assertions.assertThat;

import io.gpuspec.core.TestGpuspec;
import io.gpuspec.core.check.CheckOptions;
import io.gpuspec.core.check.RuleFiles;
import io.gpuspec.core.report.Violation;
import org.junit.jupiter.api.Test;

/**
 * The wording of findings on TFJobs, which a rule test file cannot state: each test reads one file
 * of {@code src/test/resources/rules} (whose exact findings {@code TfJobRuleFilesTest} checks) and
 * asserts what the message and the fix say.
 */
class TfJobRuleMessagesTest {

  /** The only finding of {@code ruleId} in {@code rules/<file>}, checked without a fleet. */
  private static Violation finding(String file, String ruleId) {
    return RuleFiles.finding(
        TestGpuspec.GPUSPEC, RuleFiles.RULES.resolve(file), CheckOptions.defaults(), ruleId);
  }

  @Test
  void tfj001_unknownReplicaType_isQuotedAndTheKnownOnesListed() {
    Violation v = finding("TFJ001/lower-case-worker.yaml", "TFJ001");

    assertThat(v.message()).contains("\"worker\" is not a TFJob replica type");
    assertThat(v.fix()).contains("Chief, Master, Worker, PS, Evaluator");
  }

  @Test
  void tfj001_noReplicaSpecs_saysSo() {
    assertThat(finding("TFJ001/no-replica-specs.yaml", "TFJ001").message())
        .contains("no replica specs");
  }

  @Test
  void tfj002_chiefAndMaster_namesBoth() {
    assertThat(finding("TFJ002/chief-and-master.yaml", "TFJ002").message())
        .contains("both a Chief and a Master");
  }

  @Test
  void tfj002_chiefWithTwoReplicas_namesTheCountAndTheFix() {
    Violation v = finding("TFJ002/chief-with-two-replicas.yaml", "TFJ002");

    assertThat(v.message()).isEqualTo("Chief has 2 replicas");
    assertThat(v.fix()).contains("set replicas to 1");
  }

  @Test
  void tfj003_containerWithAnotherName_givesTheRename() {
    Violation v = finding("TFJ003/worker-container-renamed.yaml", "TFJ003");

    assertThat(v.message()).contains("Worker has no container named \"tensorflow\"");
    assertThat(v.fix()).isEqualTo("rename the container \"trainer\" to \"tensorflow\"");
  }

  @Test
  void tfj003_noContainers_saysSo() {
    assertThat(finding("TFJ003/chief-without-containers.yaml", "TFJ003").message())
        .isEqualTo("Chief has no containers");
  }

  @Test
  void tfj004_differentGpuCounts_listsEachRole() {
    assertThat(finding("TFJ004/chief-and-workers-differ.yaml", "TFJ004").message())
        .contains("(Chief 2, Worker 1)");
  }

  @Test
  void tfj006_gangLargerThanJob_namesBothCountsAndTheFix() {
    Violation v = finding("TFJ006/gang-larger-than-job.yaml", "TFJ006");

    assertThat(v.message()).contains("waits for 6 pods but the job creates 5");
    assertThat(v.fix()).isEqualTo("set minAvailable to at most 5");
  }

  @Test
  void gpu004_rolesOnDifferentModels_namesEachRoleAndModel() {
    Violation v = finding("GPU004/roles-on-different-models.yaml", "GPU004");

    assertThat(v.message())
        .isEqualTo(
            "Chief pinned to nvidia.com/gpu.product: NVIDIA-H100-80GB-HBM3 but"
                + " Worker to nvidia.com/gpu.product: NVIDIA-A100-SXM4-80GB; replicas that train"
                + " together must run on one GPU model");
    assertThat(v.fix())
        .startsWith("pin every GPU replica that trains to one model")
        .contains("{key: nvidia.com/gpu.product, operator: In, values: [NVIDIA-H100-80GB-HBM3]}");
  }

  @Test
  void k8s003_tfJobNameStartingWithADigit_isNotADns1035Label() {
    assertThat(finding("K8S003/name-starting-with-a-digit.yaml", "K8S003").message())
        .contains("\"1mnist\" is not a DNS-1035 label");
  }
}
