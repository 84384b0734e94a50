package io.gpuspec.scheduling;

import static org.assertj.core.api.Assertions.assertThat;

import io.fabric8.kubernetes.api.model.HasMetadata;
import io.fabric8.kubernetes.api.model.LabelSelectorBuilder;
import io.fabric8.kubernetes.api.model.LimitRange;
import io.fabric8.kubernetes.api.model.LimitRangeItem;
import io.fabric8.kubernetes.api.model.ObjectMetaBuilder;
import io.fabric8.kubernetes.api.model.PersistentVolumeClaim;
import io.fabric8.kubernetes.api.model.PodSpec;
import io.fabric8.kubernetes.api.model.PodTemplateSpec;
import io.fabric8.kubernetes.api.model.Quantity;
import io.fabric8.kubernetes.api.model.Taint;
import io.fabric8.kubernetes.api.model.batch.v1.Job;
import io.fabric8.kubernetes.api.model.rbac.RoleBinding;
import io.fabric8.kubernetes.api.model.storage.StorageClassBuilder;
import io.gpuspec.core.Fleet;
import io.gpuspec.core.NodeGroup;
import io.gpuspec.core.NodePool;
import io.gpuspec.core.TestGpuspec;
import io.gpuspec.core.TrainingJob;
import io.gpuspec.core.check.CheckOptions;
import io.gpuspec.core.manifest.ManifestSet;
import io.gpuspec.core.report.Report;
import io.gpuspec.scheduling.SchedulingArbitraries.GpuQuota;
import io.gpuspec.scheduling.SchedulingArbitraries.PolicySpec;
import io.gpuspec.scheduling.SchedulingArbitraries.TeamSpec;
import io.gpuspec.scheduling.facts.KueueTopologyFacts;
import io.gpuspec.scheduling.facts.KueueWebhookFacts;
import io.gpuspec.scheduling.model.kueue.ClusterQueue;
import io.gpuspec.scheduling.model.kueue.FairSharing;
import io.gpuspec.scheduling.model.kueue.FlavorQuotas;
import io.gpuspec.scheduling.model.kueue.LocalQueue;
import io.gpuspec.scheduling.model.kueue.ResourceFlavor;
import io.gpuspec.scheduling.model.kueue.ResourceQuota;
import io.gpuspec.scheduling.model.kueue.Topology;
import io.gpuspec.scheduling.model.kueue.TopologyLevel;
import io.gpuspec.scheduling.model.volcano.PodGroup;
import io.gpuspec.scheduling.model.volcano.Queue;
import io.gpuspec.scheduling.model.volcano.batch.JobSpec;
import io.gpuspec.scheduling.model.volcano.batch.NetworkTopologySpec;
import io.gpuspec.scheduling.model.volcano.batch.TaskSpec;
import io.gpuspec.scheduling.model.volcano.topology.HyperNode;
import io.gpuspec.scheduling.model.volcano.topology.HyperNodeSpec;
import io.gpuspec.scheduling.model.volcano.topology.MemberSelector;
import io.gpuspec.scheduling.model.volcano.topology.MemberSpec;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.IntStream;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Assume;
import net.jqwik.api.Combinators;
import net.jqwik.api.EdgeCasesMode;
import net.jqwik.api.ForAll;
import net.jqwik.api.Label;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.statistics.Statistics;
import org.junit.jupiter.api.Test;

/**
 * For every scheduling rule, a mutation that introduces exactly that rule's defect into valid
 * objects is always reported with that rule's id, while the same objects unmutated are not. The
 * valid objects are a random DSL-built policy ({@link SchedulingArbitraries#policies()}: tiers,
 * Kueue flavors and queues, teams, Volcano queues and gangs) with, in the first team's namespace, a
 * Job the DSL placed on one of the pools, ganged by Volcano and queued in Kueue within the team's
 * quota, and a Volcano Job. The policy's pools are the fleet of every check.
 */
class SchedulingDefectMutationProperties {

