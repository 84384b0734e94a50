package io.gpuspec.core.manifest;

import io.fabric8.kubernetes.api.model.HasMetadata;
import java.util.Objects;

/**
 * A kind a module contributes: the model class objects of that kind decode to (its apiVersion and
 * kind come from the class's fabric8 {@code @Group}, {@code @Version} and {@code @Kind}), the phase
 * in which objects of the kind are written, and the format its names must have.
 */
public record ResourceKind(
    Class<? extends HasMetadata> type, WritePhase phase, NameFormat nameFormat) {

  public ResourceKind {
    Objects.requireNonNull(type, "type");
    Objects.requireNonNull(phase, "phase");
    Objects.requireNonNull(nameFormat, "nameFormat");
  }

  /** A kind whose names are DNS-1123 subdomains, as most kinds' are. */
  public ResourceKind(Class<? extends HasMetadata> type, WritePhase phase) {
    this(type, phase, NameFormat.DNS1123_SUBDOMAIN);
  }

  /** {@code group/version}, or {@code version} for the core group. */
  public String apiVersion() {
    return HasMetadata.getApiVersion(type);
  }

  /** The kind, e.g. {@code Deployment}. */
  public String kind() {
    return HasMetadata.getKind(type);
  }
}
