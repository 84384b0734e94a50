package io.gpuspec.core.internal.rules;

import static org.assertj.core.api.Assertions.assertThat;

import io.fabric8.kubernetes.api.model.Affinity;
import io.fabric8.kubernetes.api.model.AffinityBuilder;
import io.fabric8.kubernetes.api.model.ConfigMapBuilder;
import io.fabric8.kubernetes.api.model.Container;
import io.fabric8.kubernetes.api.model.ContainerPort;
import io.fabric8.kubernetes.api.model.ContainerPortBuilder;
import io.fabric8.kubernetes.api.model.GenericKubernetesResource;
import io.fabric8.kubernetes.api.model.HasMetadata;
import io.fabric8.kubernetes.api.model.LabelSelectorBuilder;
import io.fabric8.kubernetes.api.model.LimitRangeBuilder;
import io.fabric8.kubernetes.api.model.NodeSelectorRequirement;
import io.fabric8.kubernetes.api.model.NodeSelectorRequirementBuilder;
import io.fabric8.kubernetes.api.model.NodeSelectorTerm;
import io.fabric8.kubernetes.api.model.ObjectMetaBuilder;
import io.fabric8.kubernetes.api.model.PersistentVolumeBuilder;
import io.fabric8.kubernetes.api.model.PersistentVolumeClaimBuilder;
import io.fabric8.kubernetes.api.model.PodSpec;
import io.fabric8.kubernetes.api.model.PodSpecBuilder;
import io.fabric8.kubernetes.api.model.Quantity;
import io.fabric8.kubernetes.api.model.ResourceQuotaBuilder;
import io.fabric8.kubernetes.api.model.SecurityContext;
import io.fabric8.kubernetes.api.model.ServiceBuilder;
import io.fabric8.kubernetes.api.model.Toleration;
import io.fabric8.kubernetes.api.model.TolerationBuilder;
import io.fabric8.kubernetes.api.model.TopologySpreadConstraint;
import io.fabric8.kubernetes.api.model.TopologySpreadConstraintBuilder;
import io.fabric8.kubernetes.api.model.Volume;
import io.fabric8.kubernetes.api.model.VolumeBuilder;
import io.fabric8.kubernetes.api.model.apps.DaemonSetBuilder;
import io.fabric8.kubernetes.api.model.apps.Deployment;
import io.fabric8.kubernetes.api.model.batch.v1.CronJobBuilder;
import io.fabric8.kubernetes.api.model.batch.v1.Job;
import io.fabric8.kubernetes.api.model.batch.v1.PodFailurePolicyBuilder;
import io.fabric8.kubernetes.api.model.scheduling.v1.PriorityClass;
import io.fabric8.kubernetes.api.model.scheduling.v1.PriorityClassBuilder;
import io.gpuspec.core.Fleet;
import io.gpuspec.core.GpuArbitraries;
import io.gpuspec.core.ManifestSource;
import io.gpuspec.core.NodePool;
import io.gpuspec.core.TargetVersions;
import io.gpuspec.core.TestGpuspec;
import io.gpuspec.core.check.CheckOptions;
import io.gpuspec.core.k8s.GpuResources;
import io.gpuspec.core.k8s.NodeSelection;
import io.gpuspec.core.manifest.ManifestSet;
import io.gpuspec.core.report.Report;
import io.gpuspec.core.spi.PodTemplate;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Assume;
import net.jqwik.api.Combinators;
import net.jqwik.api.ForAll;
import net.jqwik.api.Label;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import org.junit.jupiter.api.Test;

/**
 * For every core rule, a mutation that introduces exactly that rule's defect into valid objects (a
 * workload the DSL placed on a random pool, and a valid PriorityClass) is always reported with that
 * rule's id, while the same objects unmutated are not.
 */
class DefectMutationProperties {

  /** The valid objects of one try: fresh from the DSL, so a mutation never leaks to another. */
  record Valid(NodePool pool, List<HasMetadata> objects) {
    HasMetadata workload() {
      return objects.stream()
          .filter(o -> o instanceof Deployment || o instanceof Job)
          .findFirst()
          .orElseThrow();
    }

    List<PodTemplate> templates() {
      return TestGpuspec.workload(workload()).orElseThrow().templates();
    }

    PodSpec spec() {
      return templates().get(0).spec();
    }

    Container gpuContainer() {
      return GpuResources.containers(spec()).get(0);
    }

