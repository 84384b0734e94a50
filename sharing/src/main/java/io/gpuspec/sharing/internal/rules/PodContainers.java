package io.gpuspec.sharing.internal.rules;

import io.fabric8.kubernetes.api.model.Container;
import io.fabric8.kubernetes.api.model.PodSpec;
import io.fabric8.kubernetes.api.model.Quantity;
import io.gpuspec.core.k8s.GpuResources;
import io.gpuspec.core.spi.PodTemplate;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.OptionalLong;

/** The containers of a pod template with their field paths, and how messages name them. */
record PodContainers(Container container, String path) {

  /** Regular, then init containers, each with its path. */
  static List<PodContainers> of(PodTemplate template) {
    PodSpec spec = template.spec();
    List<PodContainers> all = new ArrayList<>();
    add(all, spec.getContainers(), template.specPath() + ".containers");
    add(all, spec.getInitContainers(), template.specPath() + ".initContainers");
    return all;
  }

  private static void add(List<PodContainers> all, List<Container> containers, String path) {
    if (containers != null) {
      for (int i = 0; i < containers.size(); i++) {
        all.add(new PodContainers(containers.get(i), path + "[" + i + "]"));
      }
    }
  }

  /** The GPU resources the container names in its limits or requests. */
  List<String> gpuResources() {
    return GpuResources.gpuResourceNames(container).toList();
  }

  /** The path of a resource's amount: its limit, or its request when it has no limit. */
  String resourcePath(String resource) {
    boolean limited =
        container.getResources() != null
            && container.getResources().getLimits() != null
            && container.getResources().getLimits().containsKey(resource);
    return path + ".resources." + (limited ? "limits" : "requests") + "[" + resource + "]";
  }

  /** The whole amount of a resource (its limit, else its request), if it is one. */
  OptionalLong amount(String resource) {
    if (container.getResources() == null) {
      return OptionalLong.empty();
    }
    for (Map<String, Quantity> amounts :
        List.of(
            nullToEmpty(container.getResources().getLimits()),
            nullToEmpty(container.getResources().getRequests()))) {
      if (amounts.containsKey(resource)) {
        return GpuResources.wholeNumber(amounts.get(resource));
      }
    }
    return OptionalLong.empty();
  }

  private static Map<String, Quantity> nullToEmpty(Map<String, Quantity> map) {
    return map == null ? Map.of() : map;
  }

  /**
   * {@code container "main"}: how a message names the container (the report line already names the
   * object, and the path the template).
   */
  String describe() {
    return "container \"" + (container.getName() == null ? "" : container.getName()) + "\"";
  }
}
