package io.gpuspec.core.registry;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** Kinds files: the bundled one reads, and every mistake names file, entry, field and fix. */
class KindsFileTest {

  private static final String HEAD = "apiVersion: gpuspec.io/v1alpha1\nkind: WorkloadKinds\n";

  @Test
  void bundledFile_describesTheShippedKinds() {
    List<KindEntry> bundled = KindsFile.resource(KindsFile.class, "kinds.yaml");
    assertThat(bundled)
        .extracting(KindEntry::toString)
        .containsExactly(
            "jobset.x-k8s.io JobSet",
            "leaderworkerset.x-k8s.io LeaderWorkerSet",
            "ray.io RayCluster",
            "ray.io RayJob",
            "ray.io RayService",
            "kubeflow.org PyTorchJob",
            "kubeflow.org MPIJob",
            "kubeflow.org JAXJob",
            "kubeflow.org XGBoostJob",
            "kubeflow.org PaddleJob");
    KindEntry lws = bundled.get(1);
    assertThat(lws.covers("leaderworkerset.x-k8s.io/v1", "LeaderWorkerSet")).isTrue();
    assertThat(lws.covers("leaderworkerset.x-k8s.io/v2", "LeaderWorkerSet")).isFalse();
    assertThat(lws.templates().get(1).rest()).isTrue();
    assertThat(bundled.get(0).claimTemplates())
        .hasValueSatisfying(
            p -> assertThat(p).hasToString("spec.volumeClaimPolicies[*].templates[*]"));
  }

  @Test
  void claimTemplates_aPathThatDoesNotParse_isNamedWithTheFix() {
    assertThatThrownBy(
            () ->
                KindsFile.parse(
                    HEAD
                        + "kinds:\n"
                        + "- group: example.com\n"
                        + "  kind: Trainer\n"
                        + "  claimTemplates: spec..claims\n"
                        + "  templates:\n"
                        + "  - path: spec.template\n",
                    "kinds.yaml"))
        .isInstanceOf(KindsFileException.class)
        .hasMessageContaining("kinds[0] (example.com Trainer).claimTemplates")
        .hasMessageContaining("write fields separated by dots");
  }

  @Test
  void entry_readsEveryField() {
    KindEntry entry =
        KindsFile.parse(
                HEAD
                    + "kinds:\n"
                    + "- group: example.com\n"
                    + "  kind: Trainer\n"
                    + "  gang: true\n"
                    + "  groups: [$.spec.copies]\n"
                    + "  templates:\n"
                    + "  - path: spec.roles.*.template\n"
                    + "    pods: [replicas, {field: hosts, unset: 2, atLeast: min, atMost: max}]\n",
                "kinds.yaml")
            .get(0);
    assertThat(entry.versions()).isEmpty();
    assertThat(entry.gang()).isTrue();
    assertThat(entry.groups()).containsExactly(PodCount.of("$.spec.copies", 1));
    TemplateEntry template = entry.templates().get(0);
    assertThat(template.path()).hasToString("spec.roles.*.template");
    assertThat(template.roleField()).isEqualTo("name");
    assertThat(template.pods().get(1).unset()).isEqualTo(2);
    assertThat(template.pods().get(1).atLeast()).contains("min");
  }

  @ParameterizedTest
  @CsvSource(
      delimiter = '|',
      value = {
        "kind: Other|kinds.yaml: declares apiVersion gpuspec.io/v1alpha1 and kind Other; write"
            + " apiVersion: gpuspec.io/v1alpha1 and kind: WorkloadKinds",
        "kinds: []|kinds.yaml: kinds: is empty; declare at least one kind",
        "kinds: [{group: a.io, kind: A}]|kinds.yaml: kinds[0] (a.io A).templates: is missing;"
            + " list where the pod templates are",
        "kinds: [{kind: A, templates: [{path: spec.template}]}]|kinds.yaml: kinds[0].group: is"
            + " missing; name the API group",
        "kinds: [{group: a.io, kind: A, templates: [{path: 'spec..template'}]}]|kinds.yaml:"
            + " kinds[0] (a.io A).templates[0].path: step \"\" is not a field name",
        "kinds: [{group: a.io, kind: A, templates: [{path: spec.template, pods: rest}]}]|"
            + "kinds.yaml: kinds[0] (a.io A).templates[0].pods: is rest but the kind declares no"
            + " groupSize",
        "kinds: [{group: a.io, kind: A, templats: []}]|kinds.yaml: kinds[0] (a.io A).templats: is"
            + " not a field of a kinds file here; use one of",
        "kinds: [{group: a.io, kind: A, templates: [{path: spec.t, pods: [{field: r, unset:"
            + " -1}]}]}]|kinds.yaml: kinds[0] (a.io A).templates[0].pods[0].unset: is negative",
        "kinds: [{group: a.io, kind: A, templates: [{path: spec.t, pods: ['spec.x[*]']}]}]|"
            + "kinds.yaml: kinds[0] (a.io A).templates[0].pods[0]: \"spec.x[*]\" is not a field"
            + " path without wildcards",
        "kinds: [{group: a.io, kind: A, templates: [{path: x}]}, {group: a.io, kind: A,"
            + " templates: [{path: y}]}]|kinds.yaml: kinds[1] (a.io A): declares a kind declared"
            + " before; declare each group, kind and version once",
      })
  void badFile_namesFileEntryFieldAndFix(String body, String message) {
    String text =
        body.startsWith("kind: Other") ? "apiVersion: gpuspec.io/v1alpha1\n" + body : HEAD + body;
    assertThatThrownBy(() -> KindsFile.parse(text, "kinds.yaml"))
        .isInstanceOf(KindsFileException.class)
        .hasMessageStartingWith(message);
  }

  @Test
  void unreadableFile_namesIt() {
    assertThatThrownBy(() -> KindsFile.read(java.nio.file.Path.of("no/such/kinds.yaml")))
        .isInstanceOf(KindsFileException.class)
        .hasMessageStartingWith("no/such/kinds.yaml: cannot read the kinds file");
  }
}
