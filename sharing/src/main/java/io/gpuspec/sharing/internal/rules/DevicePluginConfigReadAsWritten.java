package io.gpuspec.sharing.internal.rules;

import io.gpuspec.core.Labels;
import io.gpuspec.core.manifest.ManifestSet;
import io.gpuspec.core.report.Severity;
import io.gpuspec.core.spi.BaseRule;
import io.gpuspec.core.spi.CheckContext;
import io.gpuspec.core.spi.RuleInfo;
import io.gpuspec.sharing.ConfigProblem;
import io.gpuspec.sharing.DevicePluginConfigReader;
import io.gpuspec.sharing.DevicePluginConfigReader.SharedEntry;
import io.gpuspec.sharing.DevicePluginConfigReader.SharingSection;
import io.gpuspec.sharing.internal.support.EmbeddedConfig;
import java.util.HashSet;
import java.util.Optional;
import java.util.Set;
import tools.jackson.databind.JsonNode;

/**
 * SHR001: a device-plugin config (in a ConfigMap or a standalone file) holds only what the NVIDIA
 * device plugin reads, where it reads it: no unknown or misplaced keys (a {@code renameByDefault}
 * outside {@code timeSlicing}/{@code mps} is silently ignored), values of the right type, {@code
 * version: v1}; and no settings the plugin ignores (a custom {@code rename}, a {@code devices} list
 * other than {@code all}), resource names it accepts, each listed once. See docs/sharing.md.
 */
public final class DevicePluginConfigReadAsWritten extends BaseRule {

  public DevicePluginConfigReadAsWritten() {
    super(
        RuleInfo.builder()
            .id("SHR001")
            .severity(Severity.ERROR)
            .title("Device-plugin configs hold only keys and values the plugin reads")
            .why(
                "The device plugin ignores unknown and misplaced keys, a custom rename and a devices"
                    + " list, so the GPUs are shared differently from what the config says, or"
                    + " it refuses a malformed config and the node advertises no GPU.")
            .fix("Move each key where the plugin reads it, fix its type, or remove it.")
            .addKinds("ConfigMap")
            .documentation(SharingRules.DEVICE_PLUGIN_SHARING)
            .build());
  }

  @Override
  public void check(ManifestSet manifests, CheckContext context) {
    for (EmbeddedConfig config : EmbeddedConfig.in(manifests, EmbeddedConfig.Type.DEVICE_PLUGIN)) {
      DevicePluginConfigReader.read(config.text()).problems().stream()
          .filter(problem -> problem.kind() == ConfigProblem.Kind.FORMAT)
          .forEach(problem -> SharingRules.report(context, config, problem));
      for (SharingSection section : DevicePluginConfigReader.sections(config.root())) {
        Set<String> seen = new HashSet<>();
        for (SharedEntry entry : section.resources()) {
          checkEntry(context, config, section, entry, seen);
        }
      }
    }
  }

  private static void checkEntry(
      CheckContext context,
      EmbeddedConfig config,
      SharingSection section,
      SharedEntry entry,
      Set<String> seen) {
    Optional<String> name = entry.name();
    if (name.isPresent()) {
      String resource = name.get();
      if (!isResourceName(resource)) {
        SharingRules.report(
            context,
            config,
            entry.path() + ".name",
            "\"" + resource + "\" is not a resource name the device plugin shares",
            "use nvidia.com/gpu or nvidia.com/mig-<profile>");
      } else if (!seen.add(resource)) {
        SharingRules.report(
            context,
            config,
            entry.path() + ".name",
            resource + " is listed twice in " + section.path() + ".resources",
            "list each resource once");
      }
    }
    SharingRules.text(entry.node().get("rename"))
        .ifPresent(
            rename -> {
              String advertised = section.advertisedName(name.orElse(SharingRules.GPU));
              if (!(section.renameByDefault() && rename.equals(advertised))) {
                SharingRules.report(
                    context,
                    config,
                    entry.path() + ".rename",
                    "the device plugin ignores rename \""
                        + rename
                        + "\" and advertises "
                        + advertised,
                    "drop rename; set renameByDefault: true to advertise <name>.shared");
              }
            });
    JsonNode devices = entry.node().get("devices");
    if (devices != null && !(devices.isString() && devices.asString().equals("all"))) {
      SharingRules.report(
          context,
          config,
          entry.path() + ".devices",
          "the device plugin ignores a devices list and shares every device",
          "drop devices and select nodes with the nvidia.com/device-plugin.config label instead");
    }
  }

  /** {@code nvidia.com/} and a DNS-1123 subdomain, at most 63 characters in all. */
  private static boolean isResourceName(String name) {
    return name.startsWith("nvidia.com/")
        && name.length() <= 63
        && Labels.isDns1123Subdomain(name.substring("nvidia.com/".length()));
  }
}
