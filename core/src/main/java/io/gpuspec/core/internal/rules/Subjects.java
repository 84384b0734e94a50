package io.gpuspec.core.internal.rules;

import io.fabric8.kubernetes.api.model.Quantity;
import io.fabric8.kubernetes.api.model.Taint;
import io.gpuspec.core.NodeTaint;
import org.jspecify.annotations.Nullable;

/** How rule messages write tolerations and quantities. */
final class Subjects {

  private Subjects() {}

  /** A toleration matching exactly this taint, as YAML flow text. */
  static String toleration(NodeTaint taint) {
    return "{key: "
        + taint.key()
        + ", operator: Equal, value: \""
        + taint.value()
        + "\", effect: "
        + taint.effect().text()
        + "}";
  }

  /** A toleration matching exactly this taint, as YAML flow text. */
  static String toleration(Taint taint) {
    return "{key: "
        + taint.getKey()
        + ", operator: Equal, value: \""
        + (taint.getValue() == null ? "" : taint.getValue())
        + "\", effect: "
        + taint.getEffect()
        + "}";
  }

  /** A taint as {@code key=value:Effect}, the value always written (empty when it has none). */
  static String taint(Taint taint) {
    return taint.getKey()
        + "="
        + (taint.getValue() == null ? "" : taint.getValue())
        + ":"
        + taint.getEffect();
  }

  /** A quantity as written, e.g. {@code 500m} or {@code 2}; {@code null} decodes as 0. */
  static String quantity(@Nullable Quantity quantity) {
    if (quantity == null) {
      return "0";
    }
    String amount = quantity.getAmount() == null ? "" : quantity.getAmount();
    return amount + (quantity.getFormat() == null ? "" : quantity.getFormat());
  }
}
