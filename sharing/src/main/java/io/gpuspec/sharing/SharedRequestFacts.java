package io.gpuspec.sharing;

import io.fabric8.kubernetes.api.model.ConfigMap;
import io.fabric8.kubernetes.api.model.Container;
import io.fabric8.kubernetes.api.model.NodeSelectorRequirement;
import io.fabric8.kubernetes.api.model.NodeSelectorTerm;
import io.fabric8.kubernetes.api.model.PodSpec;
import io.fabric8.kubernetes.api.model.Quantity;
import io.gpuspec.core.PoolSharing.MultipleRequests;
import io.gpuspec.core.k8s.GpuResources;
import io.gpuspec.core.k8s.NodeSelection;
import io.gpuspec.core.report.Finding;
import io.gpuspec.sharing.DevicePluginConfigReader.SharedEntry;
import io.gpuspec.sharing.DevicePluginConfigReader.SharingSection;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalLong;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;

/**
 * SHR010 without a fleet: a container that asks for more than one replica of a resource that the
 * device-plugin config its pods run under shares (time-slicing or MPS). The config is the one the
 * pods select with the node label {@code nvidia.com/device-plugin.config} (nodeSelector or required
 * node affinity) or, when they select none, the default config of the set's device-plugin
 * ConfigMaps: the plugin's fallbacks pick the config named {@code default}, else a ConfigMap's only
 * config. With {@code failRequestsGreaterThanOne} (on by default for MPS, off for time-slicing) the
 * plugin fails a request for more than one replica ({@code internal/rm/rm.go}, ValidateRequest);
 * without it two replicas are no more GPU than one. When several ConfigMaps of the set hold the
 * selected config, the mildest verdict counts (the set does not say which one the plugin reads).
 */
public final class SharedRequestFacts {

  /** The config name the plugin's fallback picks when a node selects none and no default is set. */
  public static final String NAMED_FALLBACK = "default";

  private SharedRequestFacts() {}

  /** Requests of more than one replica that the device plugin fails: errors. */
  public static List<Finding> failedRequests(
      PodSpec spec, String specPath, List<ConfigMap> configMaps) {
    return failedRequests(spec, specPath, configs(configMaps));
  }

  /** Requests of more than one replica that the plugin admits but that give no more GPU. */
  public static List<Finding> requestsWithoutGain(
      PodSpec spec, String specPath, List<ConfigMap> configMaps) {
    return requestsWithoutGain(spec, specPath, configs(configMaps));
  }

  /** {@link #failedRequests(PodSpec, String, List)} under configs read once. */
  public static List<Finding> failedRequests(
      PodSpec spec, String specPath, DevicePluginConfigs configs) {
    return findings(spec, specPath, configs.sets, MultipleRequests.REJECTED);
  }

  /** {@link #requestsWithoutGain(PodSpec, String, List)} under configs read once. */
  public static List<Finding> requestsWithoutGain(
      PodSpec spec, String specPath, DevicePluginConfigs configs) {
    return findings(spec, specPath, configs.sets, MultipleRequests.NO_GAIN);
  }

  /**
   * The device-plugin configs of ConfigMaps, read once: a set's pod specs are all judged under the
   * same ConfigMaps, whose texts need not be parsed again for each.
   */
  public static DevicePluginConfigs configs(List<ConfigMap> configMaps) {
    return new DevicePluginConfigs(read(configMaps));
  }

  /** The device-plugin configs of a set's ConfigMaps, as {@link #configs} read them. */
  public static final class DevicePluginConfigs {
    private final List<Configs> sets;

    private DevicePluginConfigs(List<Configs> sets) {
      this.sets = List.copyOf(sets);
    }
  }

  /** One device-plugin ConfigMap of the set: its name and its configs by data key. */
  private record Configs(String name, Map<String, Map<String, Sharing>> byConfig) {
    /** The config nodes without the label get: {@code default}, else the only config. */
    Optional<String> defaultConfig() {
      if (byConfig.containsKey(NAMED_FALLBACK)) {
        return Optional.of(NAMED_FALLBACK);
      }
      return byConfig.size() == 1
          ? Optional.of(byConfig.keySet().iterator().next())
          : Optional.empty();
    }
  }

