package io.gpuspec.core.manifest;

import static org.assertj.core.api.Assertions.assertThat;

import io.fabric8.kubernetes.api.model.ConfigMapBuilder;
import io.fabric8.kubernetes.api.model.HasMetadata;
import io.fabric8.kubernetes.api.model.Namespace;
import io.fabric8.kubernetes.api.model.NamespaceBuilder;
import io.fabric8.kubernetes.api.model.apps.DeploymentBuilder;
import io.fabric8.kubernetes.api.model.scheduling.v1.PriorityClassBuilder;
import io.gpuspec.core.TestGpuspec;
import io.gpuspec.core.report.ObjectRef;
import io.gpuspec.core.report.SourceLocation;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import org.junit.jupiter.api.Test;

class ManifestSetTest {

  private static final HasMetadata NAMESPACE =
      new NamespaceBuilder().withNewMetadata().withName("ml").endMetadata().build();
  private static final HasMetadata PRIORITY =
      new PriorityClassBuilder()
          .withNewMetadata()
          .withName("high")
          .endMetadata()
          .withValue(10)
          .build();
  private static final HasMetadata CONFIG =
      new ConfigMapBuilder()
          .withNewMetadata()
          .withName("cfg")
          .withNamespace("ml")
          .endMetadata()
          .build();
  private static final HasMetadata DEPLOY_B =
      new DeploymentBuilder()
          .withNewMetadata()
          .withName("b")
          .withNamespace("ml")
          .endMetadata()
          .build();
  private static final HasMetadata DEPLOY_A =
      new DeploymentBuilder()
          .withNewMetadata()
          .withName("a")
          .withNamespace("ml")
          .endMetadata()
          .build();

  @Test
  void of_ordersCanonicallyWhateverTheInputOrder() {
    List<HasMetadata> objects =
        new ArrayList<>(List.of(DEPLOY_B, CONFIG, DEPLOY_A, PRIORITY, NAMESPACE));
    for (int i = 0; i < 5; i++) {
      Collections.rotate(objects, 1);
      assertThat(ManifestSet.of(objects).objects())
          .containsExactly(NAMESPACE, PRIORITY, CONFIG, DEPLOY_A, DEPLOY_B);
    }
  }

  @Test
  void sources_surviveFilterAndPlus() {
    SourceLocation where = new SourceLocation(Path.of("a.yaml"), 1, 7);
    ManifestSet read = ManifestSet.builder().add(CONFIG, where).build();
    ManifestSet merged = read.plus(ManifestSet.of(NAMESPACE)).filter(o -> true);
    assertThat(merged.sourceOf(CONFIG)).contains(where);
    assertThat(merged.sourceOf(NAMESPACE)).isEmpty();
    assertThat(merged.ofType(Namespace.class)).hasSize(1).first().isSameAs(NAMESPACE);
  }

  @Test
  void objectRef_printsKindNamespaceName() {
    assertThat(ObjectRef.of(DEPLOY_A)).hasToString("Deployment/ml/a");
    assertThat(ObjectRef.of(PRIORITY)).hasToString("PriorityClass/high");
  }

  @Test
  void kinds_knowTheFabric8ModelsWeDependOn() {
    KindRegistry kinds = TestGpuspec.GPUSPEC.kinds();
    assertThat(kinds.lookup("apps/v1", "Deployment"))
        .contains(io.fabric8.kubernetes.api.model.apps.Deployment.class);
    assertThat(kinds.lookup("v1", "ConfigMap")).isPresent();
    assertThat(kinds.lookup("batch/v1", "CronJob")).isPresent();
    assertThat(kinds.lookup("scheduling.k8s.io/v1", "PriorityClass")).isPresent();
    assertThat(kinds.lookup("resource.k8s.io/v1", "ResourceClaimTemplate")).isPresent();
    assertThat(kinds.lookup("v1", "DeploymentList")).isEmpty();
    assertThat(kinds.lookup("example.com/v1", "Widget")).isEmpty();
  }
}
