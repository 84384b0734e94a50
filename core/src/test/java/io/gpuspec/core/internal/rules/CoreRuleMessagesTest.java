package io.gpuspec.core.internal.rules;

import static org.assertj.core.api.Assertions.assertThat;

import io.gpuspec.core.Fleet;
import io.gpuspec.core.GpuCatalogue;
import io.gpuspec.core.NodePool;
import io.gpuspec.core.NodeTaint;
import io.gpuspec.core.TestGpuspec;
import io.gpuspec.core.check.CheckOptions;
import io.gpuspec.core.check.RuleFiles;
import io.gpuspec.core.report.Severity;
import io.gpuspec.core.report.Violation;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;

/**
 * The wording of core rule findings, which a rule test file cannot state: each test reads one file
 * of {@code src/test/resources/rules*} (whose exact findings {@code CoreRuleFilesTest} checks) and
 * asserts what the message and the fix say: the object, the offending values, the suggestion.
 */
class CoreRuleMessagesTest {

  /** The only finding of {@code ruleId} in {@code rules/<file>}, checked without a fleet. */
  private static Violation finding(String file, String ruleId) {
    return RuleFiles.finding(
        TestGpuspec.GPUSPEC, RuleFiles.RULES.resolve(file), CheckOptions.defaults(), ruleId);
  }

  /** The only finding of {@code ruleId} in {@code rules-with-fleet/<file>}. */
  private static Violation findingWithFleet(String file, String ruleId) {
    return RuleFiles.finding(
        TestGpuspec.GPUSPEC,
        RuleFiles.RULES_WITH_FLEET.resolve(file),
        RuleFiles.WITH_FLEET,
        ruleId);
  }

  @Test
  void gpu001_requestWithoutLimit_namesObjectContainerAmountAndTheLimitToAdd() {
    Violation v = finding("GPU001/request-without-limit.yaml", "GPU001");

    assertThat(v.message())
        .startsWith("container \"server\": requests nvidia.com/gpu=2")
        .contains("no limit");
    assertThat(v.fix()).contains("limits: {nvidia.com/gpu: \"2\"}");
  }

  @Test
  void gpu001_requestDifferentFromLimit_namesBothValues() {
    assertThat(finding("GPU001/request-differs-from-limit.yaml", "GPU001").message())
        .contains("requests nvidia.com/gpu=2 but limits=1");
  }

  @Test
  void gpu001_fractionalLimit_namesTheValue() {
    assertThat(finding("GPU001/fractional-limit.yaml", "GPU001").message())
        .contains("\"500m\"", "not a whole number");
  }

  @Test
  void gpu001_anyExtendedResource_namesItsValues() {
    assertThat(finding("GPU001/other-extended-resource.yaml", "GPU001").message())
        .contains("rdma/hca_shared_devices_a=3", "limits=4");
  }

  @Test
  void gpu001_hugePages_sayHugePages() {
    assertThat(finding("GPU001/hugepages-request-without-limit.yaml", "GPU001").message())
        .contains("huge pages");
  }

  @Test
  void gpu002_noFleet_namesTheAdmissionPluginAndTheToleration() {
    Violation v = finding("GPU002/no-toleration-warns.yaml", "GPU002");

    assertThat(v.message())
        .startsWith("requests ")
        .contains("nvidia.com/gpu", "ExtendedResourceToleration");
    assertThat(v.fix()).contains("{key: nvidia.com/gpu, operator: Exists, effect: NoSchedule}");
  }

  @Test
  void gpu002_fleet_namesThePoolAndGivesTheExactToleration() {
    Violation v = findingWithFleet("GPU002/untolerated-pool-taint.yaml", "GPU002");

    assertThat(v.message())
        .contains("pool \"h100-train\"", "nvidia.com/gpu=present:NoSchedule", "never schedule");
    assertThat(v.fix())
        .contains("{key: nvidia.com/gpu, operator: Equal, value: \"present\", effect: NoSchedule}");
  }

  @Test
  void gpu002_fleetWithDedicatedPool_asksOnlyForTheMissingTaint() {
    Violation v = findingWithFleet("GPU002/dedicated-pool-missing-taint.yaml", "GPU002");

    assertThat(v.message())
        .contains("pool \"a100-train\"", "dedicated=gpu:NoSchedule")
        .doesNotContain("nvidia.com/gpu=present");
    assertThat(v.fix())
        .isEqualTo(
            "add to spec.template.spec.tolerations: {key: dedicated, operator: Equal, value: \"gpu\","
                + " effect: NoSchedule}");
  }