  /** How a config shares one resource: the verdict and the strategy ("MPS", "time-slicing"). */
  private record Sharing(MultipleRequests verdict, String strategy) {
    static final Sharing NONE = new Sharing(MultipleRequests.ALLOWED, "");
  }

  /** The verdict for one resource and the config that gave it. */
  private record Verdict(Sharing sharing, String describe) {
    MultipleRequests verdict() {
      return sharing.verdict();
    }
  }

  private static List<Finding> findings(
      PodSpec spec, String specPath, List<Configs> sets, MultipleRequests wanted) {
    List<Finding> findings = new ArrayList<>();
    if (sets.isEmpty()) {
      return findings;
    }
    Set<Optional<String>> selected = selectedConfigs(spec, sets);
    for (Map.Entry<String, List<Container>> group : containers(spec).entrySet()) {
      List<Container> list = group.getValue();
      for (int i = 0; i < list.size(); i++) {
        Container container = list.get(i);
        String path = specPath + "." + group.getKey() + "[" + i + "]";
        GpuResources.gpuResourceNames(container)
            .distinct()
            .forEach(
                resource -> {
                  OptionalLong amount = amount(container, resource);
                  if (amount.isEmpty() || amount.getAsLong() <= 1) {
                    return;
                  }
                  Optional<Verdict> worst = worst(sets, selected, resource);
                  if (worst.isPresent() && worst.get().verdict() == wanted) {
                    findings.add(
                        finding(container, path, resource, amount.getAsLong(), worst.get()));
                  }
                });
      }
    }
    return findings;
  }

  private static Finding finding(
      Container container, String path, String resource, long amount, Verdict verdict) {
    boolean rejected = verdict.verdict() == MultipleRequests.REJECTED;
    return new Finding(
        path
            + ".resources."
            + (limited(container, resource) ? "limits" : "requests")
            + "["
            + resource
            + "]",
        "container \""
            + (container.getName() == null ? "" : container.getName())
            + "\" requests "
            + amount
            + " "
            + resource
            + ", which "
            + verdict.describe()
            + " shares with "
            + verdict.sharing().strategy()
            + (rejected
                ? " and failRequestsGreaterThanOne, so the device plugin fails the request"
                : ": replicas of a shared GPU are no more GPU than one and may be the same GPU"),
        "request 1, or select a config that does not share " + resource);
  }

  /** The worst verdict over the selected configs, each the mildest over the ConfigMaps. */
  private static Optional<Verdict> worst(
      List<Configs> sets, Set<Optional<String>> selected, String resource) {
    Optional<Verdict> worst = Optional.empty();
    for (Optional<String> label : selected) {
      Optional<Verdict> mildest = Optional.empty();
      boolean held = false;
      for (Configs set : sets) {
        Optional<String> config = label.isPresent() ? label : set.defaultConfig();
        if (config.isEmpty() || !set.byConfig().containsKey(config.get())) {
          if (label.isEmpty()) {
            // a node without the label under this ConfigMap gets the plugin's defaults: no sharing
            held = true;
            mildest = Optional.of(new Verdict(Sharing.NONE, ""));
          }
          continue;
        }
        Verdict verdict =
            new Verdict(
                set.byConfig().get(config.get()).getOrDefault(resource, Sharing.NONE),
                (label.isPresent() ? "config \"" : "the default config \"")
                    + config.get()
                    + "\" of ConfigMap \""
                    + set.name()
                    + "\"");
        if (!held || verdict.verdict().compareTo(mildest.orElseThrow().verdict()) < 0) {
          mildest = Optional.of(verdict);
        }
        held = true;
      }
      if (mildest.isPresent()
          && (worst.isEmpty() || mildest.get().verdict().compareTo(worst.get().verdict()) > 0)) {
        worst = mildest;
      }
    }
    return worst;
  }