  private static final String JOB = "train";
  private static final String VOLCANO_JOB = "sweep";
  private static final String LOCAL_QUEUE = "training";
  private static final String MISSING = "no-such-name";
  private static final String TOPOLOGY = "datacenter";
  private static final String RACK = "topology.example.com/rack";
  private static final String BLOCK = "topology.example.com/block";

  /** The valid objects of one try: fresh from the DSL, so a mutation never leaks to another. */
  record Valid(Shape shape, List<HasMetadata> objects, List<NodeGroup> moreNodes) {

    Valid(Shape shape, List<HasMetadata> objects) {
      this(shape, objects, new ArrayList<>());
    }

    /** The policy's pools, and the node groups a mutation added. */
    Fleet fleet() {
      if (moreNodes.isEmpty()) {
        return Fleet.of(shape.spec().pools());
      }
      List<NodeGroup> groups = new ArrayList<>(Fleet.of(shape.spec().pools()).groups());
      groups.addAll(moreNodes);
      return Fleet.ofGroups(groups);
    }

    String team() {
      return shape.team().name();
    }

    <T extends HasMetadata> T find(Class<T> type, String name) {
      return objects.stream()
          .filter(type::isInstance)
          .map(type::cast)
          .filter(o -> o.getMetadata().getName().equals(name))
          .filter(
              o ->
                  o.getMetadata().getNamespace() == null
                      || o.getMetadata().getNamespace().equals(team()))
          .findFirst()
          .orElseThrow(() -> new AssertionError("no " + type.getSimpleName() + " " + name));
    }

    /** The queued and ganged Job. */
    Job job() {
      return find(Job.class, JOB);
    }

    PodSpec jobPods() {
      return job().getSpec().getTemplate().getSpec();
    }

    /** The PodGroup of the Job's gang, named after the Job. */
    PodGroup podGroup() {
      return find(PodGroup.class, JOB);
    }

    List<ResourceFlavor> flavors() {
      return objects.stream()
          .filter(ResourceFlavor.class::isInstance)
          .map(ResourceFlavor.class::cast)
          .toList();
    }

    List<HyperNode> hyperNodes() {
      return objects.stream()
          .filter(HyperNode.class::isInstance)
          .map(HyperNode.class::cast)
          .toList();
    }

    ClusterQueue clusterQueue() {
      return find(ClusterQueue.class, team());
    }

    /** The team's quotas in the flavor of the Job's pool. */
    FlavorQuotas flavor() {
      return clusterQueue().getSpec().getResourceGroups().get(0).getFlavors().get(shape.pool());
    }

    ResourceQuota gpuQuota() {
      return flavor().getResources().stream()
          .filter(r -> r.getName().equals("nvidia.com/gpu"))
          .findFirst()
          .orElseThrow();
    }

    Queue volcanoQueue() {
      return find(Queue.class, team());
    }

    io.gpuspec.scheduling.model.volcano.batch.Job volcanoJob() {
      return find(io.gpuspec.scheduling.model.volcano.batch.Job.class, VOLCANO_JOB);
    }
  }

