package io.gpuspec.core.registry;

import java.util.Optional;

/**
 * One factor of a pod template's pod count: an integer field, its value when unset (the upstream
 * default), and optional bounds read from other fields (e.g. Ray's {@code replicas}, kept between
 * {@code minReplicas} and {@code maxReplicas}). A field path starting with {@code $.} is read from
 * the object's root; any other from the list item or map value the template's innermost wildcard
 * matched (the object's root when the template path has no wildcard).
 *
 * @param field the field path, e.g. {@code replicas} or {@code $.spec.replicas}
 * @param unset the count when the field is not written
 * @param atLeast a field whose value the count is raised to, if written
 * @param atMost a field whose value the count is lowered to, if written
 */
public record PodCount(
    String field, long unset, Optional<String> atLeast, Optional<String> atMost) {

  /** A field counted as {@code unset} when not written, without bounds. */
  public static PodCount of(String field, long unset) {
    return new PodCount(field, unset, Optional.empty(), Optional.empty());
  }

  @Override
  public String toString() {
    return field
        + (unset == 1 ? "" : " (unset: " + unset + ")")
        + atLeast.map(f -> " at least " + f).orElse("")
        + atMost.map(f -> " at most " + f).orElse("");
  }
}
