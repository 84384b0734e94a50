package io.gpuspec.sharing;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.fabric8.kubernetes.api.model.ConfigMap;
import io.fabric8.kubernetes.api.model.ConfigMapBuilder;
import io.gpuspec.core.InvalidSpecException;
import org.junit.jupiter.api.Test;

/** Strict reading of device-plugin and mig-parted config texts: each problem at its exact path. */
class ConfigParseTest {

  @Test
  void gpuOperatorDocsExample_readsWithoutProblems() {
    Parsed<DevicePluginConfig> parsed =
        DevicePluginConfigReader.read(
            """
            version: v1
            flags:
              migStrategy: none
            sharing:
              timeSlicing:
                renameByDefault: false
                failRequestsGreaterThanOne: false
                resources:
                  - name: nvidia.com/gpu
                    replicas: 4
            """);
    assertThat(parsed.problems()).isEmpty();
    assertThat(parsed.orThrow()).isEqualTo(Fixtures.timeSlicingT4().configs().get("tesla-t4"));
  }

  @Test
  void topLevelRenameByDefault_isReportedAsMisplacedWithItsPath() {
    Parsed<DevicePluginConfig> parsed =
        DevicePluginConfigReader.read(
            """
            version: v1
            renameByDefault: true
            sharing:
              timeSlicing:
                resources:
                - name: nvidia.com/gpu
                  replicas: 4
            """);
    assertThat(parsed.ok()).isFalse();
    assertThat(parsed.problems())
        .singleElement()
        .hasToString(
            "renameByDefault: misplaced key renameByDefault: it belongs under sharing.timeSlicing"
                + " or sharing.mps; here it is ignored; move it there");
  }

  @Test
  void misplacedAndUnknownKeys_deeperDown() {
    Parsed<DevicePluginConfig> parsed =
        DevicePluginConfigReader.read(
            """
            version: v1
            sharing:
              renameByDefault: true
              timeSlicing:
                replicas: 2
                resources:
                - name: nvidia.com/gpu
                  replica: 4
                  renameByDefault: true
            """);
    assertThat(parsed.problems())
        .extracting(ConfigProblem::path)
        .containsExactly(
            "sharing.renameByDefault",
            "sharing.timeSlicing.replicas",
            "sharing.timeSlicing.resources[0].replica",
            "sharing.timeSlicing.resources[0].renameByDefault",
            "sharing.timeSlicing.resources[0].replicas");
    assertThat(parsed.problems().get(1).message())
        .startsWith(
            "misplaced key replicas: it belongs in each entry of sharing.timeSlicing.resources");
    assertThat(parsed.problems().get(2).message())
        .startsWith("unknown key replica (known here: devices, name, rename, replicas)");
    assertThat(parsed.problems().get(4).message()).startsWith("missing");
  }

  @Test
  void wrongTypes_areReportedNotCoerced() {
    Parsed<DevicePluginConfig> parsed =
        DevicePluginConfigReader.read(
            """
            version: v1
            flags:
              migStrategy: Mixed
            sharing:
              mps:
                renameByDefault: "yes"
                resources:
                - name: nvidia.com/gpu
                  replicas: "4"
            """);
    assertThat(parsed.problems())
        .extracting(ConfigProblem::toString)
        .containsExactly(
            "flags.migStrategy: \"Mixed\" is not a MIG strategy; write none, single or mixed",
            "sharing.mps.renameByDefault: expected true or false, found the string \"yes\"; write"
                + " true or false",
            "sharing.mps.resources[0].replicas: expected an integer, found the string \"4\"; write"
                + " a whole number, unquoted");
  }

  @Test
  void bothSharingStrategies_areAmbiguous() {
    Parsed<DevicePluginConfig> parsed =
        DevicePluginConfigReader.read(
            """
            version: v1
            sharing:
              timeSlicing: {resources: [{name: nvidia.com/gpu, replicas: 2}]}
              mps: {resources: [{name: nvidia.com/gpu, replicas: 2}]}
            """);
    assertThat(parsed.problems())
        .singleElement()
        .satisfies(
            problem -> assertThat(problem.message()).contains("uses mps and ignores timeSlicing"));
  }

