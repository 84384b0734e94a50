package io.gpuspec.sharing.dra;

import io.gpuspec.core.GpuSpecStyle;
import io.gpuspec.core.InvalidSpecException;
import io.gpuspec.core.Labels;
import java.util.List;
import java.util.Optional;
import org.immutables.value.Value;

/**
 * One claim of a pod: its name in {@code spec.resourceClaims}, the template each pod's claim is
 * made from, and the containers that get it in {@code resources.claims} (every regular container
 * when none are named), optionally one request of the claim only.
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

  @Value.Check
  protected void check() {
    String where = "pod claim \"" + name() + "\"";
    InvalidSpecException.require(
        Labels.isDns1123Label(name()),
        where,
        "the name is not a DNS-1123 label",
        "use at most 63 lower-case letters, digits and '-'");
    request()
        .ifPresent(
            request ->
                InvalidSpecException.require(
                    template().requestNames().contains(request),
                    where + " request",
                    "\""
                        + request
                        + "\" is not a request of template \""
                        + template().name()
                        + "\" "
                        + template().requestNames(),
                    "name one of its requests"));
  }

  public static Builder builder() {
    return new Builder();
  }

  public static final class Builder extends ImmutablePodClaim.Builder {}
}
