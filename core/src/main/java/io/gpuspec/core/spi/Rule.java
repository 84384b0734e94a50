package io.gpuspec.core.spi;

import io.gpuspec.core.manifest.ManifestSet;

/**
 * One check over rendered Kubernetes objects, described once by its {@link RuleInfo}. A module
 * contributes rules through {@link GpuspecModule#rules()}.
 *
 * <p>A rule reports through {@link CheckContext#report}; it never throws for a bad manifest. If it
 * throws anyway, the engine reports {@code ENGINE001} naming the rule and the object and runs the
 * other rules.
 */
public interface Rule {

  /** The rule's metadata: id, severity, title, why, fix, kinds read, documentation. */
  RuleInfo info();

  /** Reports every violation in {@code manifests} to {@code context}. */
  void check(ManifestSet manifests, CheckContext context);

  /** Shorthand for {@code info().id()}. */
  default String id() {
    return info().id();
  }
}
