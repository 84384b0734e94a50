package io.gpuspec.core.facts;

import io.fabric8.kubernetes.api.model.LimitRange;
import io.fabric8.kubernetes.api.model.LimitRangeItem;
import io.fabric8.kubernetes.api.model.Quantity;
import io.gpuspec.core.k8s.Names;
import io.gpuspec.core.k8s.NullFree;
import io.gpuspec.core.k8s.Quantities;
import io.gpuspec.core.report.Finding;
import java.math.BigDecimal;
import java.math.MathContext;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeSet;
import org.jspecify.annotations.Nullable;

/**
 * A LimitRange as core {@code ValidateLimitRange} admits it (<a
 * href="https://kubernetes.io/docs/concepts/policy/limit-range/">Limit Ranges</a>): each limit's
 * {@code type} is Pod, Container, PersistentVolumeClaim or a domain-qualified name, listed once;
 * resource names valid for the type (a container resource for Pod and Container, a standard or
 * qualified one otherwise); no {@code default} or {@code defaultRequest} on type Pod; a
 * PersistentVolumeClaim limit with a min or max storage; per resource min ≤ defaultRequest ≤ max,
 * min ≤ default ≤ max, min ≤ max, a {@code maxLimitRequestRatio} of at least 1 and at most max/min;
 * and for a resource that cannot be overcommitted (a GPU, huge pages) a default request equal to
 * the default. (A default request above the default is SCH019's.) Every finding is a rejection;
 * reported by rule {@value #RULE}.
 */
public final class LimitRangeFacts {

  /** The id of the rule that reports these facts. */
  public static final String RULE = "K8S021";

  private static final Set<String> TYPES = Set.of("Pod", "Container", "PersistentVolumeClaim");
  private static final Set<String> STANDARD =
      Set.of(
          "cpu",
          "memory",
          "ephemeral-storage",
          "requests.cpu",
          "requests.memory",
          "requests.ephemeral-storage",
          "limits.cpu",
          "limits.memory",
          "limits.ephemeral-storage",
          "pods",
          "resourcequotas",
          "services",
          "replicationcontrollers",
          "secrets",
          "persistentvolumeclaims",
          "storage",
          "requests.storage",
          "services.nodeports",
          "services.loadbalancers");

  private LimitRangeFacts() {}

  /** K8S021 on one LimitRange. */
  public static List<Finding> valid(LimitRange range) {
    List<Finding> findings = new ArrayList<>();
    List<LimitRangeItem> limits =
        range.getSpec() == null ? List.of() : NullFree.list(range.getSpec().getLimits());
    Set<String> types = new TreeSet<>();
    for (int i = 0; i < limits.size(); i++) {
      LimitRangeItem limit = limits.get(i) == null ? new LimitRangeItem() : limits.get(i);
      String at = "spec.limits[" + i + "]";
      String type = limit.getType() == null ? "" : limit.getType();
      if (!Names.isQualifiedName(type) || (!type.contains("/") && !TYPES.contains(type))) {
        findings.add(
            Finding.rejection(
                at + ".type",
                "type \""
                    + type
                    + "\" is neither Pod, Container, PersistentVolumeClaim nor a"
                    + " domain-qualified name",
                "set type: Container (per container), Pod or PersistentVolumeClaim"));
      } else if (!types.add(type)) {
        findings.add(
            Finding.rejection(
                at + ".type",
                "Duplicate value: type " + type + " is limited twice",
                "merge the two limits of type " + type + " into one"));
      }
      item(findings, limit, type, at);
    }
    return findings;
  }