  /** Each scheduling rule and the one defect it exists to catch. */
  enum Defect {
    SCH001 {
      @Override
      void apply(Valid valid) {
        valid.jobPods().setPriorityClassName(MISSING);
      }
    },
    SCH002 {
      @Override
      void apply(Valid valid) {
        valid.job().getMetadata().getLabels().put("kueue.x-k8s.io/priority-class", MISSING);
      }
    },
    SCH003 {
      @Override
      void apply(Valid valid) {
        valid.podGroup().getSpec().setQueue(MISSING);
      }
    },
    SCH004 {
      @Override
      void apply(Valid valid) {
        valid.job().getMetadata().getLabels().put("kueue.x-k8s.io/queue-name", MISSING);
      }
    },
    SCH005 {
      @Override
      void apply(Valid valid) {
        valid
            .job()
            .getSpec()
            .getTemplate()
            .getMetadata()
            .getAnnotations()
            .put("scheduling.k8s.io/group-name", MISSING);
      }
    },
    SCH006 {
      @Override
      void apply(Valid valid) {
        valid.flavor().setName(MISSING);
      }
    },
    SCH007 {
      @Override
      void apply(Valid valid) {
        valid.find(LocalQueue.class, LOCAL_QUEUE).getSpec().setClusterQueue(MISSING);
      }
    },
    SCH008 {
      @Override
      void apply(Valid valid) {
        valid.podGroup().getSpec().setMinMember(valid.shape().parallelism() + 1);
      }
    },
    SCH009 {
      @Override
      void apply(Valid valid) {
        int pods = valid.shape().tasks().stream().mapToInt(Integer::intValue).sum();
        valid.volcanoJob().getSpec().setMinAvailable(pods + 1);
      }
    },
    SCH010 {
      @Override
      void apply(Valid valid) {
        valid.volcanoQueue().getSpec().setWeight(valid.shape().overWeight() ? 65_536 : 0);
      }
    },
    SCH011 {
      @Override
      void apply(Valid valid) {
        Queue queue = valid.volcanoQueue();
        Quantity capability = queue.getSpec().getCapability().get("nvidia.com/gpu");
        int above = Integer.parseInt(capability.getAmount()) + 1;
        Map<String, Quantity> guarantee =
            new HashMap<>(queue.getSpec().getGuarantee().getResource());
        guarantee.put("nvidia.com/gpu", new Quantity(Integer.toString(above)));
        queue.getSpec().getGuarantee().setResource(guarantee);
      }
    },
    SCH012 {
      @Override
      void apply(Valid valid) {
        List<ResourceQuota> resources = new ArrayList<>(valid.flavor().getResources());
        Collections.reverse(resources);
        valid.flavor().setResources(resources);
      }
    },
    SCH013 {
      @Override
      boolean appliesTo(Valid valid) {
        return !valid.shape().spec().cohort();
      }

      @Override
      void apply(Valid valid) {
        valid.gpuQuota().setBorrowingLimit(new Quantity("1"));
      }
    },
    SCH014 {
      @Override
      void apply(Valid valid) {
        ResourceQuota gpu = valid.gpuQuota();
        int nominal = Integer.parseInt(gpu.getNominalQuota().getAmount());
        gpu.setLendingLimit(new Quantity(Integer.toString(nominal + 1)));
      }
    },
    SCH015 {
      /** A pod asking for more GPUs than the namespace's ResourceQuota holds in all. */
      @Override
      void apply(Valid valid) {
        int quota = valid.shape().team().quotas().stream().mapToInt(GpuQuota::nominal).sum();
        Quantity more = new Quantity(Integer.toString(quota + 1));
        var resources = valid.jobPods().getContainers().get(0).getResources();
        for (Map<String, Quantity> amounts :
            Arrays.asList(resources.getRequests(), resources.getLimits())) {
          if (amounts != null && amounts.containsKey("nvidia.com/gpu")) {
            amounts.put("nvidia.com/gpu", more);
          }
        }
      }
    },
    SCH016 {
      /**
       * Valid policies may overcommit the fleet (the DSL lets it through): only those that don't.
       */
      @Override
      boolean appliesTo(Valid valid) {
        PolicySpec spec = valid.shape().spec();
        return IntStream.range(0, spec.pools().size())
            .allMatch(
                p ->
                    spec.teams().stream().mapToInt(t -> t.quotas().get(p).nominal()).sum()
                        <= spec.pools().get(p).totalGpus());
      }

      @Override
      void apply(Valid valid) {
        int fleet = valid.shape().spec().pools().stream().mapToInt(NodePool::totalGpus).sum();
        valid.gpuQuota().setNominalQuota(new Quantity(Integer.toString(fleet + 1)));
      }
    },
    SCH017 {
      @Override
      void apply(Valid valid) {
        valid.jobPods().setSchedulerName("default-scheduler");
      }
    },
    SCH018 {
      @Override
      void apply(Valid valid) {
        List<String> teams = valid.shape().spec().teams().stream().map(TeamSpec::name).toList();
        String elsewhere = valid.team() + "-elsewhere";
        while (teams.contains(elsewhere)) {
          elsewhere += "x";
        }
        valid
            .clusterQueue()
            .getSpec()
            .setNamespaceSelector(
                new LabelSelectorBuilder()
                    .addToMatchLabels("kubernetes.io/metadata.name", elsewhere)
                    .build());
      }
    },
    SCH019 {
      @Override
      void apply(Valid valid) {
        LimitRangeItem limit =
            valid.find(LimitRange.class, Team.LIMIT_RANGE).getSpec().getLimits().get(0);
        Quantity most = limit.getDefault().get("memory");
        limit.getDefaultRequest().put("memory", most.multiply(2));
      }
    },
    SCH020 {
      @Override
      void apply(Valid valid) {
        ResourceFlavor flavor =
            valid.objects().stream()
                .filter(ResourceFlavor.class::isInstance)
                .map(ResourceFlavor.class::cast)
                .findFirst()
                .orElseThrow();
        List<Taint> taints = new ArrayList<>(flavor.getSpec().getNodeTaints());
        taints.add(new Taint("NoSchedule", "example.com/pool", null, "a"));
        taints.add(new Taint("NoSchedule", "example.com/pool", null, "b"));
        flavor.getSpec().setNodeTaints(taints);
      }
    },
    SCH021 {
      @Override
      void apply(Valid valid) {
        FairSharing weight = new FairSharing();
        weight.setWeight(new Quantity("-1"));
        valid.clusterQueue().getSpec().setFairSharing(weight);
      }
    },
    SCH022 {
      @Override
      void apply(Valid valid) {
        List<String> covered =
            new ArrayList<>(
                valid.clusterQueue().getSpec().getResourceGroups().get(0).getCoveredResources());
        for (int i = 0; covered.size() <= KueueWebhookFacts.MAX_TOTAL_COVERED_RESOURCES; i++) {
          covered.add("example.com/r" + i);
        }
        valid.clusterQueue().getSpec().getResourceGroups().get(0).setCoveredResources(covered);
      }
    },
    SCH023 {
      @Override
      void apply(Valid valid) {
        valid
            .find(PersistentVolumeClaim.class, "data")
            .getSpec()
            .getResources()
            .getRequests()
            .put("storage", new Quantity("0"));
      }
    },
    SCH024 {
      @Override
      void apply(Valid valid) {
        templateAnnotations(valid).put(KueueTopologyFacts.UNCONSTRAINED, "true");
      }
    },
    SCH025 {
      @Override
      void apply(Valid valid) {
        templateAnnotations(valid).put(KueueTopologyFacts.PREFERRED, "example.com/" + MISSING);
      }
    },
    SCH026 {
      @Override
      void apply(Valid valid) {
        valid.flavors().get(0).getSpec().setNodeLabels(Map.of());
      }
    },
    SCH027 {
      @Override
      void apply(Valid valid) {
        valid.flavors().get(0).getSpec().setTopologyName(MISSING);
      }
    },
    SCH028 {
      @Override
      void apply(Valid valid) {
        List<TopologyLevel> levels =
            new ArrayList<>(valid.find(Topology.class, TOPOLOGY).getSpec().getLevels());
        levels.add(0, new TopologyLevel(levels.get(0).getNodeLabel()));
        valid.find(Topology.class, TOPOLOGY).getSpec().setLevels(levels);
      }
    },
    SCH029 {
      @Override
      void apply(Valid valid) {
        Map<String, String> flavorNodes = valid.flavors().get(0).getSpec().getNodeLabels();
        for (String rack : List.of("r1", "r2")) {
          Map<String, String> labels = new HashMap<>(flavorNodes);
          labels.put(RACK, rack);
          labels.put(BLOCK, "b1");
          valid.moreNodes().add(new NodeGroup(rack, 2, labels, List.of(), Map.of()));
        }
        valid
            .find(Topology.class, TOPOLOGY)
            .getSpec()
            .setLevels(List.of(new TopologyLevel(RACK), new TopologyLevel(BLOCK)));
      }
    },
    SCH030 {
      @Override
      void apply(Valid valid) {
        HyperNode first = valid.hyperNodes().get(0);
        HyperNodeSpec spec = new HyperNodeSpec();
        spec.setTier(3);
        spec.setMembers(
            List.of(
                new MemberSpec(
                    MemberSpec.HYPER_NODE, MemberSelector.exact(first.getMetadata().getName()))));
        valid.objects().add(new HyperNode(new ObjectMetaBuilder().withName("spine").build(), spec));
      }
    },
    SCH031 {
      @Override
      void apply(Valid valid) {
        valid.hyperNodes().get(0).getSpec().setMembers(List.of());
      }
    },
    SCH032 {
      @Override
      void apply(Valid valid) {
        NetworkTopologySpec topology = new NetworkTopologySpec();
        topology.setMode(NetworkTopologySpec.HARD);
        topology.setHighestTierAllowed(7);
        valid
            .find(io.gpuspec.scheduling.model.volcano.batch.Job.class, VOLCANO_JOB)
            .getSpec()
            .setNetworkTopology(topology);
      }
    },
    SCH033 {
      @Override
      void apply(Valid valid) {
        valid
            .objects()
            .add(
                new StorageClassBuilder()
                    .withNewMetadata()
                    .withName("mutant-rbd")
                    .endMetadata()
                    .withReclaimPolicy("Recycle")
                    .withProvisioner("rbd.csi.ceph.com")
                    .build());
      }
    },
    SCH034 {
      @Override
      boolean appliesTo(Valid valid) {
        return valid.objects().stream().anyMatch(RoleBinding.class::isInstance);
      }

      @Override
      void apply(Valid valid) {
        valid.objects().stream()
            .filter(RoleBinding.class::isInstance)
            .map(RoleBinding.class::cast)
            .findFirst()
            .orElseThrow()
            .getRoleRef()
            .setKind("Deployment");
      }
    },
    SCH035 {
      @Override
      void apply(Valid valid) {
        List<TaskSpec> tasks =
            valid
                .find(io.gpuspec.scheduling.model.volcano.batch.Job.class, VOLCANO_JOB)
                .getSpec()
                .getTasks();
        TaskSpec copy = new TaskSpec();
        copy.setName(tasks.get(0).getName());
        copy.setReplicas(1);
        copy.setTemplate(tasks.get(0).getTemplate());
        tasks.add(copy);
      }
    },
    SCH036 {
      @Override
      void apply(Valid valid) {
        valid.job().getMetadata().getLabels().put("kueue.x-k8s.io/max-exec-time-seconds", "-5");
      }
    },
    SCH037 {
      /** Hierarchy weights one level short of the path. */
      @Override
      void apply(Valid valid) {
        Queue queue = valid.volcanoQueue();
        Map<String, String> annotations = new HashMap<>();
        if (queue.getMetadata().getAnnotations() != null) {
          annotations.putAll(queue.getMetadata().getAnnotations());
        }
        annotations.put("volcano.sh/hierarchy", "root/research/" + valid.team());
        annotations.put("volcano.sh/hierarchy-weights", "1/2");
        queue.getMetadata().setAnnotations(annotations);
      }
    },
    SCH038 {
      @Override
      void apply(Valid valid) {
        valid.volcanoJob().getSpec().setQueue("root");
      }
    },
    SCH039 {
      /** A child of the team's queue allowed more GPUs than the team's queue. */
      @Override
      void apply(Valid valid) {
        Queue team = valid.volcanoQueue();
        int capability =
            Integer.parseInt(team.getSpec().getCapability().get("nvidia.com/gpu").getAmount());
        io.gpuspec.scheduling.model.volcano.QueueSpec spec =
            new io.gpuspec.scheduling.model.volcano.QueueSpec();
        spec.setWeight(1);
        spec.setParent(valid.team());
        spec.setCapability(
            new HashMap<>(
                Map.of("nvidia.com/gpu", new Quantity(Integer.toString(capability + 1)))));
        valid
            .objects()
            .add(
                new Queue(new ObjectMetaBuilder().withName(valid.team() + "-child").build(), spec));
      }
    },
    SCH040 {
      @Override
      void apply(Valid valid) {
        valid
            .podGroup()
            .getSpec()
            .setNetworkTopology(
                new HashMap<>(
                    Map.of("mode", "hard", "highestTierAllowed", 1, "highestTierName", "leaf")));
      }
    },
    SCH041 {
      @Override
      void apply(Valid valid) {
        valid.jobPods().setSchedulerName("volcano");
        templateAnnotations(valid).put("volcano.sh/jdb-min-available", "0");
      }
    },
    SCH042 {
      @Override
      void apply(Valid valid) {
        valid
            .clusterQueue()
            .getSpec()
            .setNamespaceSelector(
                new LabelSelectorBuilder()
                    .addNewMatchExpression()
                    .withKey("team")
                    .withOperator("Equals")
                    .withValues(valid.team())
                    .endMatchExpression()
                    .build());
      }
    },
    SCH043 {
      @Override
      void apply(Valid valid) {
        valid
            .clusterQueue()
            .getSpec()
            .setAdmissionChecksStrategy(
                new HashMap<>(
                    Map.of(
                        "admissionChecks",
                        List.of(Map.of("name", "provisioning", "onFlavors", List.of(MISSING))))));
      }
    },
    SCH044 {
      @Override
      void apply(Valid valid) {
        ResourceFlavor flavor = valid.flavors().get(0);
        Map<String, String> labels = new HashMap<>();
        if (flavor.getSpec().getNodeLabels() != null) {
          labels.putAll(flavor.getSpec().getNodeLabels());
        }
        labels.put("gpuspec.example.com/mutant", "not a label value");
        flavor.getSpec().setNodeLabels(labels);
      }
    };