  @Test
  void validationRules_reportedAtTheSectionThatBreaksThem() {
    Parsed<DevicePluginConfig> parsed =
        DevicePluginConfigReader.read(
            """
            version: v1
            sharing:
              mps:
                resources:
                - name: gpu
                  replicas: 60
            """);
    assertThat(parsed.problems())
        .singleElement()
        .satisfies(
            problem -> {
              assertThat(problem.path()).isEqualTo("sharing.mps.resources[0].replicas");
              assertThat(problem.message()).contains("60 MPS clients but a GPU serves at most 48");
            });
    assertThatThrownBy(parsed::orThrow)
        .isInstanceOf(InvalidSpecException.class)
        .hasMessageContaining("sharing.mps.resources[0].replicas: 60 MPS clients");
  }

  @Test
  void syntaxErrorsAndDuplicateKeys_areProblemsNotExceptions() {
    assertThat(DevicePluginConfigReader.read("version: v1\nsharing: [\n").problems())
        .singleElement()
        .satisfies(problem -> assertThat(problem.message()).startsWith("not valid YAML"));
    assertThat(DevicePluginConfigReader.read("version: v1\nversion: v1\n").problems())
        .singleElement()
        .satisfies(problem -> assertThat(problem.message()).contains("Duplicate"));
    assertThat(DevicePluginConfigReader.read("").problems())
        .singleElement()
        .hasToString("<root>: the text is empty; write the config as a YAML mapping");
    assertThat(DevicePluginConfigReader.read("- a\n").problems())
        .singleElement()
        .satisfies(problem -> assertThat(problem.message()).startsWith("expected a mapping"));
  }

  @Test
  void configMapProblems_carryTheDataKey() {
    ConfigMap configMap =
        new ConfigMapBuilder()
            .withNewMetadata()
            .withName("plugin-config")
            .withNamespace("gpu-operator")
            .endMetadata()
            .addToData("ok", "version: v1\n")
            .addToData(
                "tesla-t4",
                "version: v1\nsharing:\n  timeSlicing:\n    resources:\n    - name: nvidia.com/gpu\n"
                    + "      replicas: 1\n")
            .build();
    Parsed<DevicePluginConfigMap> parsed = DevicePluginConfigMap.fromConfigMap(configMap);
    assertThat(parsed.value()).isEmpty();
    assertThat(parsed.problems())
        .singleElement()
        .satisfies(
            problem -> {
              assertThat(problem.path())
                  .isEqualTo("data[tesla-t4].sharing.timeSlicing.resources[0].replicas");
              assertThat(problem.message()).contains("1 replica(s) share nothing");
            });
  }

  @Test
  void migParted_unknownKeysMissingFieldsAndWrongValues() {
    Parsed<MigPartedConfig> parsed =
        MigPartedConfig.parse(
            """
            version: v1
            mig-configs:
              all-1g.10gb:
              - devices: all
                mig-enabled: true
                mig-device:
                  "1g.10gb": 7
              two-gpus:
              - devices: some
                mig-enabled: yes
              off:
              - devices: [0]
                mig-enabled: false
                mig-devices: {"1g.10gb": 1}
            """);
    assertThat(parsed.problems())
        .extracting(ConfigProblem::toString)
        .containsExactly(
            "mig-configs[all-1g.10gb][0].mig-device: unknown key mig-device (known here:"
                + " device-filter, devices, mig-devices, mig-enabled); remove it or fix its spelling",
            "mig-configs[all-1g.10gb][0].mig-devices: missing while mig-enabled is true; list the"
                + " profiles, or {} for none",
            "mig-configs[two-gpus][0].devices: \"some\" is not all; write all or a list of GPU"
                + " indices",
            "mig-configs[two-gpus][0].mig-enabled: expected true or false, found the string"
                + " \"yes\"; write true or false",
            "mig-configs[off][0].mig-devices: listed while mig-enabled is false; set mig-enabled:"
                + " true or drop mig-devices");
  }

  @Test
  void migParted_versionAndStructure() {
    assertThat(
            MigPartedConfig.parse("mig-configs:\n  x:\n  - devices: all\n    mig-enabled: false\n")
                .problems())
        .extracting(ConfigProblem::toString)
        .containsExactly("version: missing; write version: v1");
    assertThat(MigPartedConfig.parse("version: v2\nmig-configs:\n  x: {devices: all}\n").problems())
        .extracting(ConfigProblem::path)
        .containsExactly("version", "mig-configs[x]");
    assertThat(MigPartedConfig.parse("version: v1\nall-1g.10gb: []\n").problems())
        .extracting(ConfigProblem::path)
        .containsExactly("all-1g.10gb", "mig-configs");
  }
}