    PriorityClass priorityClass() {
      return objects.stream()
          .filter(PriorityClass.class::isInstance)
          .map(PriorityClass.class::cast)
          .findFirst()
          .orElseThrow();
    }
  }

  /** Each core rule and the one defect it exists to catch. */
  enum Defect {
    GPU001 {
      @Override
      void apply(Valid valid) {
        Container c = valid.gpuContainer();
        long limit = GpuResources.gpuCount(c);
        c.getResources().getRequests().put("nvidia.com/gpu", new Quantity(limit + 1 + ""));
      }
    },
    GPU002 {
      /** A near miss: every toleration kept but for effect PreferNoSchedule, which no taint has. */
      @Override
      void apply(Valid valid) {
        List<Toleration> nearMisses = new ArrayList<>();
        for (Toleration t : NodeSelection.tolerations(valid.spec())) {
          nearMisses.add(new TolerationBuilder(t).withEffect("PreferNoSchedule").build());
        }
        valid.spec().setTolerations(nearMisses);
      }
    },
    GPU003 {
      @Override
      void apply(Valid valid) {
        valid.spec().setAffinity(null);
        valid.spec().setNodeSelector(null);
      }
    },
    GPU004 {
      @Override
      boolean appliesTo(Valid valid) {
        return valid.workload() instanceof Job job && job.getSpec().getParallelism() > 1;
      }

      /** With its one pool known, an unpinned job cannot mix models: the pools must be unknown. */
      @Override
      boolean withFleet() {
        return false;
      }

      @Override
      void apply(Valid valid) {
        valid.spec().setAffinity(null);
        valid.spec().setNodeSelector(null);
      }
    },
    GPU005 {
      @Override
      void apply(Valid valid) {
        Container c = valid.gpuContainer();
        Quantity more = new Quantity(valid.pool().gpusPerNode() + 1 + "");
        c.getResources().getRequests().put("nvidia.com/gpu", more);
        c.getResources().getLimits().put("nvidia.com/gpu", more);
      }
    },
    GPU006 {
      @Override
      void apply(Valid valid) {
        String key = "mutant.gpuspec.io/zone";
        Map<String, String> selector = new HashMap<>();
        if (valid.spec().getNodeSelector() != null) {
          selector.putAll(valid.spec().getNodeSelector());
        }
        selector.put(key, "a");
        valid.spec().setNodeSelector(selector);
        NodeSelectorRequirement elsewhere =
            new NodeSelectorRequirementBuilder()
                .withKey(key)
                .withOperator("In")
                .withValues("b")
                .build();
        List<NodeSelectorTerm> terms = new ArrayList<>(NodeSelection.requiredTerms(valid.spec()));
        if (terms.isEmpty()) {
          terms.add(new NodeSelectorTerm());
        }
        for (NodeSelectorTerm term : terms) {
          List<NodeSelectorRequirement> expressions = new ArrayList<>();
          if (term.getMatchExpressions() != null) {
            expressions.addAll(term.getMatchExpressions());
          }
          expressions.add(elsewhere);
          term.setMatchExpressions(expressions);
        }
        Affinity affinity =
            valid.spec().getAffinity() == null ? new Affinity() : valid.spec().getAffinity();
        valid
            .spec()
            .setAffinity(
                new AffinityBuilder(affinity)
                    .editOrNewNodeAffinity()
                    .withNewRequiredDuringSchedulingIgnoredDuringExecution()
                    .withNodeSelectorTerms(terms)
                    .endRequiredDuringSchedulingIgnoredDuringExecution()
                    .endNodeAffinity()
                    .build());
      }
    },
    GPU007 {
      @Override
      void apply(Valid valid) {
        for (Container c : GpuResources.containers(valid.spec())) {
          if (c.getResources() != null) {
            c.setResources(null);
          }
        }
        valid.spec().setNodeSelector(null);
        valid.spec().setAffinity(null);
        valid
            .spec()
            .setTolerations(List.of(new TolerationBuilder().withOperator("Exists").build()));
      }
    },
    FLEET005 {
      /** The pool's workload keeps its GPU placement but requests no GPU: it lands on GPU nodes. */
      @Override
      void apply(Valid valid) {
        for (Container c : GpuResources.containers(valid.spec())) {
          if (c.getResources() != null) {
            c.getResources().getLimits().keySet().removeIf(GpuResources::isGpu);
            c.getResources().getRequests().keySet().removeIf(GpuResources::isGpu);
          }
        }
      }
    },
    GPU008 {
      @Override
      void apply(Valid valid) {
        PodTemplate template = valid.templates().get(0);
        PodSpec unpinned = new PodSpecBuilder(template.spec()).build();
        unpinned.setNodeSelector(null);
        unpinned.setAffinity(null);
        Map<String, String> labels = Map.of("app", "mutant-agent");
        valid
            .objects()
            .add(
                new DaemonSetBuilder()
                    .withNewMetadata()
                    .withName("mutant-agent")
                    .withNamespace(valid.workload().getMetadata().getNamespace())
                    .endMetadata()
                    .withNewSpec()
                    .withNewSelector()
                    .withMatchLabels(labels)
                    .endSelector()
                    .withNewTemplate()
                    .withNewMetadata()
                    .withLabels(labels)
                    .endMetadata()
                    .withSpec(unpinned)
                    .endTemplate()
                    .endSpec()
                    .build());
      }
    },
    K8S001 {
      @Override
      void apply(Valid valid) {
        valid.spec().setRestartPolicy(valid.workload() instanceof Job ? "Always" : "Never");
      }
    },
    K8S002 {
      @Override
      void apply(Valid valid) {
        var selector = new LabelSelectorBuilder().addToMatchLabels("mutant", "other").build();
        if (valid.workload() instanceof Deployment deployment) {
          deployment.getSpec().setSelector(selector);
        } else {
          ((Job) valid.workload()).getSpec().setSelector(selector);
        }
      }
    },
    K8S003 {
      @Override
      void apply(Valid valid) {
        valid.workload().getMetadata().setName("Not_A_Name");
      }
    },
    K8S004 {
      @Override
      void apply(Valid valid) {
        valid
            .objects()
            .add(
                new ResourceQuotaBuilder()
                    .withNewMetadata()
                    .withName("gpus")
                    .withNamespace(valid.workload().getMetadata().getNamespace())
                    .endMetadata()
                    .withNewSpec()
                    .addToHard("nvidia.com/gpu", new Quantity(valid.pool().gpusPerNode() + ""))
                    .endSpec()
                    .build());
      }
    },
    K8S005 {
      @Override
      void apply(Valid valid) {
        valid.priorityClass().setValue(1_000_000_001);
      }
    },
    K8S006 {
      @Override
      void apply(Valid valid) {
        PriorityClass first = valid.priorityClass();
        first.setGlobalDefault(true);
        valid
            .objects()
            .add(
                new PriorityClassBuilder(first)
                    .editMetadata()
                    .withName(first.getMetadata().getName() + "-second")
                    .endMetadata()
                    .build());
      }
    },
    K8S007 {
      @Override
      void apply(Valid valid) {
        valid.gpuContainer().setImage(null);
      }
    },
    K8S008 {
      @Override
      void apply(Valid valid) {
        List<Toleration> tolerations = new ArrayList<>(valid.spec().getTolerations());
        tolerations.add(
            new TolerationBuilder()
                .withKey("spot")
                .withOperator("Exists")
                .withValue("yes")
                .build());
        valid.spec().setTolerations(tolerations);
      }
    },
    K8S009 {
      @Override
      void apply(Valid valid) {
        Affinity affinity =
            valid.spec().getAffinity() == null ? new Affinity() : valid.spec().getAffinity();
        valid
            .spec()
            .setAffinity(
                new AffinityBuilder(affinity)
                    .editOrNewNodeAffinity()
                    .addNewPreferredDuringSchedulingIgnoredDuringExecution()
                    .withWeight(1)
                    .withNewPreference()
                    .addNewMatchExpression()
                    .withKey("topology.kubernetes.io/zone")
                    .withOperator("In")
                    .endMatchExpression()
                    .endPreference()
                    .endPreferredDuringSchedulingIgnoredDuringExecution()
                    .endNodeAffinity()
                    .build());
      }
    },
    K8S010 {
      @Override
      void apply(Valid valid) {
        valid.gpuContainer().getResources().getLimits().put("gpus", new Quantity("1"));
      }
    },
    K8S011 {
      @Override
      boolean appliesTo(Valid valid) {
        return valid.workload() instanceof Job;
      }

      @Override
      void apply(Valid valid) {
        ((Job) valid.workload())
            .getSpec()
            .setPodFailurePolicy(
                new PodFailurePolicyBuilder()
                    .addNewRule()
                    .withAction("FailJob")
                    .withNewOnExitCodes()
                    .withOperator("In")
                    .withValues(0)
                    .endOnExitCodes()
                    .endRule()
                    .build());
      }
    },
    K8S012 {
      @Override
      void apply(Valid valid) {
        PriorityClass first = valid.priorityClass();
        valid
            .objects()
            .add(new PriorityClassBuilder(first).withValue(first.getValue() + 1).build());
      }
    },
    K8S013 {
      @Override
      void apply(Valid valid) {
        HasMetadata workload = valid.workload();
        if (workload instanceof Deployment d) {
          d.getSpec().setReplicas(2);
        } else if (workload instanceof Job job) {
          job.getSpec().setParallelism(2);
        }
        valid
            .objects()
            .add(
                new PersistentVolumeClaimBuilder()
                    .withNewMetadata()
                    .withName("checkpoints")
                    .withNamespace(workload.getMetadata().getNamespace())
                    .endMetadata()
                    .withNewSpec()
                    .withAccessModes("ReadWriteOnce")
                    .withNewResources()
                    .addToRequests("storage", new Quantity("1Ti"))
                    .endResources()
                    .endSpec()
                    .build());
        List<Volume> volumes = new ArrayList<>(valid.spec().getVolumes());
        volumes.add(
            new VolumeBuilder()
                .withName("checkpoints")
                .withNewPersistentVolumeClaim()
                .withClaimName("checkpoints")
                .endPersistentVolumeClaim()
                .build());
        valid.spec().setVolumes(volumes);
      }
    },
    K8S014 {
      @Override
      void apply(Valid valid) {
        Container c = valid.gpuContainer();
        List<ContainerPort> ports =
            new ArrayList<>(c.getPorts() == null ? List.of() : c.getPorts());
        ports.add(new ContainerPortBuilder().withName("Metrics").withContainerPort(70000).build());
        c.setPorts(ports);
      }
    },
    K8S015 {
      /** A spread constraint that allows no skew at all: maxSkew 0. */
      @Override
      void apply(Valid valid) {
        List<TopologySpreadConstraint> constraints =
            new ArrayList<>(valid.spec().getTopologySpreadConstraints());
        constraints.add(
            new TopologySpreadConstraintBuilder()
                .withMaxSkew(0)
                .withTopologyKey("kubernetes.io/hostname")
                .withWhenUnsatisfiable("DoNotSchedule")
                .build());
        valid.spec().setTopologySpreadConstraints(constraints);
      }
    },
    K8S016 {
      @Override
      void apply(Valid valid) {
        valid.gpuContainer().setImagePullPolicy("Sometimes");
      }
    },
    K8S017 {
      @Override
      void apply(Valid valid) {
        valid.spec().setDnsPolicy("ClusterLast");
      }
    },
    K8S018 {
      /** SEC001's advice followed on a container that must be privileged: rejected. */
      @Override
      void apply(Valid valid) {
        Container c = valid.gpuContainer();
        if (c.getSecurityContext() == null) {
          c.setSecurityContext(new SecurityContext());
        }
        c.getSecurityContext().setAllowPrivilegeEscalation(false);
        c.getSecurityContext().setPrivileged(true);
      }
    },
    K8S019 {
      /** A scratch volume that is also given a host path: two sources. */
      @Override
      void apply(Valid valid) {
        List<Volume> volumes = new ArrayList<>(valid.spec().getVolumes());
        volumes.add(
            new VolumeBuilder()
                .withName("mutant-scratch")
                .withNewEmptyDir()
                .endEmptyDir()
                .withNewHostPath()
                .withPath("/mnt/scratch")
                .endHostPath()
                .build());
        valid.spec().setVolumes(volumes);
      }
    },
    K8S020 {
      /** A statically provisioned volume with no source. */
      @Override
      void apply(Valid valid) {
        valid
            .objects()
            .add(
                new PersistentVolumeBuilder()
                    .withNewMetadata()
                    .withName("mutant-datasets")
                    .endMetadata()
                    .withNewSpec()
                    .withAccessModes("ReadOnlyMany")
                    .addToCapacity("storage", new Quantity("10Ti"))
                    .endSpec()
                    .build());
      }
    },
    K8S021 {
      /** A LimitRange whose container minimum is above its maximum. */
      @Override
      void apply(Valid valid) {
        valid
            .objects()
            .add(
                new LimitRangeBuilder()
                    .withNewMetadata()
                    .withName("mutant-limits")
                    .withNamespace(valid.workload().getMetadata().getNamespace())
                    .endMetadata()
                    .withNewSpec()
                    .addNewLimit()
                    .withType("Container")
                    .addToMin("cpu", new Quantity("16"))
                    .addToMax("cpu", new Quantity("8"))
                    .endLimit()
                    .endSpec()
                    .build());
      }
    },
    K8S028 {
      @Override
      boolean appliesTo(Valid valid) {
        return valid.workload() instanceof Job;
      }

      @Override
      void apply(Valid valid) {
        ((Job) valid.workload()).getSpec().setCompletionMode("Ranked");
      }
    },
    K8S029 {
      @Override
      void apply(Valid valid) {
        valid
            .objects()
            .add(
                new CronJobBuilder()
                    .withNewMetadata()
                    .withName("mutant-nightly")
                    .withNamespace(valid.workload().getMetadata().getNamespace())
                    .endMetadata()
                    .withNewSpec()
                    .withSchedule("0 24 * * *")
                    .withNewJobTemplate()
                    .withNewSpec()
                    .withNewTemplate()
                    .withSpec(new PodSpecBuilder(valid.spec()).withRestartPolicy("Never").build())
                    .endTemplate()
                    .endSpec()
                    .endJobTemplate()
                    .endSpec()
                    .build());
      }
    },
    K8S030 {
      @Override
      boolean appliesTo(Valid valid) {
        return valid.workload() instanceof Deployment;
      }

      @Override
      void apply(Valid valid) {
        ((Deployment) valid.workload())
            .getSpec()
            .getTemplate()
            .getSpec()
            .setActiveDeadlineSeconds(60L);
      }
    },
    K8S031 {
      @Override
      void apply(Valid valid) {
        valid
            .objects()
            .add(
                new PersistentVolumeClaimBuilder()
                    .withNewMetadata()
                    .withName("mutant-checkpoints")
                    .withNamespace(valid.workload().getMetadata().getNamespace())
                    .endMetadata()
                    .withNewSpec()
                    .withAccessModes("ReadWriteOncePod", "ReadWriteOnce")
                    .withNewResources()
                    .addToRequests("storage", new Quantity("1Ti"))
                    .endResources()
                    .endSpec()
                    .build());
      }
    },
    K8S033 {
      @Override
      void apply(Valid valid) {
        valid
            .objects()
            .add(
                new ServiceBuilder()
                    .withNewMetadata()
                    .withName("mutant-svc")
                    .withNamespace(valid.workload().getMetadata().getNamespace())
                    .endMetadata()
                    .withNewSpec()
                    .addNewPort()
                    .withPort(0)
                    .endPort()
                    .endSpec()
                    .build());
      }
    },
    K8S034 {
      @Override
      void apply(Valid valid) {
        valid
            .objects()
            .add(
                new ResourceQuotaBuilder()
                    .withNewMetadata()
                    .withName("mutant-scoped")
                    .withNamespace(valid.workload().getMetadata().getNamespace())
                    .endMetadata()
                    .withNewSpec()
                    .addToHard("requests.cpu", new Quantity("8"))
                    .withScopes("BestEffort")
                    .endSpec()
                    .build());
      }
    },
    K8S035 {
      @Override
      void apply(Valid valid) {
        valid
            .objects()
            .add(
                new ConfigMapBuilder()
                    .withNewMetadata()
                    .withName("mutant-config")
                    .withNamespace(valid.workload().getMetadata().getNamespace())
                    .endMetadata()
                    .addToData("config yaml", "version: v1")
                    .build());
      }
    },
    SEC001 {
      @Override
      void apply(Valid valid) {
        Container c = valid.gpuContainer();
        if (c.getSecurityContext() == null) {
          c.setSecurityContext(new SecurityContext());
        }
        c.getSecurityContext().setPrivileged(true);
      }
    },
    SEC002 {
      @Override
      void apply(Valid valid) {
        Map<String, String> annotations = new HashMap<>();
        if (valid.workload().getMetadata().getAnnotations() != null) {
          annotations.putAll(valid.workload().getMetadata().getAnnotations());
        }
        annotations.put("automountServiceAccountToken", "false");
        valid.workload().getMetadata().setAnnotations(annotations);
      }
    },
    VER001 {
      /** The PriorityClass at the beta version Kubernetes 1.22 removed. */
      @Override
      void apply(Valid valid) {
        valid.priorityClass().setApiVersion("scheduling.k8s.io/v1beta1");
      }
    },
    VER002 {
      /** A Kueue v1beta1 object, which Kueue 0.20 no longer serves. */
      @Override
      void apply(Valid valid) {
        valid.objects().add(untyped("kueue.x-k8s.io/v1beta1", "ResourceFlavor", "flavor"));
      }

      @Override
      TargetVersions target() {
        return TargetVersions.parse("kueue=0.20");
      }
    },
    VER003 {
      /** A Training Operator job on a cluster that runs Trainer v2 alone. */
      @Override
      void apply(Valid valid) {
        valid.objects().add(untyped("kubeflow.org/v1", "PyTorchJob", "legacy"));
      }

      @Override
      TargetVersions target() {
        return TargetVersions.parse("training-operator=none");
      }
    };