    /** The annotations of the queued Job's pod template (Kueue's pod set). */
    static Map<String, String> templateAnnotations(Valid valid) {
      return valid.job().getSpec().getTemplate().getMetadata().getAnnotations();
    }

    boolean appliesTo(Valid valid) {
      return true;
    }

    abstract void apply(Valid valid);
  }

  /**
   * One try: a policy, the pool (index) of the first team's Job with its pods and GPUs per pod
   * (within the team's quota), the replicas of the Volcano Job's tasks and its minAvailable.
   */
  record Shape(
      PolicySpec spec,
      int pool,
      int parallelism,
      int gpus,
      List<Integer> tasks,
      int minAvailable,
      boolean overWeight) {

    TeamSpec team() {
      return spec.teams().get(0);
    }

    Valid build() {
      List<HasMetadata> objects = new ArrayList<>(spec.render());
      String namespace = team().name();
      Job job =
          TrainingJob.named(JOB)
              .namespace(namespace)
              .image("nvcr.io/nvidia/pytorch:24.08-py3")
              .gpus(gpus)
              .cpu("1")
              .memory("1Gi")
              .parallelism(parallelism)
              .completions(parallelism)
              .onPool(spec.pools().get(pool))
              .build()
              .toJob();
      VolcanoQueue queue =
          spec.volcanoQueues().stream()
              .filter(q -> q.name().equals(namespace))
              .findFirst()
              .orElseThrow();
      WorkloadGang gang =
          WorkloadGang.of(TestGpuspec.GPUSPEC, job)
              .queue(queue)
              .priority(PriorityTier.trainingNormal())
              .build();
      KueueTopology topology = topology();
      KueueWorkload queued =
          KueueWorkload.of(TestGpuspec.GPUSPEC, gang.stamped())
              .topology(PodSetTopology.preferred(topology, topology.levels().get(0)))
              .queue(
                  KueueLocalQueue.named(LOCAL_QUEUE)
                      .namespace(namespace)
                      .clusterQueue(namespace)
                      .build())
              .priority(PriorityTier.trainingNormal())
              .build();
      objects.addAll(gang.podGroup().toManifests());
      objects.addAll(queued.toManifests());
      objects.add(volcanoJob(namespace));
      objects.addAll(topology.toManifests());
      objects.stream()
          .filter(ResourceFlavor.class::isInstance)
          .map(ResourceFlavor.class::cast)
          .forEach(f -> f.getSpec().setTopologyName(topology.name()));
      objects.addAll(
          VolcanoHyperNodes.fromFleet(Fleet.of(spec.pools()), List.of(topology.levels().get(0)))
              .toManifests());
      return new Valid(this, objects);
    }

    /** The node label keys every pool's nodes carry, sorted. */
    List<String> commonKeys() {
      List<String> keys = new ArrayList<>(spec.pools().get(0).nodeLabels().keySet());
      spec.pools().forEach(p -> keys.retainAll(p.nodeLabels().keySet()));
      Collections.sort(keys);
      return keys;
    }

    /** A Topology of a label every pool carries, above the hosts. */
    KueueTopology topology() {
      return KueueTopology.named(TOPOLOGY)
          .addLevels(commonKeys().get(0), KueueTopologyFacts.HOSTNAME)
          .build();
    }

    /**
     * A Volcano Job, built by hand: the scheduling DSL has none (Volcano makes its own PodGroup
     * from minAvailable, and {@link WorkloadGang} refuses it), yet SCH009 checks only this kind.
     */
    private io.gpuspec.scheduling.model.volcano.batch.Job volcanoJob(String namespace) {
      JobSpec jobSpec = new JobSpec();
      jobSpec.setSchedulerName("volcano");
      jobSpec.setMinAvailable(minAvailable);
      List<TaskSpec> taskSpecs = new ArrayList<>();
      for (int i = 0; i < tasks.size(); i++) {
        TaskSpec task = new TaskSpec();
        task.setName("task-" + i);
        task.setReplicas(tasks.get(i));
        task.setTemplate(new PodTemplateSpec());
        taskSpecs.add(task);
      }
      jobSpec.setTasks(taskSpecs);
      return new io.gpuspec.scheduling.model.volcano.batch.Job(
          new ObjectMetaBuilder().withName(VOLCANO_JOB).withNamespace(namespace).build(), jobSpec);
    }
  }

