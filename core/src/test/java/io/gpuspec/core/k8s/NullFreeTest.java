package io.gpuspec.core.k8s;

import static org.assertj.core.api.Assertions.assertThat;

import io.fabric8.kubernetes.api.model.Container;
import io.fabric8.kubernetes.api.model.ContainerBuilder;
import io.fabric8.kubernetes.api.model.EmptyDirVolumeSource;
import io.fabric8.kubernetes.api.model.NodeSelectorRequirement;
import io.fabric8.kubernetes.api.model.PodSpec;
import io.fabric8.kubernetes.api.model.PodSpecBuilder;
import io.fabric8.kubernetes.api.model.Quantity;
import io.fabric8.kubernetes.api.model.Volume;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;

class NullFreeTest {

  @Test
  void podSpec_missing_readsAsAnEmptySpec() {
    PodSpec spec = NullFree.podSpec(null);

    assertThat(spec.getContainers()).isEmpty();
    assertThat(spec.getTolerations()).isEmpty();
  }

  @Test
  void podSpec_complete_isTheSameObject() {
    PodSpec spec =
        new PodSpecBuilder()
            .addNewContainer()
            .withName("main")
            .withImage("registry.example.com/app:1")
            .endContainer()
            .build();

    assertThat(NullFree.podSpec(spec)).isSameAs(spec);
  }

  @Test
  void podSpec_nullItemsAndLists_becomeEmptyInACopyThatKeepsIndices() {
    PodSpec spec = new PodSpec();
    List<Container> containers = new ArrayList<>();
    containers.add(null);
    containers.add(new ContainerBuilder().withName("main").build());
    spec.setContainers(containers);
    spec.setTolerations(null);

    PodSpec read = NullFree.podSpec(spec);

    assertThat(read).isNotSameAs(spec);
    assertThat(read.getContainers()).hasSize(2).doesNotContainNull();
    assertThat(read.getContainers().get(0).getName()).isNull();
    assertThat(read.getContainers().get(1).getName()).isEqualTo("main");
    assertThat(read.getTolerations()).isEmpty();
    assertThat(spec.getContainers()).containsNull(); // the object read from the file is unchanged
  }

  @Test
  void podSpec_aQuantityTheBuildersRefuse_isCopiedAnyway_withItsNullItemsFilled() {
    PodSpec spec = new PodSpec();
    Volume shm = new Volume();
    shm.setName("dshm");
    EmptyDirVolumeSource emptyDir = new EmptyDirVolumeSource();
    emptyDir.setSizeLimit(new Quantity("nvidia.com/gpu")); // the reader keeps it; K8S010 reports it
    shm.setEmptyDir(emptyDir);
    spec.setVolumes(Arrays.asList(shm, null));
    spec.setContainers(Arrays.asList(new ContainerBuilder().withName("main").build(), null));

    PodSpec read = NullFree.podSpec(spec);

    assertThat(read.getVolumes()).hasSize(2).doesNotContainNull();
    assertThat(read.getVolumes().get(0).getEmptyDir().getSizeLimit().toString())
        .isEqualTo("nvidia.com/gpu");
    assertThat(read.getContainers()).hasSize(2).doesNotContainNull();
    assertThat(read.getContainers().get(0).getEnv()).isEmpty();
    assertThat(spec.getVolumes()).containsNull(); // the object read from the file is unchanged
  }

  @Test
  void podSpec_nullSelectorValue_readsAsAnEmptyString() {
    NodeSelectorRequirement requirement = new NodeSelectorRequirement();
    requirement.setKey("gpu.model");
    requirement.setOperator("In");
    requirement.setValues(Arrays.asList("A100", null));
    PodSpec spec =
        new PodSpecBuilder()
            .withNewAffinity()
            .withNewNodeAffinity()
            .withNewRequiredDuringSchedulingIgnoredDuringExecution()
            .addNewNodeSelectorTerm()
            .withMatchExpressions(requirement)
            .endNodeSelectorTerm()
            .endRequiredDuringSchedulingIgnoredDuringExecution()
            .endNodeAffinity()
            .endAffinity()
            .build();

    List<String> values =
        NullFree.podSpec(spec)
            .getAffinity()
            .getNodeAffinity()
            .getRequiredDuringSchedulingIgnoredDuringExecution()
            .getNodeSelectorTerms()
            .get(0)
            .getMatchExpressions()
            .get(0)
            .getValues();
    assertThat(values).containsExactly("A100", "");
  }
}
