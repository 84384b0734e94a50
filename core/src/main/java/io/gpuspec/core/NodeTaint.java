package io.gpuspec.core;

import io.fabric8.kubernetes.api.model.PodSpec;
import io.fabric8.kubernetes.api.model.Taint;
import io.fabric8.kubernetes.api.model.TaintBuilder;
import io.fabric8.kubernetes.api.model.Toleration;
import io.fabric8.kubernetes.api.model.TolerationBuilder;
import io.gpuspec.core.k8s.NodeSelection;

/** A node taint {@code key=value:Effect} and the toleration that matches exactly it. */
public record NodeTaint(String key, String value, Effect effect) {

  /** Taint effects; only NoSchedule and NoExecute keep new pods away. */
  public enum Effect {
    NO_SCHEDULE("NoSchedule"),
    PREFER_NO_SCHEDULE("PreferNoSchedule"),
    NO_EXECUTE("NoExecute");

    private final String text;

    Effect(String text) {
      this.text = text;
    }

    /** The Kubernetes spelling, e.g. {@code NoSchedule}. */
    public String text() {
      return text;
    }

    /** Whether a pod that does not tolerate this effect is kept off the node. */
    public boolean repels() {
      return this != PREFER_NO_SCHEDULE;
    }
  }

  /** {@code nvidia.com/gpu=present:NoSchedule}: the conventional taint of GPU nodes. */
  public static final NodeTaint GPU =
      new NodeTaint("nvidia.com/gpu", "present", Effect.NO_SCHEDULE);

  /** {@code dedicated=gpu:NoSchedule}: keeps everything but GPU workloads off a pool. */
  public static final NodeTaint DEDICATED_GPU =
      new NodeTaint("dedicated", "gpu", Effect.NO_SCHEDULE);

  public NodeTaint {
    InvalidSpecException.requireValue(key, "taint key");
    InvalidSpecException.requireValue(value, "taint \"" + key + "\" value");
    InvalidSpecException.requireValue(effect, "taint \"" + key + "\" effect");
    InvalidSpecException.require(
        Labels.isQualifiedName(key),
        "taint \"" + key + "\"",
        "the key is not a valid label key",
        "use a key such as nvidia.com/gpu");
    InvalidSpecException.require(
        Labels.isValue(value),
        "taint \"" + key + "=" + value + "\"",
        "the value is not a valid label value",
        "use at most 63 letters, digits, '-', '_' or '.'");
  }

  /** The toleration that matches exactly this taint ({@code Equal}, same key, value, effect). */
  public Toleration toleration() {
    return new TolerationBuilder()
        .withKey(key)
        .withOperator("Equal")
        .withValue(value)
        .withEffect(effect.text())
        .build();
  }

  /** Whether a pod with this spec tolerates this taint. */
  public boolean toleratedBy(PodSpec spec) {
    return NodeSelection.tolerates(spec, toTaint());
  }

  /** Whether a toleration matches this taint. */
  public boolean toleratedBy(Toleration toleration) {
    return NodeSelection.tolerates(toleration, toTaint());
  }

  /** This taint as a fabric8 model object. */
  public Taint toTaint() {
    return new TaintBuilder().withKey(key).withValue(value).withEffect(effect.text()).build();
  }

  @Override
  public String toString() {
    return key + "=" + value + ":" + effect.text();
  }
}
