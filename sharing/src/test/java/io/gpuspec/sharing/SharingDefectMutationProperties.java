package io.gpuspec.sharing;

import static org.assertj.core.api.Assertions.assertThat;

import io.fabric8.kubernetes.api.model.ConfigMap;
import io.fabric8.kubernetes.api.model.Container;
import io.fabric8.kubernetes.api.model.HasMetadata;
import io.fabric8.kubernetes.api.model.PodSpec;
import io.fabric8.kubernetes.api.model.Quantity;
import io.fabric8.kubernetes.api.model.ResourceClaim;
import io.fabric8.kubernetes.api.model.apps.Deployment;
import io.fabric8.kubernetes.api.model.resource.v1.DeviceClaimConfiguration;
import io.fabric8.kubernetes.api.model.resource.v1.DeviceConstraintBuilder;
import io.fabric8.kubernetes.api.model.resource.v1.DeviceRequest;
import io.fabric8.kubernetes.api.model.resource.v1.DeviceRequestBuilder;
import io.fabric8.kubernetes.api.model.resource.v1.ResourceClaimTemplate;
import io.gpuspec.core.Fleet;
import io.gpuspec.core.InferenceDeployment;
import io.gpuspec.core.ManifestSource;
import io.gpuspec.core.NodePool;
import io.gpuspec.core.NodeTaint;
import io.gpuspec.core.TestGpuspec;
import io.gpuspec.core.TrainingJob;
import io.gpuspec.core.check.CheckOptions;
import io.gpuspec.core.k8s.GpuResources;
import io.gpuspec.core.manifest.ManifestSet;
import io.gpuspec.core.report.Report;
import io.gpuspec.sharing.dra.ClaimedWorkload;
import io.gpuspec.sharing.dra.DraSharing;
import io.gpuspec.sharing.dra.GpuClaimRequest;
import io.gpuspec.sharing.dra.GpuClaimTemplate;
import io.gpuspec.sharing.dra.PodClaim;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.function.UnaryOperator;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;
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
 * For every sharing rule, a mutation that introduces exactly that rule's defect into valid objects
 * (a random shared pool, the device-plugin and mig-parted ConfigMaps gathered from it, a Deployment
 * and a Job on it, and a DRA claim template with a workload using it) is always reported with that
 * rule's id, while the same objects unmutated are not. The pool is the fleet of every check.
 */
class SharingDefectMutationProperties {

  private static final String PLUGIN_CONFIGS = "device-plugin-configs";
  private static final String MIG_CONFIG = "mig-parted-config";

  /** The valid objects of one try: fresh from the DSL, so a mutation never leaks to another. */
  record Valid(NodePool pool, List<HasMetadata> objects) {

    GpuSharing sharing() {
      return (GpuSharing) pool.sharing().orElseThrow();
    }

    boolean replicated() {
      return sharing().config().sharing().isPresent();
    }

    boolean mps() {
      return sharing()
          .config()
          .sharing()
          .filter(s -> s.strategy() == SharingStrategy.MPS)
          .isPresent();
    }

    boolean mig() {
      return sharing().migLayout().isPresent();
    }

    /** The one profile of the pool's uniform MIG layout. */
    String migProfile() {
      return sharing()
          .migLayout()
          .orElseThrow()
          .groups()
          .get(0)
          .requested()
          .keySet()
          .iterator()
          .next();
    }

    ConfigMap configMap(String name) {
      return objects.stream()
          .filter(o -> o instanceof ConfigMap && o.getMetadata().getName().equals(name))
          .map(ConfigMap.class::cast)
          .findFirst()
          .orElseThrow();
    }

    /** Rewrites every config held by the named ConfigMap. */
    void editConfigs(String name, UnaryOperator<String> edit) {
      ConfigMap configMap = configMap(name);
      Map<String, String> data = new LinkedHashMap<>();
      configMap.getData().forEach((key, text) -> data.put(key, edit.apply(text)));
      configMap.setData(data);
    }

    /** The GPU container of the Deployment the DSL placed on the pool. */
    Container poolContainer() {
      Deployment deployment =
          objects.stream()
              .filter(o -> o instanceof Deployment d && d.getMetadata().getName().equals("serve"))
              .map(Deployment.class::cast)
              .findFirst()
              .orElseThrow();
      return GpuResources.containers(deployment.getSpec().getTemplate().getSpec()).get(0);
    }