  @Test
  void gpu003_noFleet_namesTheTolerationAndSuggestsAModelAffinity() {
    Violation v = finding("GPU003/toleration-without-pin.yaml", "GPU003");

    assertThat(v.message()).startsWith("tolerates nvidia.com/gpu:NoSchedule").contains("any node");
    assertThat(v.fix())
        .contains("requiredDuringSchedulingIgnoredDuringExecution", "nvidia.com/gpu.product");
  }

  @Test
  void gpu003_fleet_suggestsTheLabelsOfAPoolTheTolerationAdmits() {
    assertThat(findingWithFleet("GPU003/toleration-without-pin.yaml", "GPU003").fix())
        .contains("pool \"a100-train\"", "key: nvidia.com/gpu.product", "NVIDIA-A100-SXM4-80GB");
  }

  @Test
  void gpu003_dedicatedToleration_isNamed() {
    assertThat(finding("GPU003/dedicated-toleration-with-only-notin-affinity.yaml", "GPU003"))
        .extracting(Violation::message)
        .asString()
        .contains("dedicated=gpu:NoSchedule");
  }

  @Test
  void gpu003_customPoolTaint_isAGpuTolerationOnceAPoolWithThatTaintIsKnown() {
    NodeTaint trainTaint = new NodeTaint("example.com/pool", "train", NodeTaint.Effect.NO_SCHEDULE);
    NodePool train =
        NodePool.named("train")
            .model(GpuCatalogue.H100_80GB_SXM)
            .gpusPerNode(8)
            .taints(trainTaint)
            .build();
    Path file = RuleFiles.RULES.resolve("GPU003/custom-pool-taint-without-fleet.yaml");

    // without pools the file expects only GPU002's warning; with the train pool known the
    // custom toleration is a GPU toleration (GPU003) and it satisfies GPU002
    assertThat(
            RuleFiles.findings(
                TestGpuspec.GPUSPEC, file, CheckOptions.builder().fleet(Fleet.of(train)).build()))
        .singleElement()
        .satisfies(
            v -> {
              assertThat(v.ruleId()).isEqualTo("GPU003");
              assertThat(v.severity()).isEqualTo(Severity.ERROR);
              assertThat(v.path()).isEqualTo("spec.template.spec.tolerations[0]");
              assertThat(v.message()).contains("example.com/pool=train:NoSchedule");
              assertThat(v.fix()).contains("pool \"train\"", "NVIDIA-H100-80GB-HBM3");
            });
  }

  @Test
  void gpu004_parallelJobAdmittingTwoModels_namesBoth() {
    assertThat(finding("GPU004/parallel-job-admitting-two-models.yaml", "GPU004").message())
        .contains(
            "admits nodes labelled",
            "nvidia.com/gpu.product: NVIDIA-A100-SXM4-80GB or nvidia.com/gpu.product:"
                + " NVIDIA-H100-80GB-HBM3");
  }

  @Test
  void gpu004_unpinnedWithoutFleet_saysItPinsNoModel() {
    assertThat(finding("GPU004/unpinned-parallel-job.yaml", "GPU004").message())
        .contains("pins no GPU model", "can mix models");
  }

  @Test
  void gpu004_unpinnedWithFleet_namesTheModelsAndAPoolToPinTo() {
    Violation v = findingWithFleet("GPU004/unpinned-parallel-job.yaml", "GPU004");

    assertThat(v.message()).contains("gpu.model: H100", "gpu-type: l40s");
    assertThat(v.fix()).contains("pool \"h100-train\"");
  }

  @Test
  void gpu005_affinityMatchingNoPool_listsThePoolsAndSuggestsOne() {
    Violation v = findingWithFleet("GPU005/affinity-matching-no-pool.yaml", "GPU005");

    assertThat(v.message())
        .contains("the pod requests", "match no pool", "(a100-train, h100-train, l40s-inference)")
        .doesNotContain("deployment \"llm\"");
    assertThat(v.fix()).contains("nvidia.com/gpu.product=NVIDIA-A100-SXM4-80GB");
  }

  @Test
  void gpu005_moreGpusThanANode_namesBothCounts() {
    assertThat(findingWithFleet("GPU005/more-gpus-than-a-node-has.yaml", "GPU005").message())
        .contains("requests 16 GPUs per pod", "at most 8");
  }

  @Test
  void k8s001_jobWithoutRestartPolicy_explainsTheDefaultAndSuggestsNever() {
    Violation v = finding("K8S001/job-without-restart-policy.yaml", "K8S001");

    assertThat(v.message()).startsWith("restartPolicy is unset").contains("defaults to Always");
    assertThat(v.fix()).contains("spec.template.spec.restartPolicy: Never");
  }

