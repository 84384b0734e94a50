package io.gpuspec.core.facts;

import io.fabric8.kubernetes.api.model.ConfigMapKeySelector;
import io.fabric8.kubernetes.api.model.Container;
import io.fabric8.kubernetes.api.model.EnvFromSource;
import io.fabric8.kubernetes.api.model.EnvVar;
import io.fabric8.kubernetes.api.model.EnvVarSource;
import io.fabric8.kubernetes.api.model.ObjectFieldSelector;
import io.fabric8.kubernetes.api.model.Quantity;
import io.fabric8.kubernetes.api.model.ResourceFieldSelector;
import io.fabric8.kubernetes.api.model.SecretKeySelector;
import io.gpuspec.core.k8s.Names;
import io.gpuspec.core.k8s.Quantities;
import io.gpuspec.core.report.Finding;
import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.jspecify.annotations.Nullable;

/**
 * K8S007 on where a container's variables come from, as the API server's {@code
 * validateEnvVarValueFrom} and {@code ValidateEnvFrom} check it: a {@code valueFrom} with exactly
 * one source and no {@code value} beside it; a {@code fieldRef} to a field the downward API offers;
 * a {@code resourceFieldRef} to cpu, memory, ephemeral storage or huge pages (not a GPU: {@code
 * limits.nvidia.com/gpu} is rejected) with a divisor of the resource's unit; ConfigMap and Secret
 * references with a name and a valid key; {@code envFrom} entries with one source and a valid
 * prefix. All are rejections.
 */
public final class EnvSourceFacts {

  /** The pod fields a variable may read ({@code validEnvDownwardAPIFieldPathExpressions}). */
  private static final Set<String> FIELDS =
      Set.of(
          "metadata.name",
          "metadata.namespace",
          "metadata.uid",
          "spec.nodeName",
          "spec.serviceAccountName",
          "status.hostIP",
          "status.hostIPs",
          "status.podIP",
          "status.podIPs");

  /** {@code metadata.labels['key']} or {@code metadata.annotations['key']}. */
  private static final Pattern SUBSCRIPTED = Pattern.compile("(metadata\\.[a-z]+)\\['(.*)'\\]");

  /** The container resources a variable may read ({@code validContainerResourceFieldPath...}). */
  private static final Set<String> RESOURCES =
      Set.of(
          "limits.cpu",
          "limits.memory",
          "limits.ephemeral-storage",
          "requests.cpu",
          "requests.memory",
          "requests.ephemeral-storage");

  private static final Pattern CONFIG_MAP_KEY = Pattern.compile("[-._a-zA-Z0-9]+");

  private EnvSourceFacts() {}

  /** The findings on {@code container} at {@code path} (e.g. {@code spec.containers[0]}). */
  public static List<Finding> of(Container container, String path) {
    List<Finding> findings = new ArrayList<>();
    List<EnvVar> env = container.getEnv() == null ? List.of() : container.getEnv();
    for (int i = 0; i < env.size(); i++) {
      EnvVar variable = env.get(i);
      if (variable != null && variable.getValueFrom() != null) {
        valueFrom(variable, path + ".env[" + i + "].valueFrom", findings);
      }
    }
    List<EnvFromSource> from = container.getEnvFrom() == null ? List.of() : container.getEnvFrom();
    for (int i = 0; i < from.size(); i++) {
      if (from.get(i) != null) {
        envFrom(from.get(i), path + ".envFrom[" + i + "]", findings);
      }
    }
    return findings;
  }