    ResourceClaimTemplate claimTemplate() {
      return objects.stream()
          .filter(ResourceClaimTemplate.class::isInstance)
          .map(ResourceClaimTemplate.class::cast)
          .findFirst()
          .orElseThrow();
    }

    /** The pod spec of the workload that uses the claim template. */
    PodSpec claimingSpec() {
      return objects.stream()
          .filter(o -> "dra".equals(o.getMetadata().getNamespace()))
          .flatMap(o -> TestGpuspec.workload(o).stream())
          .findFirst()
          .orElseThrow()
          .templates()
          .get(0)
          .spec();
    }
  }

  /** Each sharing rule and the one defect it exists to catch. */
  enum Defect {
    SHR001 {
      @Override
      void apply(Valid valid) {
        // renameByDefault belongs under sharing.<strategy>; at the top the plugin rejects it
        valid.editConfigs(PLUGIN_CONFIGS, text -> "renameByDefault: true\n" + text);
      }
    },
    SHR002 {
      @Override
      boolean appliesTo(Valid valid) {
        return valid.replicated();
      }

      @Override
      void apply(Valid valid) {
        valid.editConfigs(PLUGIN_CONFIGS, text -> text.replaceAll("replicas: \\d+", "replicas: 1"));
      }
    },
    SHR003 {
      @Override
      boolean appliesTo(Valid valid) {
        return valid.mps();
      }

      @Override
      void apply(Valid valid) {
        valid.editConfigs(
            PLUGIN_CONFIGS,
            text ->
                text.replaceAll(
                    "replicas: \\d+", "replicas: " + (SharingConfig.MPS_MAX_REPLICAS + 1)));
      }
    },
    SHR004 {
      @Override
      boolean appliesTo(Valid valid) {
        return valid.mps();
      }

      @Override
      void apply(Valid valid) {
        valid.editConfigs(
            PLUGIN_CONFIGS, text -> text.replace("migStrategy: none", "migStrategy: mixed"));
      }
    },
    SHR005 {
      @Override
      boolean appliesTo(Valid valid) {
        return valid.mig();
      }

      @Override
      void apply(Valid valid) {
        valid.editConfigs(MIG_CONFIG, text -> text.replace("mig-devices:", "mig-device:"));
      }
    },
    SHR006 {
      @Override
      boolean appliesTo(Valid valid) {
        return valid.mig();
      }

      @Override
      void apply(Valid valid) {
        valid.editConfigs(MIG_CONFIG, text -> count(text, valid.migProfile(), "9g.99gb", 1));
      }
    },
    SHR007 {
      /**
       * Every MIG pool, also one whose profile NVIDIA names for GPUs outside the catalogue as well
       * (such as 1g.12gb): those are held to what every MIG GPU shares.
       */
      @Override
      boolean appliesTo(Valid valid) {
        return valid.mig();
      }

      /** No MIG GPU has more than 7 compute slices, so 8 instances never fit. */
      @Override
      void apply(Valid valid) {
        String profile = valid.migProfile();
        valid.editConfigs(MIG_CONFIG, text -> count(text, profile, profile, 8));
      }
    },
    SHR008 {
      /** A profile of another GPU that the pool's model does not offer, if there is one. */
      @Override
      boolean appliesTo(Valid valid) {
        return valid.mig() && foreignProfile(valid) != null;
      }

      @Override
      void apply(Valid valid) {
        String foreign = foreignProfile(valid);
        valid.editConfigs(MIG_CONFIG, text -> count(text, valid.migProfile(), foreign, 1));
      }
    },
    SHR009 {
      @Override
      void apply(Valid valid) {
        Set<String> advertised = valid.pool().toNodeGroup().allocatable().keySet();
        String other =
            List.of("nvidia.com/gpu", "nvidia.com/gpu.shared", "nvidia.com/mig-1g.5gb").stream()
                .filter(name -> !advertised.contains(name))
                .findFirst()
                .orElseThrow();
        rename(valid.poolContainer(), other);
      }
    },
    SHR010 {
      @Override
      boolean appliesTo(Valid valid) {
        return valid.replicated();
      }

      @Override
      void apply(Valid valid) {
        Container c = valid.poolContainer();
        for (Map<String, Quantity> amounts :
            Arrays.asList(c.getResources().getRequests(), c.getResources().getLimits())) {
          if (amounts == null) {
            continue;
          }
          amounts.replaceAll(
              (name, amount) -> GpuResources.isGpu(name) ? new Quantity("2") : amount);
        }
      }
    },
    SHR011 {
      @Override
      void apply(Valid valid) {
        DeviceClaimConfiguration config =
            valid.claimTemplate().getSpec().getSpec().getDevices().getConfig().get(0);
        config.setRequests(List.of("no-such-request"));
      }
    },
    SHR012 {
      @Override
      void apply(Valid valid) {
        List<ResourceClaim> claims =
            valid.claimingSpec().getContainers().stream()
                .filter(c -> c.getResources() != null && c.getResources().getClaims() != null)
                .flatMap(c -> c.getResources().getClaims().stream())
                .toList();
        assertThat(claims).as("the DSL wires the claim to a container").isNotEmpty();
        claims.get(0).setName("undeclared");
      }
    },
    SHR013 {
      @Override
      void apply(Valid valid) {
        List<DeviceRequest> requests =
            new ArrayList<>(valid.claimTemplate().getSpec().getSpec().getDevices().getRequests());
        requests.add(new DeviceRequestBuilder(requests.get(0)).build());
        valid.claimTemplate().getSpec().getSpec().getDevices().setRequests(requests);
      }
    },
    DRA003 {
      /** A constraint naming a request the claim does not have. */
      @Override
      void apply(Valid valid) {
        valid
            .claimTemplate()
            .getSpec()
            .getSpec()
            .getDevices()
            .setConstraints(
                List.of(
                    new DeviceConstraintBuilder()
                        .withRequests("no-such-request")
                        .withMatchAttribute("resource.kubernetes.io/pcieRoot")
                        .build()));
      }
    };

