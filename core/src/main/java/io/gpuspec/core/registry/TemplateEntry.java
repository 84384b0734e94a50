package io.gpuspec.core.registry;

import io.gpuspec.core.manifest.FieldPattern;
import java.util.List;
import java.util.Optional;

/**
 * Where a kind keeps pod templates, what role each plays and how many pods each makes.
 *
 * @param path where the templates ({@code PodTemplateSpec}) are, with wildcards, e.g. {@code
 *     spec.replicatedJobs[*].template.spec.template}
 * @param role a fixed role name (e.g. {@code Leader}); when empty the role is the map key the
 *     innermost wildcard matched, or the {@code roleField} of the list item it matched
 * @param roleField the field of a matched list item that names the role (default {@code name})
 * @param pods the factors whose product is the number of pods per template (per group when the kind
 *     has groups); none means one pod
 * @param rest whether the template makes the rest of its group's pods ({@link
 *     KindEntry#groupSize()} minus the pods of the kind's other templates)
 */
public record TemplateEntry(
    FieldPattern path, Optional<String> role, String roleField, List<PodCount> pods, boolean rest) {

  public TemplateEntry {
    pods = List.copyOf(pods);
  }
}