    private static HasMetadata untyped(String apiVersion, String kind, String name) {
      GenericKubernetesResource object = new GenericKubernetesResource();
      object.setApiVersion(apiVersion);
      object.setKind(kind);
      object.setMetadata(new ObjectMetaBuilder().withName(name).withNamespace("ml").build());
      return object;
    }

    /** The versions the check targets. */
    TargetVersions target() {
      return TargetVersions.defaults();
    }

    boolean appliesTo(Valid valid) {
      return true;
    }

    /** Whether to check with the pool known as the fleet (otherwise no fleet is known). */
    boolean withFleet() {
      return true;
    }

    abstract void apply(Valid valid);
  }

  /** A pool, a workload placed on it, and a valid PriorityClass (not the global default). */
  @Provide
  Arbitrary<Map.Entry<NodePool, ManifestSource>> sources() {
    return GpuArbitraries.pools()
        .flatMap(
            pool ->
                Arbitraries.oneOf(GpuArbitraries.deployments(pool), GpuArbitraries.jobs(pool))
                    .map(source -> Map.entry(pool, (ManifestSource) source)));
  }

  @Provide
  Arbitrary<PriorityClass> priorityClasses() {
    return Combinators.combine(
            GpuArbitraries.dnsLabels(), Arbitraries.integers().between(-1000, 1_000_000_000))
        .as(
            (name, value) ->
                new PriorityClassBuilder()
                    .withNewMetadata()
                    .withName("tier-" + name)
                    .endMetadata()
                    .withValue(value)
                    .withPreemptionPolicy("PreemptLowerPriority")
                    .build());
  }