    boolean appliesTo(Valid valid) {
      return true;
    }

    abstract void apply(Valid valid);

    /** Rewrites the line {@code <profile>: <n>} of a mig-parted config. */
    static String count(String text, String profile, String newProfile, int newCount) {
      Matcher m = Pattern.compile("(?m)^(\\s+)" + Pattern.quote(profile) + ": \\d+$").matcher(text);
      assertThat(m.find()).as("%s in%n%s", profile, text).isTrue();
      return m.replaceAll(r -> Matcher.quoteReplacement(r.group(1) + newProfile + ": " + newCount));
    }

    static String foreignProfile(Valid valid) {
      Set<String> own =
          MigCatalogue.defaults().geometry(valid.pool().model()).orElseThrow().profiles().stream()
              .map(MigProfile::name)
              .collect(Collectors.toSet());
      return MigCatalogue.defaults().geometries().stream()
          .flatMap(g -> g.profiles().stream())
          .map(MigProfile::name)
          .filter(name -> !own.contains(name))
          .sorted()
          .findFirst()
          .orElse(null);
    }

    /** Renames the GPU resource of a container's requests and limits, keeping its amounts. */
    static void rename(Container c, String to) {
      int renamed = 0;
      for (Map<String, Quantity> amounts :
          Arrays.asList(c.getResources().getRequests(), c.getResources().getLimits())) {
        String from =
            amounts == null
                ? null
                : amounts.keySet().stream().filter(GpuResources::isGpu).findFirst().orElse(null);
        if (from != null) {
          amounts.put(to, amounts.remove(from));
          renamed++;
        }
      }
      assertThat(renamed).as("GPU resources of %s", c.getName()).isPositive();
    }
  }