  /** The most GPUs the first team's quota admits in a pool's flavor, for all pods together. */
  private static int admits(PolicySpec spec, int pool) {
    TeamSpec team = spec.teams().get(0);
    GpuQuota quota = team.quotas().get(pool);
    int borrowing = spec.cohort() ? quota.borrowing().orElse(1_000) : 0;
    return quota.nominal() + borrowing;
  }

  /** The most GPUs one pod of the first team may ask for in a pool. */
  private static int perPod(PolicySpec spec, int pool) {
    int namespaceQuota = spec.teams().get(0).quotas().stream().mapToInt(GpuQuota::nominal).sum();
    return Math.min(
        Math.min(admits(spec, pool), namespaceQuota), spec.pools().get(pool).gpusPerNode());
  }

  /**
   * The policy with each pool's GPU quotas cut to its share of the pool, so the teams' quotas fit
   * the fleet: random policies mostly overcommit it, which SCH016 rightly reports.
   */
  private static PolicySpec withinFleet(PolicySpec spec) {
    List<TeamSpec> teams = new ArrayList<>();
    for (TeamSpec team : spec.teams()) {
      List<GpuQuota> quotas = new ArrayList<>();
      for (int p = 0; p < spec.pools().size(); p++) {
        GpuQuota quota = team.quotas().get(p);
        int nominal =
            Math.min(quota.nominal(), spec.pools().get(p).totalGpus() / spec.teams().size());
        quotas.add(
            new GpuQuota(
                nominal, quota.borrowing(), quota.lending().map(l -> Math.min(l, nominal))));
      }
      teams.add(
          new TeamSpec(
              team.name(),
              quotas,
              team.cpu(),
              team.memoryGi(),
              team.weight(),
              team.guarantee(),
              team.deserved(),
              team.capability(),
              team.gangPods()));
    }
    return new PolicySpec(spec.pools(), teams, spec.cohort(), spec.userTier());
  }