  private static Valid valid(Map.Entry<NodePool, ManifestSource> source, PriorityClass tier) {
    List<HasMetadata> objects = new ArrayList<>(source.getValue().toManifests());
    objects.add(new PriorityClassBuilder(tier).build());
    return new Valid(source.getKey(), objects);
  }

  private static Report check(Valid valid, Defect defect) {
    CheckOptions options =
        defect.withFleet()
            ? CheckOptions.builder().fleet(Fleet.of(valid.pool())).target(defect.target()).build()
            : CheckOptions.builder().target(defect.target()).build();
    return TestGpuspec.GPUSPEC.engine().check(ManifestSet.of(valid.objects()), options);
  }

  @Property(tries = 1300)
  @Label("each rule's defect, introduced into valid objects, is always reported with its id")
  void defectIsReportedByItsRule(
      @ForAll Defect defect,
      @ForAll("sources") Map.Entry<NodePool, ManifestSource> source,
      @ForAll("priorityClasses") PriorityClass tier) {
    Valid before = valid(source, tier);
    Assume.that(defect.appliesTo(before));
    assertThat(check(before, defect).byRule(defect.name()))
        .as("%s on the valid objects", defect)
        .isEmpty();

    Valid mutated = valid(source, tier);
    defect.apply(mutated);

    assertThat(check(mutated, defect).byRule(defect.name()))
        .as("%s after its defect was introduced", defect)
        .isNotEmpty();
  }

  @Test
  void everyCoreRule_hasADefect() {
    List<String> coreRules = TestGpuspec.ruleIds("core");
    assertThat(Arrays.stream(Defect.values()).map(Defect::name))
        .containsExactlyInAnyOrderElementsOf(coreRules);
  }
}