  /** A request of a DRA claim: whole GPUs or a MIG profile, sharing optional. */
  private static Arbitrary<GpuClaimRequest> request(String name, boolean shared) {
    Arbitrary<DraSharing> sharing =
        Arbitraries.of(
            DraSharing.timeSlicing(),
            DraSharing.builder().strategy(DraSharing.Strategy.MPS).build());
    Arbitrary<GpuClaimRequest> gpu =
        Combinators.combine(
                Arbitraries.integers().between(1, 4),
                Arbitraries.of("a100", "H100", "L40S").optional(0.5),
                shared ? sharing.map(java.util.Optional::of) : sharing.optional(0.5))
            .as(
                (count, product, share) ->
                    GpuClaimRequest.gpu(name)
                        .count(count)
                        .productContains(product)
                        .sharing(share)
                        .build());
    List<String> profiles =
        MigCatalogue.defaults().geometries().stream()
            .flatMap(g -> g.profiles().stream())
            .map(MigProfile::name)
            .distinct()
            .toList();
    Arbitrary<GpuClaimRequest> mig =
        Combinators.combine(
                Arbitraries.of(profiles),
                Arbitraries.integers().between(1, 3),
                shared
                    ? Arbitraries.just(Optional.of(DraSharing.timeSlicing()))
                    : Arbitraries.just(DraSharing.timeSlicing()).optional(0.5))
            .as(
                (profile, count, share) ->
                    GpuClaimRequest.mig(name, profile).count(count).sharing(share).build());
    return Arbitraries.oneOf(gpu, mig);
  }

  /** A claim template whose first request is shared (so it has a config) and its workload. */
  private static Arbitrary<List<ManifestSource>> claimed() {
    return Combinators.combine(
            request("req-0", true),
            request("req-1", false).optional(0.5),
            Arbitraries.of(true, false))
        .as(
            (first, second, deployment) -> {
              GpuClaimTemplate template =
                  GpuClaimTemplate.named("gpus")
                      .namespace("dra")
                      .addRequests(first)
                      .addAllRequests(second.stream().toList())
                      .build();
              ClaimedWorkload workload =
                  ClaimedWorkload.builder()
                      .workload(
                          deployment
                              ? InferenceDeployment.named("claims")
                                  .namespace("dra")
                                  .image("nvcr.io/nvidia/tritonserver:24.08-py3")
                                  .gpus(0)
                                  .build()
                              : TrainingJob.named("claims")
                                  .namespace("dra")
                                  .image("nvcr.io/nvidia/pytorch:24.08-py3")
                                  .gpus(0)
                                  .backoffLimit(1)
                                  .build())
                      .addClaims(PodClaim.of("gpus", template))
                      .addTolerate(NodeTaint.GPU)
                      .build();
              return List.of(template, workload);
            });
  }

  /**
   * The shape of one try: a shared pool, a DRA claim template with its workload, and the replicas
   * of the Deployment on the pool. {@link #build()} renders fresh objects each time.
   */
  record Shape(NodePool pool, List<ManifestSource> dra, int replicas) {
    Valid build() {
      List<HasMetadata> objects = new ArrayList<>();
      List<NodePool> pools = List.of(pool);
      objects.addAll(DevicePluginConfigMap.ofPools(PLUGIN_CONFIGS, pools).build().toManifests());
      if (SharingArbitraries.layout(pool).isPresent()) {
        objects.addAll(
            MigPartedConfigMap.ofPools(MIG_CONFIG, pools, Map.of()).build().toManifests());
      }
      objects.addAll(
          InferenceDeployment.named("serve")
              .namespace("serving")
              .image("nvcr.io/nvidia/tritonserver:24.08-py3")
              .replicas(replicas)
              .onPool(pool)
              .port("http", 8000)
              .build()
              .toManifests());
      objects.addAll(
          TrainingJob.named("train")
              .namespace("ml")
              .image("nvcr.io/nvidia/pytorch:24.08-py3")
              .onPool(pool)
              .backoffLimit(1)
              .build()
              .toManifests());
      dra.forEach(source -> objects.addAll(source.toManifests()));
      return new Valid(pool, objects);
    }
  }

  @Provide
  Arbitrary<Shape> shapes() {
    return Combinators.combine(
            // more MIG and time-slicing/MPS pools than the catalogue gives: most rules need one
            Arbitraries.oneOf(
                SharingArbitraries.sharedPool("shared"),
                SharingArbitraries.sharedPool("shared")
                    .filter(pool -> SharingArbitraries.layout(pool).isPresent()),
                SharingArbitraries.sharedPool("shared")
                    .filter(pool -> SharingArbitraries.layout(pool).isEmpty())),
            claimed(),
            Arbitraries.integers().between(1, 3))
        .as(Shape::new);
  }