  /**
   * The values of the config label the pods can run under; {@code Optional.empty()} stands for
   * nodes without it. Pods that say nothing of the label run under the default config.
   */
  private static Set<Optional<String>> selectedConfigs(PodSpec spec, List<Configs> sets) {
    String key = NodeConfigLabels.DEVICE_PLUGIN_CONFIG;
    Map<String, String> selector = spec.getNodeSelector();
    if (selector != null && selector.containsKey(key)) {
      return Set.of(Optional.ofNullable(selector.get(key)));
    }
    Set<String> names = new TreeSet<>();
    sets.forEach(set -> names.addAll(set.byConfig().keySet()));
    Set<Optional<String>> selected = new LinkedHashSet<>();
    List<NodeSelectorTerm> terms = NodeSelection.requiredTerms(spec);
    if (terms.isEmpty()) {
      selected.add(Optional.empty());
    }
    for (NodeSelectorTerm term : terms) {
      List<NodeSelectorRequirement> onKey =
          term.getMatchExpressions() == null
              ? List.of()
              : term.getMatchExpressions().stream().filter(e -> key.equals(e.getKey())).toList();
      if (onKey.isEmpty()) {
        selected.add(Optional.empty());
        continue;
      }
      if (admits(onKey, Map.of())) {
        selected.add(Optional.empty());
      }
      for (String name : names) {
        if (admits(onKey, Map.of(key, name))) {
          selected.add(Optional.of(name));
        }
      }
    }
    return selected;
  }

  private static boolean admits(
      List<NodeSelectorRequirement> requirements, Map<String, String> labels) {
    return requirements.stream()
        .allMatch(r -> NodeSelection.matches(r.getKey(), r.getOperator(), r.getValues(), labels));
  }

  /** The device-plugin ConfigMaps of the set, with each config's verdict per shared resource. */
  private static List<Configs> read(List<ConfigMap> configMaps) {
    List<Configs> sets = new ArrayList<>();
    for (ConfigMap configMap : configMaps) {
      Map<String, String> data = configMap.getData() == null ? Map.of() : configMap.getData();
      Map<String, Map<String, Sharing>> byConfig = new TreeMap<>();
      data.forEach(
          (key, text) ->
              DevicePluginConfigText.tree(text)
                  .filter(DevicePluginConfigText::isDevicePluginConfig)
                  .ifPresent(root -> byConfig.put(key, verdicts(root))));
      if (!byConfig.isEmpty()) {
        String name =
            configMap.getMetadata() == null || configMap.getMetadata().getName() == null
                ? ""
                : configMap.getMetadata().getName();
        sets.add(new Configs(name, byConfig));
      }
    }
    return sets;
  }

  /** The resources a config shares (under their advertised names) and what a request gains. */
  private static Map<String, Sharing> verdicts(tools.jackson.databind.node.ObjectNode root) {
    Map<String, Sharing> verdicts = new TreeMap<>();
    for (SharingSection section : DevicePluginConfigReader.sections(root)) {
      Sharing sharing =
          new Sharing(
              section.failRequestsGreaterThanOne()
                  ? MultipleRequests.REJECTED
                  : MultipleRequests.NO_GAIN,
              section.isMps() ? "MPS" : "time-slicing");
      for (SharedEntry entry : section.resources()) {
        if (entry.name().isPresent() && entry.replicas().filter(r -> r >= 2).isPresent()) {
          verdicts.put(section.advertisedName(entry.name().get()), sharing);
        }
      }
    }
    return verdicts;
  }

  /** Regular and init containers by the field that holds them. */
  private static Map<String, List<Container>> containers(PodSpec spec) {
    Map<String, List<Container>> containers = new java.util.LinkedHashMap<>();
    containers.put("containers", spec.getContainers() == null ? List.of() : spec.getContainers());
    containers.put(
        "initContainers", spec.getInitContainers() == null ? List.of() : spec.getInitContainers());
    return containers;
  }

  private static boolean limited(Container container, String resource) {
    return container.getResources() != null
        && container.getResources().getLimits() != null
        && container.getResources().getLimits().containsKey(resource);
  }

  /** The whole amount of a resource (its limit, else its request), if it is one. */
  private static OptionalLong amount(Container container, String resource) {
    if (container.getResources() == null) {
      return OptionalLong.empty();
    }
    for (Map<String, Quantity> amounts :
        java.util.Arrays.asList(
            container.getResources().getLimits(), container.getResources().getRequests())) {
      if (amounts != null && amounts.containsKey(resource)) {
        return GpuResources.wholeNumber(amounts.get(resource));
      }
    }
    return OptionalLong.empty();
  }
}