  private static void valueFrom(EnvVar variable, String at, List<Finding> findings) {
    EnvVarSource source = variable.getValueFrom();
    long sources =
        Stream.of(
                    source.getFieldRef(),
                    source.getResourceFieldRef(),
                    source.getConfigMapKeyRef(),
                    source.getSecretKeyRef(),
                    source.getFileKeyRef())
                .filter(s -> s != null)
                .count()
            + source.getAdditionalProperties().size(); // sources newer than the model
    if (sources == 0) {
      findings.add(
          Finding.rejection(
              at,
              "valueFrom names no source",
              "give one of fieldRef, resourceFieldRef, configMapKeyRef, secretKeyRef or"
                  + " fileKeyRef"));
    } else if (variable.getValue() != null && !variable.getValue().isEmpty()) {
      findings.add(
          Finding.rejection(
              at,
              "variable \"" + variable.getName() + "\" has both value and valueFrom",
              "keep one of them"));
    } else if (sources > 1) {
      findings.add(
          Finding.rejection(
              at, "valueFrom names more than one source", "keep one source per variable"));
    }
    if (source.getFieldRef() != null) {
      field(source.getFieldRef(), at + ".fieldRef", findings);
    }
    if (source.getResourceFieldRef() != null) {
      resource(source.getResourceFieldRef(), at + ".resourceFieldRef", findings);
    }
    if (source.getConfigMapKeyRef() != null) {
      ConfigMapKeySelector ref = source.getConfigMapKeyRef();
      keyRef(ref.getName(), ref.getKey(), "ConfigMap", at + ".configMapKeyRef", findings);
    }
    if (source.getSecretKeyRef() != null) {
      SecretKeySelector ref = source.getSecretKeyRef();
      keyRef(ref.getName(), ref.getKey(), "Secret", at + ".secretKeyRef", findings);
    }
  }

  private static void field(ObjectFieldSelector ref, String at, List<Finding> findings) {
    if (ref.getApiVersion() != null && !ref.getApiVersion().equals("v1")) {
      findings.add(
          Finding.rejection(
              at + ".apiVersion",
              "apiVersion \"" + ref.getApiVersion() + "\" is not v1",
              "leave apiVersion out or write v1"));
      return;
    }
    String path = ref.getFieldPath();
    if (path == null || path.isEmpty()) {
      findings.add(
          Finding.rejection(
              at + ".fieldPath", "fieldPath is empty", "name a pod field, e.g. metadata.name"));
      return;
    }
    Matcher subscripted = SUBSCRIPTED.matcher(path);
    if (subscripted.matches()
        && (subscripted.group(1).equals("metadata.labels")
            || subscripted.group(1).equals("metadata.annotations"))) {
      String key = subscripted.group(2);
      if (!Names.isQualifiedName(
          subscripted.group(1).equals("metadata.annotations") ? key.toLowerCase() : key)) {
        findings.add(
            Finding.rejection(
                at + ".fieldPath",
                "\"" + key + "\" in fieldPath " + path + " is not a label or annotation key",
                "write a key such as metadata.labels['app']"));
      }
    } else if (!FIELDS.contains(path)) {
      findings.add(
          Finding.rejection(
              at + ".fieldPath",
              "fieldPath \"" + path + "\" is not a field a variable can read",
              "use one of "
                  + FIELDS.stream().sorted().toList()
                  + ", metadata.labels['<key>'] or metadata.annotations['<key>']"));
    }
  }

  private static void resource(ResourceFieldSelector ref, String at, List<Finding> findings) {
    String resource = ref.getResource();
    if (resource == null || resource.isEmpty()) {
      findings.add(
          Finding.rejection(at + ".resource", "resource is empty", "name one, e.g. limits.memory"));
      return;
    }
    boolean hugePages =
        resource.startsWith("requests.hugepages-") || resource.startsWith("limits.hugepages-");
    if (!RESOURCES.contains(resource) && !hugePages) {
      findings.add(
          Finding.rejection(
              at + ".resource",
              "\""
                  + resource
                  + "\" is not a resource a variable can read (only cpu, memory,"
                  + " ephemeral-storage and huge pages; not GPUs or other extended resources)",
              resource.contains("/")
                  ? "give the container the count another way, e.g. a plain value, or read"
                      + " NVIDIA_VISIBLE_DEVICES, which the device plugin sets"
                  : "use one of " + RESOURCES.stream().sorted().toList()));
      return;
    }
    divisor(resource, ref.getDivisor(), at, findings);
  }