  private static void item(List<Finding> findings, LimitRangeItem limit, String type, String at) {
    Map<String, Quantity> min = orEmpty(limit.getMin());
    Map<String, Quantity> max = orEmpty(limit.getMax());
    Map<String, Quantity> defaults = orEmpty(limit.getDefault());
    Map<String, Map<String, Quantity>> fields = new LinkedHashMap<>();
    fields.put("max", max);
    fields.put("min", min);
    fields.put("default", defaults);
    fields.put("defaultRequest", orEmpty(limit.getDefaultRequest()));
    fields.put("maxLimitRequestRatio", orEmpty(limit.getMaxLimitRequestRatio()));
    boolean pod = type.equals("Pod");
    for (Map.Entry<String, Map<String, Quantity>> entry : fields.entrySet()) {
      String field = entry.getKey();
      if (pod && (field.equals("default") || field.equals("defaultRequest"))) {
        if (!entry.getValue().isEmpty()) {
          findings.add(
              Finding.rejection(
                  at + "." + field,
                  field + " may not be set when type is Pod",
                  "move the default to a limit of type Container"));
        }
        continue;
      }
      for (String name : new TreeSet<>(entry.getValue().keySet())) {
        resourceName(type, name, at + "." + field + "[" + name + "]").ifPresent(findings::add);
      }
    }
    if (type.equals("PersistentVolumeClaim")
        && !min.containsKey("storage")
        && !max.containsKey("storage")) {
      findings.add(
          Finding.rejection(
              at,
              "Required value: a PersistentVolumeClaim limit needs a min or max storage",
              "set min: {storage: 1Gi} or max: {storage: 10Ti}"));
    }
    Set<String> keys = new TreeSet<>();
    fields.forEach((field, values) -> keys.addAll(values.keySet()));
    for (String name : keys) {
      Map<String, BigDecimal> v = new HashMap<>();
      fields.forEach(
          (field, values) -> amount(values.get(name)).ifPresent(amount -> v.put(field, amount)));
      if (pod) {
        v.remove("default");
        v.remove("defaultRequest");
      }
      compare(findings, v, "min", "max", at + ".min[" + name + "]", name);
      compare(findings, v, "min", "defaultRequest", at + ".defaultRequest[" + name + "]", name);
      compare(findings, v, "defaultRequest", "max", at + ".defaultRequest[" + name + "]", name);
      compare(findings, v, "min", "default", at + ".default[" + name + "]", name);
      compare(findings, v, "default", "max", at + ".default[" + name + "]", name);
      ratio(findings, v, at + ".maxLimitRequestRatio[" + name + "]");
      BigDecimal request = v.get("defaultRequest");
      BigDecimal limitAmount = v.get("default");
      if (!ResourceNames.overcommits(name)
          && request != null
          && limitAmount != null
          && request.compareTo(limitAmount) < 0) {
        findings.add(
            Finding.rejection(
                at + ".defaultRequest[" + name + "]",
                name
                    + " cannot be overcommitted, so its default request must equal its default ("
                    + defaults.get(name)
                    + ")",
                "set defaultRequest and default of " + name + " to the same amount"));
      }
    }
  }

  /** A finding when {@code low} is above {@code high}, both given. */
  private static void compare(
      List<Finding> findings,
      Map<String, BigDecimal> v,
      String low,
      String high,
      String at,
      String name) {
    BigDecimal lower = v.get(low);
    BigDecimal upper = v.get(high);
    if (lower != null && upper != null && lower.compareTo(upper) > 0) {
      findings.add(
          Finding.rejection(
              at,
              low
                  + " of "
                  + name
                  + " ("
                  + plain(lower)
                  + ") is greater than "
                  + high
                  + " ("
                  + plain(upper)
                  + ")",
              "keep min ≤ defaultRequest ≤ default ≤ max for each resource"));
    }
  }

  private static String plain(BigDecimal amount) {
    return amount.stripTrailingZeros().toPlainString();
  }

  private static void ratio(List<Finding> findings, Map<String, BigDecimal> v, String at) {
    BigDecimal ratio = v.get("maxLimitRequestRatio");
    if (ratio == null) {
      return;
    }
    if (ratio.compareTo(BigDecimal.ONE) < 0) {
      findings.add(
          Finding.rejection(
              at,
              "ratio " + ratio.stripTrailingZeros().toPlainString() + " is less than 1",
              "set a ratio of at least 1 (1 means limits equal requests)"));
    } else {
      BigDecimal min = v.get("min");
      BigDecimal max = v.get("max");
      if (min == null || max == null || min.signum() <= 0) {
        return;
      }
      BigDecimal most = max.divide(min, MathContext.DECIMAL64);
      if (ratio.compareTo(most) > 0) {
        findings.add(
            Finding.rejection(
                at,
                "ratio " + plain(ratio) + " is greater than max/min = " + plain(most),
                "lower the ratio to at most max/min, or widen min and max"));
      }
    }
  }

  private static Optional<Finding> resourceName(String type, String name, String at) {
    Optional<String> problem;
    if (type.equals("Pod") || type.equals("Container")) {
      problem = ResourceNames.containerResourceProblem(name);
    } else if (!Names.isQualifiedName(name)) {
      problem = Optional.of("is not a qualified name");
    } else if (!name.contains("/")
        && !STANDARD.contains(name)
        && !ResourceNames.isHugePages(name)) {
      problem = Optional.of("is neither a standard resource nor domain-qualified");
    } else {
      problem = Optional.empty();
    }
    return problem.map(
        why ->
            Finding.rejection(
                at,
                "resource \"" + name + "\" " + why,
                type.equals("PersistentVolumeClaim")
                    ? "limit storage for claims"
                    : "name a resource such as cpu, memory or nvidia.com/gpu"));
  }

  private static Optional<BigDecimal> amount(@Nullable Quantity quantity) {
    return quantity == null ? Optional.empty() : Quantities.amount(quantity);
  }

  private static Map<String, Quantity> orEmpty(@Nullable Map<String, Quantity> map) {
    return map == null ? Map.of() : map;
  }
}