  private static Report check(Valid valid) {
    return TestGpuspec.GPUSPEC
        .engine()
        .check(
            ManifestSet.of(valid.objects()),
            CheckOptions.builder().fleet(Fleet.of(valid.pool())).build());
  }

  @Property(tries = 1000, edgeCases = EdgeCasesMode.NONE)
  @Label(
      "each sharing rule's defect, introduced into valid objects, is always reported with its id")
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

  /**
   * The defects that the sharing rules also catch without a fleet, from the ConfigMaps of the set
   * alone: SHR010 through the config the workload selects with {@code
   * nvidia.com/device-plugin.config}, and SHR007 on layouts of GPUs outside the catalogue.
   */
  enum FleetlessDefect {
    SHR010(Defect.SHR010),
    /**
     * SHR007 on a profile of GPUs outside the catalogue only: the pool's profile becomes one with
     * as many compute slices that only such GPUs offer, one instance more than 7 slices hold.
     */
    SHR007(Defect.SHR007) {
      @Override
      boolean appliesTo(Valid valid) {
        return valid.mig() && uncatalogued(valid).isPresent();
      }

      @Override
      void apply(Valid valid) {
        String profile = uncatalogued(valid).orElseThrow();
        int compute = io.gpuspec.core.k8s.MigNames.profile(profile).orElseThrow().computeSlices();
        valid.editConfigs(
            MIG_CONFIG, text -> Defect.count(text, valid.migProfile(), profile, 7 / compute + 1));
      }
    };

    final Defect defect;

    FleetlessDefect(Defect defect) {
      this.defect = defect;
    }

    boolean appliesTo(Valid valid) {
      return defect.appliesTo(valid);
    }

    void apply(Valid valid) {
      defect.apply(valid);
    }

    /**
     * A profile that only GPUs outside the catalogue offer, with as many compute slices as the
     * pool's.
     */
    static Optional<String> uncatalogued(Valid valid) {
      int compute =
          io.gpuspec.core.k8s.MigNames.profile(valid.migProfile()).orElseThrow().computeSlices();
      Set<String> catalogued =
          MigCatalogue.defaults().geometries().stream()
              .flatMap(g -> g.profiles().stream())
              .map(MigProfile::name)
              .collect(Collectors.toSet());
      return MigGeometries.ON_OTHER_GPUS.stream()
          .filter(name -> !catalogued.contains(name))
          .filter(
              name ->
                  io.gpuspec.core.k8s.MigNames.profile(name)
                      .filter(p -> p.computeSlices() == compute)
                      .isPresent())
          .sorted()
          .findFirst();
    }
  }

  private static Report checkWithoutFleet(Valid valid) {
    return TestGpuspec.GPUSPEC
        .engine()
        .check(ManifestSet.of(valid.objects()), CheckOptions.defaults());
  }

  @Property(tries = 300, edgeCases = EdgeCasesMode.NONE)
  @Label("the defects caught from the set's ConfigMaps alone are reported without a fleet")
  void defectIsReportedWithoutTheFleet(
      @ForAll FleetlessDefect defect, @ForAll("shapes") Shape shape) {
    Valid before = shape.build();
    Assume.that(defect.appliesTo(before));
    Statistics.collect(defect);
    assertThat(checkWithoutFleet(before).byRule(defect.name()))
        .as("%s on the valid objects", defect)
        .isEmpty();

    Valid mutated = shape.build();
    defect.apply(mutated);

    assertThat(checkWithoutFleet(mutated).byRule(defect.name()))
        .as("%s after its defect was introduced, without a fleet", defect)
        .isNotEmpty();
  }

  /** Every sharing rule has a defect here or, for the GPU Operator's, in its own property. */
  @Test
  void everySharingRule_hasADefect() {
    assertThat(
            java.util.stream.Stream.concat(
                Arrays.stream(Defect.values()).map(Defect::name),
                Arrays.stream(GpuOperatorDefectMutationProperties.Defect.values()).map(Enum::name)))
        .containsExactlyInAnyOrderElementsOf(TestGpuspec.ruleIds("sharing"));
  }
}