  private static void divisor(
      String resource, @Nullable Quantity divisor, String at, List<Finding> findings) {
    if (divisor == null) {
      return;
    }
    Optional<BigDecimal> amount = Quantities.amount(divisor);
    if (amount.isEmpty() || amount.get().signum() == 0) {
      return; // unset
    }
    boolean cpu = resource.endsWith(".cpu");
    boolean valid =
        cpu
            ? amount.get().compareTo(BigDecimal.ONE) == 0
                || amount.get().compareTo(new BigDecimal("0.001")) == 0
            : isUnitOfBytes(amount.get());
    if (!valid) {
      findings.add(
          Finding.rejection(
              at + ".divisor",
              "divisor "
                  + divisor.getAmount()
                  + (divisor.getFormat() == null ? "" : divisor.getFormat())
                  + " is not a unit of "
                  + resource,
              cpu
                  ? "use 1 or 1m"
                  : "use 1 or one unit: 1k, 1M, 1G, 1T, 1P, 1E, 1Ki, 1Mi, 1Gi, 1Ti, 1Pi, 1Ei"));
    }
  }

  /** 1, 1000^n or 1024^n for n = 1..6. */
  private static boolean isUnitOfBytes(BigDecimal amount) {
    for (int n = 0; n <= 6; n++) {
      if (amount.compareTo(BigDecimal.valueOf(1000).pow(n)) == 0
          || amount.compareTo(BigDecimal.valueOf(1024).pow(n)) == 0) {
        return true;
      }
    }
    return false;
  }

  private static void keyRef(
      @Nullable String name, @Nullable String key, String kind, String at, List<Finding> findings) {
    refName(name, kind, at, findings);
    if (key == null || !isConfigMapKey(key)) {
      findings.add(
          Finding.rejection(
              at + ".key",
              "\"" + (key == null ? "" : key) + "\" is not a " + kind + " key",
              "name a key of letters, digits, '-', '_' and '.', at most 253 characters"));
    }
  }

  private static boolean isConfigMapKey(String key) {
    return key.length() <= 253
        && CONFIG_MAP_KEY.matcher(key).matches()
        && !key.equals(".")
        && !key.equals("..")
        && !key.startsWith("..");
  }

  private static void envFrom(EnvFromSource source, String at, List<Finding> findings) {
    String prefix = source.getPrefix();
    if (prefix != null && !prefix.isEmpty() && !Names.isEnvVarName(prefix)) {
      findings.add(
          Finding.rejection(
              at + ".prefix",
              "prefix \"" + prefix + "\" is not valid in variable names",
              "use printable ASCII without '='"));
    }
    int sources =
        (source.getConfigMapRef() == null ? 0 : 1) + (source.getSecretRef() == null ? 0 : 1);
    if (sources != 1) {
      findings.add(
          Finding.rejection(
              at,
              sources == 0
                  ? "envFrom names neither a configMapRef nor a secretRef"
                  : "envFrom names both a configMapRef and a secretRef",
              "give each envFrom entry one of configMapRef and secretRef"));
    }
    if (source.getConfigMapRef() != null) {
      refName(source.getConfigMapRef().getName(), "ConfigMap", at + ".configMapRef", findings);
    }
    if (source.getSecretRef() != null) {
      refName(source.getSecretRef().getName(), "Secret", at + ".secretRef", findings);
    }
  }

  private static void refName(
      @Nullable String name, String kind, String at, List<Finding> findings) {
    if (name == null || !Names.isDns1123Subdomain(name)) {
      findings.add(
          Finding.rejection(
              at + ".name",
              "\"" + (name == null ? "" : name) + "\" is not a " + kind + " name",
              "name the " + kind + " (lower-case letters, digits, '-' and '.')"));
    }
  }
}