  @Test
  void k8s001_jobWithAlways_namesTheValue() {
    assertThat(finding("K8S001/job-with-always.yaml", "K8S001").message())
        .contains("\"Always\"", "OnFailure or Never");
  }

  @Test
  void k8s001_deploymentWithOnFailure_namesTheValueAndTheFix() {
    Violation v = finding("K8S001/deployment-with-onfailure.yaml", "K8S001");

    assertThat(v.message()).startsWith("restartPolicy \"OnFailure\"").contains("only Always");
    assertThat(v.fix()).isEqualTo("remove spec.template.spec.restartPolicy or set it to Always");
  }

  @Test
  void k8s002_missingSelector_suggestsTheTemplateLabels() {
    Violation v = finding("K8S002/deployment-without-selector.yaml", "K8S002");

    assertThat(v.message()).startsWith("spec.selector is missing");
    assertThat(v.fix()).contains("{app=llm}");
  }

  @Test
  void k8s002_emptySelector_saysEmpty() {
    assertThat(finding("K8S002/empty-selector.yaml", "K8S002").message()).contains("is empty");
  }

  @Test
  void k8s002_matchLabelsNotOnTemplate_namesBothValues() {
    assertThat(finding("K8S002/match-labels-not-on-template.yaml", "K8S002").message())
        .contains("app=other", "app=llm");
  }

  @Test
  void k8s002_matchExpression_isQuoted() {
    assertThat(finding("K8S002/match-expression-not-selecting-template.yaml", "K8S002").message())
        .contains("app NotIn [vector-db]");
  }

  @Test
  void k8s002_jobSelector_namesManualSelector() {
    assertThat(finding("K8S002/job-selector-without-manual-selector.yaml", "K8S002").message())
        .contains("manualSelector");
  }

  @Test
  void k8s003_missingName_saysMissing() {
    assertThat(finding("K8S003/missing-name.yaml", "K8S003").message()).contains("missing");
  }

  @Test
  void k8s003_upperCaseName_suggestsAValidName() {
    Violation v = finding("K8S003/upper-case-deployment-name.yaml", "K8S003");

    assertThat(v.message()).contains("\"LLM_Server\"", "DNS-1123 subdomain");
    assertThat(v.fix()).isEqualTo("rename it, e.g. to \"llm-server\"");
  }

  @Test
  void k8s003_dottedNamespaceName_isALabelProblemWithASuggestion() {
    Violation v = finding("K8S003/dotted-namespace-name.yaml", "K8S003");

    assertThat(v.object().kind()).isEqualTo("Namespace");
    assertThat(v.message()).contains("DNS-1123 label");
    assertThat(v.fix()).contains("\"ml-serving\"");
  }

  @Test
  void k8s003_jobAndCronJobNameLengths_nameTheLimit() {
    assertThat(finding("K8S003/job-name-too-long.yaml", "K8S003").message())
        .contains("64 characters", "63");
    assertThat(finding("K8S003/cronjob-name-too-long.yaml", "K8S003").message())
        .contains("at most 52");
  }

  @Test
  void k8s003_invalidLabelValue_isQuoted() {
    assertThat(finding("K8S003/invalid-template-label-value.yaml", "K8S003").message())
        .contains("\"gpu serving\"");
  }

  @Test
  void k8s003_invalidNamespace_isQuoted() {
    assertThat(finding("K8S003/invalid-namespace.yaml", "K8S003").message()).contains("\"ML\"");
  }

  @Test
  void k8s004_bareGpuKey_givesTheRequestsKeyWithTheAmount() {
    Violation v = finding("K8S004/bare-gpu-key.yaml", "K8S004");

    assertThat(v.message())
        .startsWith("spec.hard key \"nvidia.com/gpu\"")
        .contains("never enforced");
    assertThat(v.fix()).isEqualTo("write requests.nvidia.com/gpu: \"8\" instead of nvidia.com/gpu");
  }

  @Test
  void k8s004_limitsKey_givesTheRequestsKey() {
    assertThat(finding("K8S004/limits-mig-key.yaml", "K8S004").fix())
        .startsWith("write requests.nvidia.com/mig-1g.10gb: \"4\"");
  }

  @Test
  void k8s004_fractionalQuota_namesTheValue() {
    assertThat(finding("K8S004/fractional-gpu-quota.yaml", "K8S004").message())
        .contains("\"1.5\"", "not a whole number");
  }

