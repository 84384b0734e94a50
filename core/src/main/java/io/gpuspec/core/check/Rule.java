package io.gpuspec.core.check;

import io.gpuspec.core.manifest.ManifestSet;
import java.net.URI;

/**
 * One check over rendered Kubernetes objects, with a stable id. Implementations are found through
 * {@link java.util.ServiceLoader} (register them in {@code
 * META-INF/services/io.gpuspec.core.check.Rule}), so a module adds rules without editing core.
 *
 * <p>A rule reports through {@link CheckContext#report}; it never throws for a bad manifest.
 */
public interface Rule {

  /** Stable id, e.g. {@code GPU001}; used in reports and in suppression annotations. */
  String id();

  /** One line saying what the rule requires. */
  String description();

  /** The severity of its findings (cluster-dependent rules lower it when no fleet is known). */
  Severity severity();

  /** The upstream documentation the rule traces to. */
  URI documentation();

  void check(ManifestSet manifests, CheckContext context);
}
