package io.gpuspec.sharing.model;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonProperty;
import com.fasterxml.jackson.annotation.JsonPropertyOrder;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.TreeMap;

/**
 * {@code ClusterPolicy.spec}: one field per operand. The operands gpuspec reads are typed; the
 * others are kept as read ({@link #components()}), unchecked beyond being objects.
 */
@JsonInclude(JsonInclude.Include.NON_EMPTY)
@JsonPropertyOrder({
  "operator",
  "daemonsets",
  "driver",
  "toolkit",
  "devicePlugin",
  "dcgmExporter",
  "dcgm",
  "nodeStatusExporter",
  "gfd",
  "mig",
  "migManager",
  "psp",
  "psa",
  "validator",
  "gds",
  "gdrcopy",
  "sandboxWorkloads",
  "vfioManager",
  "sandboxDevicePlugin",
  "vgpuManager",
  "vgpuDeviceManager",
  "cdi",
  "kataManager",
  "ccManager",
  "hostPaths",
  "kataSandboxDevicePlugin"
})
public class ClusterPolicySpec {

  /**
   * The spec fields the API server requires ({@code required} in the CRD of GPU Operator v26.7.0,
   * {@code deployments/gpu-operator/crds/nvidia.com_clusterpolicies.yaml}).
   */
  public static final List<String> REQUIRED =
      List.of(
          "daemonsets",
          "dcgm",
          "dcgmExporter",
          "devicePlugin",
          "driver",
          "gfd",
          "nodeStatusExporter",
          "operator",
          "toolkit");

  @JsonProperty("operator")
  private Map<String, Object> operator;

  @JsonProperty("daemonsets")
  private Map<String, Object> daemonsets;

  @JsonProperty("driver")
  private Map<String, Object> driver;

  @JsonProperty("toolkit")
  private Map<String, Object> toolkit;

  @JsonProperty("devicePlugin")
  private DevicePluginSpec devicePlugin;

  @JsonProperty("dcgmExporter")
  private Map<String, Object> dcgmExporter;

  @JsonProperty("dcgm")
  private Map<String, Object> dcgm;

  @JsonProperty("nodeStatusExporter")
  private Map<String, Object> nodeStatusExporter;

  @JsonProperty("gfd")
  private Map<String, Object> gfd;

  @JsonProperty("mig")
  private MigSpec mig;

  @JsonProperty("migManager")
  private MigManagerSpec migManager;

  @JsonProperty("psp")
  private Map<String, Object> psp;

  @JsonProperty("psa")
  private Map<String, Object> psa;

  @JsonProperty("validator")
  private Map<String, Object> validator;

  @JsonProperty("gds")
  private Map<String, Object> gds;

  @JsonProperty("gdrcopy")
  private Map<String, Object> gdrcopy;

  @JsonProperty("sandboxWorkloads")
  private SandboxWorkloadsSpec sandboxWorkloads;

  @JsonProperty("vfioManager")
  private Map<String, Object> vfioManager;

  @JsonProperty("sandboxDevicePlugin")
  private Map<String, Object> sandboxDevicePlugin;

  @JsonProperty("vgpuManager")
  private Map<String, Object> vgpuManager;

  @JsonProperty("vgpuDeviceManager")
  private Map<String, Object> vgpuDeviceManager;

  @JsonProperty("cdi")
  private Map<String, Object> cdi;

  @JsonProperty("kataManager")
  private Map<String, Object> kataManager;

  @JsonProperty("ccManager")
  private Map<String, Object> ccManager;

  @JsonProperty("hostPaths")
  private Map<String, Object> hostPaths;

  @JsonProperty("kataSandboxDevicePlugin")
  private Map<String, Object> kataSandboxDevicePlugin;

  public ClusterPolicySpec() {}

  /** The NVIDIA device plugin: its config ConfigMap and the rest of its settings. */
  public DevicePluginSpec getDevicePlugin() {
    return devicePlugin;
  }

  public void setDevicePlugin(DevicePluginSpec devicePlugin) {
    this.devicePlugin = devicePlugin;
  }

  /** The MIG strategy the device plugin and GFD run with. */
  public MigSpec getMig() {
    return mig;
  }

  public void setMig(MigSpec mig) {
    this.mig = mig;
  }

  /** The MIG manager: its mig-parted ConfigMap and the rest of its settings. */
  public MigManagerSpec getMigManager() {
    return migManager;
  }

  public void setMigManager(MigManagerSpec migManager) {
    this.migManager = migManager;
  }

  /** Whether GPU nodes may run virtual machines instead of containers. */
  public SandboxWorkloadsSpec getSandboxWorkloads() {
    return sandboxWorkloads;
  }

  public void setSandboxWorkloads(SandboxWorkloadsSpec sandboxWorkloads) {
    this.sandboxWorkloads = sandboxWorkloads;
  }

  /**
   * Every spec field that is present, typed or not, by field name (sorted): what the API server's
   * {@code required} check sees.
   */
  public Map<String, Object> components() {
    Map<String, Object> present = new TreeMap<>();
    put(present, "operator", operator);
    put(present, "daemonsets", daemonsets);
    put(present, "driver", driver);
    put(present, "toolkit", toolkit);
    put(present, "devicePlugin", devicePlugin);
    put(present, "dcgmExporter", dcgmExporter);
    put(present, "dcgm", dcgm);
    put(present, "nodeStatusExporter", nodeStatusExporter);
    put(present, "gfd", gfd);
    put(present, "mig", mig);
    put(present, "migManager", migManager);
    put(present, "psp", psp);
    put(present, "psa", psa);
    put(present, "validator", validator);
    put(present, "gds", gds);
    put(present, "gdrcopy", gdrcopy);
    put(present, "sandboxWorkloads", sandboxWorkloads);
    put(present, "vfioManager", vfioManager);
    put(present, "sandboxDevicePlugin", sandboxDevicePlugin);
    put(present, "vgpuManager", vgpuManager);
    put(present, "vgpuDeviceManager", vgpuDeviceManager);
    put(present, "cdi", cdi);
    put(present, "kataManager", kataManager);
    put(present, "ccManager", ccManager);
    put(present, "hostPaths", hostPaths);
    put(present, "kataSandboxDevicePlugin", kataSandboxDevicePlugin);
    return present;
  }

  private static void put(Map<String, Object> present, String field, Object value) {
    if (value != null) {
      present.put(field, value);
    }
  }

  private List<Object> content() {
    return Arrays.asList(
        operator,
        daemonsets,
        driver,
        toolkit,
        devicePlugin,
        dcgmExporter,
        dcgm,
        nodeStatusExporter,
        gfd,
        mig,
        migManager,
        psp,
        psa,
        validator,
        gds,
        gdrcopy,
        sandboxWorkloads,
        vfioManager,
        sandboxDevicePlugin,
        vgpuManager,
        vgpuDeviceManager,
        cdi,
        kataManager,
        ccManager,
        hostPaths,
        kataSandboxDevicePlugin);
  }

  @Override
  public boolean equals(Object other) {
    return other instanceof ClusterPolicySpec that && content().equals(that.content());
  }

  @Override
  public int hashCode() {
    return Objects.hash(content().toArray());
  }

  @Override
  public String toString() {
    return "ClusterPolicySpec(" + components() + ")";
  }
}