  @Test
  void k8s005_valueAboveOneBillion_namesTheValueOnTheClass() {
    Violation v = finding("K8S005/value-above-one-billion.yaml", "K8S005");

    assertThat(v.object().name()).isEqualTo("training-urgent");
    assertThat(v.message()).startsWith("value 1000000001 is above 1000000000");
  }

  @Test
  void k8s005_systemPrefix_suggestsTheNameWithoutIt() {
    assertThat(finding("K8S005/system-prefix.yaml", "K8S005").fix()).contains("\"gpu\"");
  }

  @Test
  void k8s005_unknownPreemptionPolicy_isQuoted() {
    assertThat(finding("K8S005/unknown-preemption-policy.yaml", "K8S005").message())
        .contains("\"Sometimes\"");
  }

  @Test
  void k8s006_secondGlobalDefault_namesTheFirst() {
    Violation v = finding("K8S006/two-global-defaults.yaml", "K8S006");

    assertThat(v.object().name()).isEqualTo("training-normal");
    assertThat(v.message())
        .contains("PriorityClass \"experiment-low\" is already the global default");
  }

  @Test
  void sec001_bareContainer_listsEverythingMissingOnce() {
    assertThat(finding("SEC001/bare-container.yaml", "SEC001").message())
        .contains(
            "container \"server\"",
            "allowPrivilegeEscalation",
            "capabilities.drop lacks ALL",
            "runAsNonRoot",
            "seccompProfile.type is unset");
  }

  @Test
  void sec001_containerOverridingThePod_listsOnlyWhatItBreaks() {
    assertThat(finding("SEC001/privileged-container-overriding-pod.yaml", "SEC001").message())
        .contains("privileged: true", "runAsNonRoot is not true", "\"Unconfined\"")
        .doesNotContain("capabilities");
  }

  @Test
  void sec002_annotationOnDeployment_pointsAtThePodSpecField() {
    Violation v = finding("SEC002/annotation-on-deployment.yaml", "SEC002");

    assertThat(v.message()).startsWith("annotation ").contains("\"false\"", "does nothing");
    assertThat(v.fix())
        .isEqualTo(
            "remove the annotation and set the field"
                + " spec.template.spec.automountServiceAccountToken: false");
  }

  @Test
  void sec002_annotationOnServiceAccount_pointsAtItsField() {
    assertThat(finding("SEC002/annotation-on-service-account.yaml", "SEC002").fix())
        .isEqualTo("remove the annotation and set the field automountServiceAccountToken: false");
  }

  @Test
  void k8s007_nullSpec_saysRequiredValueAndHowToAddContainers() {
    Violation v = finding("K8S007/pod-with-null-spec.yaml", "K8S007");

    assertThat(v.path()).isEqualTo("spec.containers");
    assertThat(v.message()).contains("Required value", "at least one container");
    assertThat(v.fix()).contains("add spec.containers", "name:", "image:");
  }

  @Test
  void k8s008_existsWithValue_namesTheValueAndTheFix() {
    Violation v = finding("K8S008/exists-with-value.yaml", "K8S008");

    assertThat(v.path()).endsWith("spec.tolerations[0].value");
    assertThat(v.message()).contains("Exists takes no value", "\"planned\"");
    assertThat(v.fix()).contains("drop value", "operator: Equal");
  }

  @Test
  void k8s009_gtWithNonInteger_namesTheValue() {
    Violation v = finding("K8S009/gt-with-non-integer.yaml", "K8S009");

    assertThat(v.path()).contains("matchExpressions[0]");
    assertThat(v.message()).contains("Gt compares integers", "\"80gb\"");
    assertThat(v.fix()).contains("integer");
  }

  @Test
  void k8s010_gpuInPodLevelResources_saysGpusArePerContainer() {
    Violation v = finding("K8S010/gpu-in-pod-level-resources.yaml", "K8S010");

    assertThat(v.message())
        .contains(
            "resource name \"nvidia.com/gpu\"",
            "only cpu, memory and hugepages-<size>",
            "GPUs are requested per container")
        .doesNotContain("deployment \"llm\"");
    assertThat(v.path()).isEqualTo("spec.template.spec.resources.limits[nvidia.com/gpu]");
    assertThat(v.fix()).contains("move nvidia.com/gpu to the containers' resources");
  }

  @Test
  void k8s011_onFailureWithPodFailurePolicy_asksForNever() {
    Violation v = finding("K8S011/onfailure-in-cronjob.yaml", "K8S011");

    assertThat(v.message()).contains("OnFailure", "needs Never");
    assertThat(v.fix()).contains("restartPolicy: Never");
  }
}
