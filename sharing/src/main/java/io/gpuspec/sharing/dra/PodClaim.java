package io.gpuspec.sharing.dra;

import io.gpuspec.core.GpuSpecStyle;
import java.util.List;
import java.util.Optional;
import org.immutables.value.Value;

/**
 * One claim of a pod: its name in {@code spec.resourceClaims}, the template each pod's claim is
 * made from, and the containers that get it in {@code resources.claims} (every regular container
 * when none are named), optionally one request of the claim only. Its name (a DNS label, unique in
 * the pod) and request (one of the template's) are checked when the {@link ClaimedWorkload} is
 * built, by SHR012's facts on the rendered pods.
 */
@Value.Immutable
@GpuSpecStyle
public abstract class PodClaim {

  public abstract String name();

  public abstract GpuClaimTemplate template();

  /** The containers that use the claim; empty means every regular container. */
  public abstract List<String> containers();

  /** The one request of the claim the containers use; empty means all of them. */
  public abstract Optional<String> request();

  /** Every regular container gets every request of {@code template}. */
  public static PodClaim of(String name, GpuClaimTemplate template) {
    return builder().name(name).template(template).build();
  }

  public static Builder builder() {
    return new Builder();
  }

  /**
   * Builds {@link PodClaim} values: set the attributes, then {@code build()}, which checks them.
   */
  public static final class Builder extends ImmutablePodClaim.Builder {}
}
