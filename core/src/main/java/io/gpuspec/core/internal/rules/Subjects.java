package io.gpuspec.core.internal.rules;

import io.fabric8.kubernetes.api.model.HasMetadata;
import io.fabric8.kubernetes.api.model.ObjectMeta;
import io.fabric8.kubernetes.api.model.Quantity;
import io.gpuspec.core.NodeTaint;
import io.gpuspec.core.spi.PodTemplate;
import java.util.Locale;
import org.jspecify.annotations.Nullable;

/** How rule messages name objects, templates and tolerations. */
final class Subjects {

  private Subjects() {}

  /** {@code deployment "llm"}: the lower-case kind and the name (or generateName prefix). */
  static String of(HasMetadata object) {
    String kind = object.getKind() == null ? "object" : object.getKind().toLowerCase(Locale.ROOT);
    ObjectMeta meta = object.getMetadata();
    String name = meta == null ? null : meta.getName();
    if (name == null && meta != null && meta.getGenerateName() != null) {
      name = meta.getGenerateName() + "*";
    }
    return kind + " \"" + (name == null ? "" : name) + "\"";
  }

  /** {@code tfjob "mnist" Worker}, or just the object for single-template workloads. */
  static String of(HasMetadata object, PodTemplate template) {
    return template.role().isEmpty() ? of(object) : of(object) + " " + template.role();
  }

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

  /** A quantity as written, e.g. {@code 500m} or {@code 2}; {@code null} decodes as 0. */
  static String quantity(@Nullable Quantity quantity) {
    if (quantity == null) {
      return "0";
    }
    String amount = quantity.getAmount() == null ? "" : quantity.getAmount();
    return amount + (quantity.getFormat() == null ? "" : quantity.getFormat());
  }
}
