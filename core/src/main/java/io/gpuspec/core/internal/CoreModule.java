package io.gpuspec.core.internal;

import io.gpuspec.core.internal.rules.ApiVersionServed;
import io.gpuspec.core.internal.rules.AutomountTokenIsAField;
import io.gpuspec.core.internal.rules.ClaimSpecsValid;
import io.gpuspec.core.internal.rules.ConfigMapKeysValid;
import io.gpuspec.core.internal.rules.ContainerFieldsValid;
import io.gpuspec.core.internal.rules.ContainersNamedWithImages;
import io.gpuspec.core.internal.rules.ControllerFieldsValid;
import io.gpuspec.core.internal.rules.CpuPodsDoNotTolerateEveryTaint;
import io.gpuspec.core.internal.rules.CronJobScheduleValid;
import io.gpuspec.core.internal.rules.ExtendedResourceRequestsEqualLimits;
import io.gpuspec.core.internal.rules.GpuNodesKeptForGpuWork;
import io.gpuspec.core.internal.rules.GpuPodsFitAPool;
import io.gpuspec.core.internal.rules.GpuPodsTolerateGpuTaints;
import io.gpuspec.core.internal.rules.GpuTolerationsPairedWithAffinity;
import io.gpuspec.core.internal.rules.GpuWorkloadsPinGpuNodes;
import io.gpuspec.core.internal.rules.JobCompletionFieldsValid;
import io.gpuspec.core.internal.rules.LimitRangesValid;
import io.gpuspec.core.internal.rules.NamesAndLabelsValid;
import io.gpuspec.core.internal.rules.NodeSelectionCanBeSatisfied;
import io.gpuspec.core.internal.rules.NodeSelectorsValid;
import io.gpuspec.core.internal.rules.ObjectsDefinedOnce;
import io.gpuspec.core.internal.rules.OneGpuModelPerJob;
import io.gpuspec.core.internal.rules.PersistentVolumesValid;
import io.gpuspec.core.internal.rules.PodFailurePolicyValid;
import io.gpuspec.core.internal.rules.PodFieldsValid;
import io.gpuspec.core.internal.rules.PodPlacementValid;
import io.gpuspec.core.internal.rules.PortsAndProbesValid;
import io.gpuspec.core.internal.rules.PriorityClassValid;
import io.gpuspec.core.internal.rules.QuotaCountsExtendedResourcesAsRequests;
import io.gpuspec.core.internal.rules.QuotaScopesValid;
import io.gpuspec.core.internal.rules.ResourceRequirementsValid;
import io.gpuspec.core.internal.rules.RestartPolicyFitsController;
import io.gpuspec.core.internal.rules.RestrictedSecurityContext;
import io.gpuspec.core.internal.rules.SecurityContextValid;
import io.gpuspec.core.internal.rules.SelectorMatchesTemplate;
import io.gpuspec.core.internal.rules.ServicesValid;
import io.gpuspec.core.internal.rules.SingleGlobalDefaultPriorityClass;
import io.gpuspec.core.internal.rules.SingleNodeClaimsOnOneNode;
import io.gpuspec.core.internal.rules.TolerationsValid;
import io.gpuspec.core.internal.rules.VolumesValid;
import io.gpuspec.core.manifest.ReadProblem;
import io.gpuspec.core.registry.KindEntry;
import io.gpuspec.core.registry.KindsFile;
import io.gpuspec.core.spi.GpuspecModule;
import io.gpuspec.core.spi.Rule;
import io.gpuspec.core.spi.RuleInfo;
import io.gpuspec.core.spi.WorkloadAdapter;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/** Core's own contribution: the built-in workload kinds and the Kubernetes and GPU rules. */
public final class CoreModule implements GpuspecModule {

  @Override
  public String name() {
    return "core";
  }

  @Override
  public List<WorkloadAdapter> workloadAdapters() {
    return List.of(new CoreWorkloadAdapter());
  }

  /** JobSet, LeaderWorkerSet, KubeRay's kinds and Kubeflow's training jobs but TFJob. */
  @Override
  public List<KindEntry> kindEntries() {
    return KindsFile.resource(KindsFile.class, "kinds.yaml");
  }

  @Override
  public List<RuleInfo> findingIds() {
    return readerFindings();
  }

  @Override
  public List<Rule> rules() {
    List<Rule> rules = new ArrayList<>(coreRules());
    rules.addAll(ApiVersionServed.all());
    return rules;
  }

  private static List<Rule> coreRules() {
    return List.of(
        new ExtendedResourceRequestsEqualLimits(),
        new GpuPodsTolerateGpuTaints(),
        new GpuTolerationsPairedWithAffinity(),
        new OneGpuModelPerJob(),
        new GpuPodsFitAPool(),
        new NodeSelectionCanBeSatisfied(),
        new CpuPodsDoNotTolerateEveryTaint(),
        new GpuNodesKeptForGpuWork(),
        new GpuWorkloadsPinGpuNodes(),
        new RestartPolicyFitsController(),
        new SelectorMatchesTemplate(),
        new NamesAndLabelsValid(),
        new QuotaCountsExtendedResourcesAsRequests(),
        new PriorityClassValid(),
        new SingleGlobalDefaultPriorityClass(),
        new ObjectsDefinedOnce(),
        new SingleNodeClaimsOnOneNode(),
        new RestrictedSecurityContext(),
        new AutomountTokenIsAField(),
        new ContainersNamedWithImages(),
        new TolerationsValid(),
        new NodeSelectorsValid(),
        new ResourceRequirementsValid(),
        new PortsAndProbesValid(),
        new PodFailurePolicyValid(),
        new JobCompletionFieldsValid(),
        new CronJobScheduleValid(),
        new ControllerFieldsValid(),
        new ClaimSpecsValid(),
        new ServicesValid(),
        new QuotaScopesValid(),
        new ConfigMapKeysValid(),
        new PodPlacementValid(),
        new ContainerFieldsValid(),
        new PodFieldsValid(),
        new SecurityContextValid(),
        new VolumesValid(),
        new PersistentVolumesValid(),
        new LimitRangesValid());
  }

  /**
   * The reader's findings ({@code YAML001}…), which no rule carries, as rule metadata: for listings
   * ({@code gpuspec rules}) and generated docs.
   */
  public static List<RuleInfo> readerFindings() {
    return Arrays.stream(ReadProblem.values()).map(CoreModule::info).toList();
  }

  private static RuleInfo info(ReadProblem problem) {
    return RuleInfo.builder()
        .id(problem.id())
        .severity(problem.severity())
        .title(problem.title())
        .why(problem.why())
        .fix(problem.fix())
        .kinds(List.of("*"))
        .documentation(problem.documentation())
        .build();
  }
}
