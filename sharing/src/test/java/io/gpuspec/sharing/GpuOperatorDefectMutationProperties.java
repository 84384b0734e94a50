package io.gpuspec.sharing;

import static org.assertj.core.api.Assertions.assertThat;

import io.fabric8.kubernetes.api.model.ConfigMap;
import io.fabric8.kubernetes.api.model.Container;
import io.fabric8.kubernetes.api.model.HasMetadata;
import io.fabric8.kubernetes.api.model.Quantity;
import io.fabric8.kubernetes.api.model.apps.Deployment;
import io.gpuspec.core.InferenceDeployment;
import io.gpuspec.core.NodePool;
import io.gpuspec.core.TestGpuspec;
import io.gpuspec.core.check.CheckOptions;
import io.gpuspec.core.k8s.GpuResources;
import io.gpuspec.core.manifest.ManifestSet;
import io.gpuspec.core.manifest.ReadResult;
import io.gpuspec.core.manifest.YamlRenderer;
import io.gpuspec.core.report.Report;
import io.gpuspec.sharing.model.ClusterPolicy;
import io.gpuspec.sharing.model.MigSpec;
import io.gpuspec.sharing.model.OperandConfig;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
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
import tools.jackson.databind.json.JsonMapper;
import tools.jackson.databind.node.ObjectNode;

/**
 * For every GPU Operator rule (SHR020 to SHR023), a mutation that introduces exactly that rule's
 * defect into valid objects (a random shared pool, the device-plugin and mig-parted ConfigMaps
 * gathered from it, a Deployment on it, and the GPU Operator pointed at the ConfigMaps by {@link
 * GpuOperatorValues}: as its helm values file or as a ClusterPolicy) is always reported with that
 * rule's id, while the same objects unmutated are not.
 */
class GpuOperatorDefectMutationProperties {

  private static final String PLUGIN_CONFIGS = "device-plugin-configs";
  private static final String MIG_CONFIG = "mig-parted-config";
  private static final JsonMapper JSON = JsonMapper.builder().build();

  /** The valid objects of one try, read from text as a user's files would be. */
  record Valid(List<HasMetadata> objects) {

    ClusterPolicy policy() {
      return objects.stream()
          .filter(ClusterPolicy.class::isInstance)
          .map(ClusterPolicy.class::cast)
          .findFirst()
          .orElseThrow();
    }

    boolean mig() {
      return objects.stream()
          .anyMatch(o -> o instanceof ConfigMap && o.getMetadata().getName().equals(MIG_CONFIG));
    }

    ConfigMap configMap(String name) {
      return objects.stream()
          .filter(o -> o instanceof ConfigMap && o.getMetadata().getName().equals(name))
          .map(ConfigMap.class::cast)
          .findFirst()
          .orElseThrow();
    }

    Container poolContainer() {
      Deployment deployment =
          objects.stream()
              .filter(Deployment.class::isInstance)
              .map(Deployment.class::cast)
              .findFirst()
              .orElseThrow();
      return GpuResources.containers(deployment.getSpec().getTemplate().getSpec()).get(0);
    }
  }

  /** Each GPU Operator rule and the one defect it exists to catch. */
  enum Defect {
    /** A MIG strategy outside the CRD's enum. */
    SHR020 {
      @Override
      void apply(Valid valid) {
        MigSpec mig = new MigSpec();
        mig.setStrategy("Single");
        valid.policy().getSpec().setMig(mig);
      }
    },
    /** A default device-plugin config that is no key of the ConfigMap. */
    SHR021 {
      @Override
      void apply(Valid valid) {
        OperandConfig config = valid.policy().getSpec().getDevicePlugin().getConfig();
        config.setDefaultConfig("no-such-config");
      }
    },
    /** The mig-parted config under a key the MIG manager does not read. */
    SHR022 {
      @Override
      boolean appliesTo(Valid valid) {
        return valid.mig();
      }

      @Override
      void apply(Valid valid) {
        ConfigMap configMap = valid.configMap(MIG_CONFIG);
        configMap.setData(Map.of("mig.yaml", configMap.getData().get("config.yaml")));
      }
    },
    /** A MIG profile requested under the operator's single strategy. */
    SHR023 {
      @Override
      void apply(Valid valid) {
        MigSpec mig = new MigSpec();
        mig.setStrategy("single");
        valid.policy().getSpec().setMig(mig);
        Container container = valid.poolContainer();
        for (Map<String, Quantity> amounts :
            List.of(container.getResources().getRequests(), container.getResources().getLimits())) {
          String gpu =
              amounts.keySet().stream().filter(GpuResources::isGpu).findFirst().orElse(null);
          if (gpu != null) {
            amounts.put("nvidia.com/mig-1g.10gb", amounts.remove(gpu));
          }
        }
      }
    };

