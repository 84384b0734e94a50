package io.gpuspec.core.spi;

import static org.assertj.core.api.Assertions.assertThat;

import io.fabric8.kubernetes.api.model.ConfigMap;
import io.fabric8.kubernetes.api.model.ConfigMapBuilder;
import io.fabric8.kubernetes.api.model.HasMetadata;
import io.fabric8.kubernetes.api.model.Pod;
import io.fabric8.kubernetes.api.model.PodBuilder;
import io.fabric8.kubernetes.api.model.PodTemplateSpec;
import io.fabric8.kubernetes.api.model.apps.Deployment;
import io.fabric8.kubernetes.api.model.apps.DeploymentBuilder;
import io.gpuspec.core.check.Gpuspec;
import io.gpuspec.core.manifest.ManifestSet;
import io.gpuspec.core.report.Report;
import io.gpuspec.core.report.Severity;
import io.gpuspec.core.report.Violation;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;

class ObjectLookupTest {

  private static ConfigMap configMap(String namespace, String name, String pod) {
    return new ConfigMapBuilder()
        .withNewMetadata()
        .withNamespace(namespace)
        .withName(name)
        .endMetadata()
        .addToData("pod", pod)
        .build();
  }

  private static Pod pod(String namespace, String name, String image) {
    return new PodBuilder()
        .withNewMetadata()
        .withNamespace(namespace)
        .withName(name)
        .endMetadata()
        .withNewSpec()
        .addNewContainer()
        .withName("main")
        .withImage(image)
        .endContainer()
        .endSpec()
        .build();
  }

  @Test
  void find_matchesGroupKindNamespaceAndNameOfAnyVersion() {
    Deployment deployment =
        new DeploymentBuilder().withNewMetadata().withName("web").endMetadata().build();
    Pod inMl = pod("ml", "p", "a");
    Pod inDefault = pod(null, "p", "b");
    ObjectLookup set = ObjectLookup.of(List.of(deployment, inMl, inDefault));

    assertThat(set.objects("apps", "Deployment")).containsExactly(deployment);
    assertThat(set.objects("", "Pod")).containsExactly(inMl, inDefault);
    assertThat(set.find("", "Pod", "ml", "p")).containsSame(inMl);
    assertThat(set.find("", "Pod", "", "p")).containsSame(inDefault);
    assertThat(set.find("", "Pod", null, "p")).containsSame(inMl);
    assertThat(set.find("", "Pod", "other", "p")).isEmpty();
    assertThat(set.find("apps", "Pod", "ml", "p")).isEmpty();
    assertThat(ObjectLookup.NONE.find("", "Pod", null, "p")).isEmpty();
    assertThat(ObjectLookup.groupOf("trainer.kubeflow.org/v1alpha1"))
        .isEqualTo("trainer.kubeflow.org");
  }

  /** Sees a ConfigMap as a workload running the pod its {@code pod} key names, in its namespace. */
  static final class RunsNamedPod implements WorkloadAdapter {
    @Override
    public Optional<Workload> adapt(HasMetadata object) {
      return Optional.empty();
    }

    @Override
    public Optional<Workload> adapt(HasMetadata object, ObjectLookup set) {
      if (!(object instanceof ConfigMap map) || map.getData() == null) {
        return Optional.empty();
      }
      return set.find("", "Pod", ObjectLookup.namespaceOf(map), map.getData().get("pod"))
          .map(
              pod ->
                  new Workload(
                      map,
                      List.of(
                          PodTemplate.of(
                              "", new PodTemplateSpec(null, ((Pod) pod).getSpec()), "data.pod", 1)),
                      false));
    }
  }

  /** Reports the image of every workload's first container. */
  static final class ReportsImages extends BaseRule {
    ReportsImages() {
      super(
          RuleInfo.builder()
              .id("T100")
              .severity(Severity.WARNING)
              .title("reports images")
              .why("a test rule")
              .fix("none needed")
              .addKinds("ConfigMap")
              .documentation("https://kubernetes.io/docs/concepts/workloads/pods/")
              .build());
    }

    @Override
    public void check(ManifestSet manifests, CheckContext context) {
      for (Workload workload : context.workloads()) {
        String image = workload.templates().get(0).spec().getContainers().get(0).getImage();
        context.report(workload.object(), "data.pod", image, "none needed");
      }
    }
  }

  @Test
  void engine_showsAdaptersTheWholeSet() {
    GpuspecModule module =
        new GpuspecModule() {
          @Override
          public String name() {
            return "test";
          }

          @Override
          public List<WorkloadAdapter> workloadAdapters() {
            return List.of(new RunsNamedPod());
          }

          @Override
          public List<Rule> rules() {
            return List.of(new ReportsImages());
          }
        };
    ConfigMap runner = configMap("ml", "runner", "p");
    ManifestSet set =
        ManifestSet.of(runner, pod("ml", "p", "trainer:1"), pod("other", "p", "wrong:1"));

    Report report = Gpuspec.of(List.of(module)).engine().check(set);

    assertThat(report.violations()).extracting(Violation::message).containsExactly("trainer:1");
    assertThat(Gpuspec.of(List.of(module)).engine().workload(runner)).isEmpty();
  }
}