  /** The most pods of this many GPUs the Job may have: within quotas, the pool and 3. */
  private static int maxPods(PolicySpec spec, int pool, int gpus) {
    TeamSpec team = spec.teams().get(0);
    return IntStream.of(
            3,
            admits(spec, pool) / gpus,
            spec.pools().get(pool).totalGpus() / gpus,
            team.cpu(),
            team.memoryGi())
        .min()
        .orElseThrow();
  }

  @Provide
  Arbitrary<Shape> shapes() {
    return SchedulingArbitraries.policies()
        .flatMap(spec -> Arbitraries.of(spec, withinFleet(spec)))
        .filter(spec -> IntStream.range(0, spec.pools().size()).anyMatch(p -> perPod(spec, p) > 0))
        .flatMap(
            spec ->
                Arbitraries.of(
                        IntStream.range(0, spec.pools().size())
                            .filter(p -> perPod(spec, p) > 0)
                            .boxed()
                            .toList())
                    .flatMap(
                        pool ->
                            Arbitraries.integers()
                                .between(1, perPod(spec, pool))
                                .flatMap(
                                    gpus -> {
                                      return Combinators.combine(
                                              Arbitraries.integers()
                                                  .between(1, maxPods(spec, pool, gpus)),
                                              Arbitraries.integers()
                                                  .between(1, 4)
                                                  .list()
                                                  .ofMinSize(1)
                                                  .ofMaxSize(3),
                                              Arbitraries.doubles().between(0, 1),
                                              Arbitraries.of(true, false))
                                          .as(
                                              (parallelism, tasks, fraction, over) -> {
                                                int total =
                                                    tasks.stream()
                                                        .mapToInt(Integer::intValue)
                                                        .sum();
                                                int min = 1 + (int) (fraction * (total - 1));
                                                return new Shape(
                                                    spec,
                                                    pool,
                                                    parallelism,
                                                    gpus,
                                                    tasks,
                                                    min,
                                                    over);
                                              });
                                    })));
  }

  private static Report check(Valid valid) {
    return TestGpuspec.GPUSPEC
        .engine()
        .check(
            ManifestSet.of(valid.objects()), CheckOptions.builder().fleet(valid.fleet()).build());
  }

  @Property(tries = 960, edgeCases = EdgeCasesMode.NONE)
  @Label(
      "each scheduling rule's defect, introduced into valid objects, is always reported with its"
          + " id")
  void defectIsReportedByItsRule(@ForAll Defect defect, @ForAll("shapes") Shape shape) {
    Valid before = shape.build();
    Assume.that(defect.appliesTo(before));
    Statistics.collect(defect);
    assertThat(check(before).byRule(defect.name())).as("%s on the valid objects", defect).isEmpty();

    Valid mutated = shape.build();
    defect.apply(mutated);

    assertThat(check(mutated).byRule(defect.name()))
        .as("%s after its defect was introduced", defect)
        .isNotEmpty();
  }

  @Test
  void everySchedulingRule_hasADefect() {
    assertThat(Arrays.stream(Defect.values()).map(Defect::name))
        .containsExactlyInAnyOrderElementsOf(TestGpuspec.ruleIds("scheduling"));
  }
}
