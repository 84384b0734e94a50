package io.gpuspec.lws.facts;

import io.fabric8.kubernetes.api.model.GenericKubernetesResource;
import io.fabric8.kubernetes.api.model.HasMetadata;
import io.gpuspec.core.registry.TemplateRegistry;
import io.gpuspec.core.report.Finding;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import tools.jackson.databind.JsonNode;

/**
 * The validity facts of a {@code LeaderWorkerSet} ({@code leaderworkerset.x-k8s.io/v1}, LWS v0.10)
 * that its admission webhook checks beyond the CRD's schema ({@code
 * pkg/webhooks/leaderworkerset_webhook.go}): the rolling update can make progress.
 */
public final class LwsFacts {

  /** The API group of LeaderWorkerSet. */
  public static final String GROUP = "leaderworkerset.x-k8s.io";

  /** The apiVersion LWS v0.10 serves. */
  public static final String API_VERSION = GROUP + "/v1";

  /** The kind. */
  public static final String KIND = "LeaderWorkerSet";

  /** The rule reporting {@link #rollout}. */
  public static final String ROLLOUT = "LWS001";

  private static final String ROLLING = "spec.rolloutStrategy.rollingUpdateConfiguration";
  private static final Pattern PERCENT = Pattern.compile("([0-9]+)%");

  private LwsFacts() {}

  /** Whether an object is a LeaderWorkerSet that no module decodes into a class of its own. */
  public static boolean isLeaderWorkerSet(HasMetadata object) {
    return object instanceof GenericKubernetesResource
        && KIND.equals(object.getKind())
        && object.getApiVersion() != null
        && object.getApiVersion().startsWith(GROUP + "/");
  }

  /**
   * LWS001: {@code maxUnavailable} and {@code maxSurge} are 0 or more, at most 100% when a
   * percentage, and not both 0 while there are groups (the webhook rejects such an object: an
   * update could neither take a group down nor add one).
   */
  public static List<Finding> rollout(GenericKubernetesResource lws) {
    JsonNode tree = TemplateRegistry.tree(lws);
    JsonNode config = tree.path("spec").path("rolloutStrategy").path("rollingUpdateConfiguration");
    if (!config.isObject()) {
      return List.of();
    }
    long replicas = tree.path("spec").path("replicas").asLong(1);
    List<Finding> findings = new ArrayList<>();
    Optional<Long> unavailable =
        scaled(config.get("maxUnavailable"), 1, replicas, false, "maxUnavailable", findings);
    Optional<Long> surge = scaled(config.get("maxSurge"), 0, replicas, true, "maxSurge", findings);
    if (unavailable.orElse(-1L) == 0 && surge.orElse(-1L) == 0 && replicas != 0) {
      findings.add(
          Finding.rejection(
              ROLLING + ".maxUnavailable",
              "maxUnavailable and maxSurge are both 0, so a rolling update can neither take a group"
                  + " down nor add one",
              "set maxUnavailable to 1 (or maxSurge to 1, to add a group before taking one down)"));
    }
    return findings;
  }

  /** A count or percentage of {@code replicas}, rounded as the controller rounds it. */
  private static Optional<Long> scaled(
      JsonNode value,
      long unset,
      long replicas,
      boolean roundUp,
      String field,
      List<Finding> findings) {
    String path = ROLLING + "." + field;
    if (value == null || value.isNull()) {
      return Optional.of(unset);
    }
    if (value.isIntegralNumber()) {
      long count = value.asLong();
      if (count < 0) {
        findings.add(
            Finding.rejection(
                path,
                field + " is " + count + ", below 0",
                "use 0 or more groups, or a percentage"));
        return Optional.empty();
      }
      return Optional.of(count);
    }
    Matcher percent = PERCENT.matcher(value.isString() ? value.asString() : "");
    if (!percent.matches()) {
      findings.add(
          Finding.rejection(
              path,
              field + " is " + value + ", neither a count nor a percentage",
              "write a count of groups (1) or a percentage of them (\"25%\")"));
      return Optional.empty();
    }
    String digits = percent.group(1);
    long share = digits.length() > 4 ? Long.MAX_VALUE : Long.parseLong(digits);
    if (share > 100) {
      findings.add(
          Finding.rejection(
              path, field + " is " + digits + "%, above 100%", "use a percentage of 0% to 100%"));
      return Optional.empty();
    }
    long product = share * replicas;
    return Optional.of(roundUp ? (product + 99) / 100 : product / 100);
  }
}
