package io.gpuspec.core.internal.rules;

import io.fabric8.kubernetes.api.model.Container;
import io.fabric8.kubernetes.api.model.PodSpec;
import io.gpuspec.core.spi.PodTemplate;
import java.util.ArrayList;
import java.util.List;

/**
 * A container of a pod template with its field path, e.g. {@code
 * spec.template.spec.initContainers[0]}.
 */
record IndexedContainer(Container container, String path) {

  /** Regular, then init containers of a template, each with its path. */
  static List<IndexedContainer> of(PodTemplate template) {
    PodSpec spec = template.spec();
    List<IndexedContainer> all = new ArrayList<>();
    add(all, spec.getContainers(), template.specPath() + ".containers");
    add(all, spec.getInitContainers(), template.specPath() + ".initContainers");
    return all;
  }

  private static void add(List<IndexedContainer> all, List<Container> containers, String path) {
    if (containers == null) {
      return;
    }
    for (int i = 0; i < containers.size(); i++) {
      all.add(new IndexedContainer(containers.get(i), path + "[" + i + "]"));
    }
  }

  /** {@code container "main"}. */
  String describe() {
    return "container \"" + (container.getName() == null ? "" : container.getName()) + "\"";
  }
}