    boolean appliesTo(Valid valid) {
      return true;
    }

    abstract void apply(Valid valid);
  }

  /** One try: a shared pool, and whether the operator is given as helm values. */
  record Shape(NodePool pool, boolean asValues) {

    Valid build() {
      List<NodePool> pools = List.of(pool);
      DevicePluginConfigMap plugin = DevicePluginConfigMap.ofPools(PLUGIN_CONFIGS, pools).build();
      GpuOperatorValues.Builder values = GpuOperatorValues.builder().devicePluginConfig(plugin);
      List<HasMetadata> configMaps = new ArrayList<>(plugin.toManifests());
      if (SharingArbitraries.layout(pool).isPresent()) {
        MigPartedConfigMap mig =
            MigPartedConfigMap.ofPools(
                    MIG_CONFIG, pools, Map.of("all-disabled", MigLayout.disabled()))
                .build();
        values.migConfig(mig);
        configMaps.addAll(mig.toManifests());
      }
      GpuOperatorValues built = values.build();
      List<HasMetadata> workloads =
          new ArrayList<>(
              InferenceDeployment.named("serve")
                  .namespace("serving")
                  .image("nvcr.io/nvidia/tritonserver:24.08-py3")
                  .onPool(pool)
                  .port("http", 8000)
                  .build()
                  .toManifests());
      workloads.addAll(configMaps);
      String text =
          (asValues ? built.renderHelmValues() : clusterPolicy(built))
              + "---\n"
              + YamlRenderer.render(ManifestSet.of(workloads));
      ReadResult read = TestGpuspec.GPUSPEC.read(text, "gpu-operator.yaml");
      assertThat(read.problems()).isEmpty();
      return new Valid(new ArrayList<>(read.manifests().objects()));
    }

    /** A ClusterPolicy with the CRD's required fields and the values' merge patch. */
    private static String clusterPolicy(GpuOperatorValues values) {
      ObjectNode policy = (ObjectNode) JSON.readTree(values.clusterPolicyPatch());
      ObjectNode spec = (ObjectNode) policy.get("spec");
      for (String field : io.gpuspec.sharing.model.ClusterPolicySpec.REQUIRED) {
        if (!spec.has(field)) {
          spec.putObject(field);
        }
      }
      if (spec.path("mig").path("strategy").isNull()) {
        spec.remove("mig");
      }
      policy.put("apiVersion", ClusterPolicy.API_VERSION);
      policy.put("kind", ClusterPolicy.KIND);
      policy.putObject("metadata").put("name", "cluster-policy");
      return policy.toString() + "\n";
    }
  }

  @Provide
  Arbitrary<Shape> shapes() {
    return Combinators.combine(SharingArbitraries.sharedPool("shared"), Arbitraries.of(true, false))
        .as(Shape::new);
  }

  private static Report check(Valid valid) {
    return TestGpuspec.GPUSPEC
        .engine()
        .check(ManifestSet.of(valid.objects()), CheckOptions.defaults());
  }

  @Property(tries = 200, edgeCases = EdgeCasesMode.NONE)
  @Label("each GPU Operator rule's defect, introduced into valid objects, is reported with its id")
  void defectIsReportedByItsRule(@ForAll Defect defect, @ForAll("shapes") Shape shape) {
    Valid before = shape.build();
    Assume.that(defect.appliesTo(before));
    Statistics.collect(defect, shape.asValues() ? "values" : "ClusterPolicy");
    assertThat(check(before).byRule(defect.name())).as("%s on the valid objects", defect).isEmpty();

    Valid mutated = shape.build();
    defect.apply(mutated);

    assertThat(check(mutated).byRule(defect.name()))
        .as("%s after its defect was introduced", defect)
        .isNotEmpty();
  }
}
