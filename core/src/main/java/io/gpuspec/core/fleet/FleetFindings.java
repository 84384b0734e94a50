package io.gpuspec.core.fleet;

import io.gpuspec.core.report.Severity;
import io.gpuspec.core.spi.RuleInfo;
import java.util.List;

/** The metadata of the fleet check's findings and of fleet file problems. */
public final class FleetFindings {

  private static final String SCHEDULING =
      "https://kubernetes.io/docs/concepts/scheduling-eviction/kube-scheduler/";

  /** FLEET001, FLEET002, FLEET003, FLEET004 and FLEET010, in id order. */
  public static final List<RuleInfo> ALL =
      List.of(
          RuleInfo.builder()
              .id(FleetReport.NEVER_SCHEDULES)
              .severity(Severity.ERROR)
              .title("Every pod template fits some node group of the fleet")
              .why(
                  "A pod whose node selection, tolerations or requests no node group meets stays"
                      + " Pending forever.")
              .fix(
                  "Change the pod's node selection, tolerations or requests to match a pool, or"
                      + " add a pool that offers them.")
              .addKinds("*")
              .documentation(SCHEDULING)
              .build(),
          RuleInfo.builder()
              .id(FleetReport.GANG_TOO_LARGE)
              .severity(Severity.ERROR)
              .title("A gang fits its pools all at once")
              .why(
                  "The pods of a gang (a PodGroup, a gang-scheduled training job, a JobSet, a"
                      + " LeaderWorkerSet group) start together or not at all: if the groups it"
                      + " fits cannot run them all at once, it never starts.")
              .fix("Run fewer pods, fewer GPUs per pod, or add nodes to the pools it fits.")
              .addKinds("*")
              .documentation(SCHEDULING)
              .build(),
          RuleInfo.builder()
              .id(FleetReport.RUNS_IN_WAVES)
              .severity(Severity.WARNING)
              .title(
                  "A workload whose pods start as they fit runs no more pods than its pools hold")
              .why(
                  "Pods that no gang scheduler or controller starts together (an Indexed or"
                      + " parallel Job, a Deployment) run as many as fit: a Job's pods run in"
                      + " waves, an always-on workload's extra replicas stay Pending.")
              .fix(
                  "Nothing to do for independent pods; otherwise run fewer replicas or add nodes"
                      + " to the pools they fit.")
              .addKinds("*")
              .documentation(SCHEDULING)
              .build(),
          RuleInfo.builder()
              .id(DomainFit.NOT_WITHIN_DOMAIN)
              .severity(Severity.ERROR)
              .title("A pod set fits within one domain of the topology level it asks for")
              .why(
                  "Kueue admits a pod set that requires a topology level (a rack, a block) only"
                      + " when one domain of that level holds all its pods; a preferred level"
                      + " that no domain holds spreads the pods over slower links.")
              .fix("Make the pod set smaller, ask for a wider level, or add nodes to a domain.")
              .addKinds("*")
              .documentation("https://kueue.sigs.k8s.io/docs/concepts/topology_aware_scheduling/")
              .build(),
          RuleInfo.builder()
              .id(FleetFiles.INVALID_FLEET)
              .severity(Severity.ERROR)
              .title("A fleet file describes node groups")
              .why(
                  "The fleet check needs node groups with labels, taints, allocatable resources"
                      + " and counts; a fleet file without them checks nothing.")
              .fix(
                  "Give a gpuspec.io/v1alpha1 Fleet file (docs/fleet.md) or the output of kubectl"
                      + " get nodes -o yaml.")
              .documentation("https://kubernetes.io/docs/concepts/architecture/nodes/")
              .build());

  private FleetFindings() {}
}
