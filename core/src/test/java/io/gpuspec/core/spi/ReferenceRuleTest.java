package io.gpuspec.core.spi;

import static org.assertj.core.api.Assertions.assertThat;

import io.fabric8.kubernetes.api.model.ConfigMap;
import io.fabric8.kubernetes.api.model.ConfigMapBuilder;
import io.fabric8.kubernetes.api.model.HasMetadata;
import io.fabric8.kubernetes.api.model.Secret;
import io.fabric8.kubernetes.api.model.SecretBuilder;
import io.gpuspec.core.TestGpuspec;
import io.gpuspec.core.check.CheckOptions;
import io.gpuspec.core.manifest.ManifestSet;
import io.gpuspec.core.report.Finding;
import io.gpuspec.core.report.Severity;
import io.gpuspec.core.report.Violation;
import java.util.List;
import java.util.Set;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/** The reference-rule template: lookup by name and namespace, built-ins, wording and severity. */
class ReferenceRuleTest {

  /** T100: a ConfigMap's {@code data.secret} names a Secret of its namespace. */
  static final class SecretExists extends ReferenceRule<Secret> {

    SecretExists() {
      super(
          RuleInfo.builder()
              .id("T100")
              .severity(Severity.ERROR)
              .title("data.secret names a Secret")
              .why("test")
              .fix("add it")
              .addKinds("ConfigMap")
              .documentation("https://kubernetes.io/docs/concepts/configuration/secret/")
              .build(),
          "Secret",
          Secret.class);
    }

    @Override
    protected Set<String> builtIns() {
      return Set.of("always-there");
    }

    @Override
    protected Stream<Reference> references(ManifestSet manifests, CheckContext context) {
      return manifests.ofType(ConfigMap.class).stream()
          .map(
              map ->
                  new Reference(
                      map,
                      "data[secret]",
                      map.getData() == null ? null : map.getData().get("secret"),
                      Subject.namespace(map),
                      "the app cannot start"));
    }

    @Override
    protected String fix(Reference reference, List<Secret> defined) {
      return "add Secret \"" + reference.name() + "\"";
    }
  }

  private static ConfigMap naming(String secret, String namespace) {
    return new ConfigMapBuilder()
        .withNewMetadata()
        .withName("app")
        .withNamespace(namespace)
        .endMetadata()
        .addToData("secret", secret)
        .build();
  }

  private static Secret secret(String name, String namespace) {
    return new SecretBuilder()
        .withNewMetadata()
        .withName(name)
        .withNamespace(namespace)
        .endMetadata()
        .build();
  }

  private static List<Violation> check(HasMetadata... objects) {
    return TestGpuspec.engine(new SecretExists())
        .check(ManifestSet.of(objects), CheckOptions.builder().build())
        .violations()
        .stream()
        .filter(v -> v.ruleId().equals("T100"))
        .toList();
  }

  @Test
  void missing_whenTheSetDefinesTheKind_isAnErrorSayingSo() {
    List<Violation> found = check(naming("db", "ml"), secret("other", "ml"));

    assertThat(found)
        .singleElement()
        .satisfies(
            v -> {
              assertThat(v.severity()).isEqualTo(Severity.ERROR);
              assertThat(v.path()).isEqualTo("data[secret]");
              assertThat(v.message())
                  .isEqualTo(
                      "Secret \"ml/db\" does not exist: the set defines Secret objects, but not this one;"
                          + " the app cannot start");
              assertThat(v.fix()).isEqualTo("add Secret \"db\"");
            });
  }

  @Test
  void missing_whenTheSetDefinesNoneOfTheKind_isAWarning() {
    assertThat(check(naming("db", "ml")))
        .singleElement()
        .satisfies(
            v -> {
              assertThat(v.severity()).isEqualTo(Severity.WARNING);
              assertThat(v.message())
                  .isEqualTo(
                      "Secret \"ml/db\" is not in the set, which defines no Secret; unless the"
                          + " cluster already has it, the app cannot start");
            });
  }

  @Test
  void present_inAnotherNamespace_isMissing() {
    assertThat(check(naming("db", "ml"), secret("db", "web"))).hasSize(1);
  }

  @Test
  void present_builtIn_empty_orNamespaceUnstated_isQuiet() {
    assertThat(check(naming("db", "ml"), secret("db", "ml"))).isEmpty();
    assertThat(check(naming("always-there", "ml"), secret("db", "ml"))).isEmpty();
    assertThat(check(naming("", "ml"), secret("db", "ml"))).isEmpty();
    assertThat(check(naming("db", null), secret("db", "ml"))).isEmpty();
  }

  @Test
  void missing_isThePureFactTheRuleReports() {
    ReferenceRule.Reference reference =
        new ReferenceRule.Reference(naming("db", "ml"), "data[secret]", "db", "ml", "it fails");

    assertThat(
            ReferenceRule.missing(
                "Secret", reference, List.of(secret("db", "ml")), Set.of(), "", "add it"))
        .isEmpty();
    assertThat(ReferenceRule.missing("Secret", reference, List.of(), Set.of(), " (note)", "add it"))
        .containsExactly(
            new Finding(
                "data[secret]",
                "Secret \"ml/db\" is not in the set, which defines no Secret; unless the cluster"
                    + " already has it, it fails (note)",
                "add it"));
  }

  @Test
  void subject_namesObjectsNullSafely() {
    assertThat(Subject.of(secret("db", "ml"))).isEqualTo("Secret \"db\"");
    assertThat(
            Subject.of(
                new SecretBuilder()
                    .withNewMetadata()
                    .withGenerateName("db-")
                    .endMetadata()
                    .build()))
        .isEqualTo("Secret \"db-*\"");
    Secret bare = new Secret();
    assertThat(Subject.name(bare)).isEmpty();
    assertThat(Subject.namespace(bare)).isEmpty();
    assertThat(Subject.labels(bare)).isEmpty();
    assertThat(Subject.annotations(null)).isEmpty();
    assertThat(Subject.sameNamespace("", "ml")).isTrue();
    assertThat(Subject.sameNamespace("web", "ml")).isFalse();
  }
}
