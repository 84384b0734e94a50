package io.gpuspec.trainer.merge;

import io.fabric8.kubernetes.api.model.HasMetadata;
import io.gpuspec.core.spi.FieldOrigin;
import java.util.ArrayList;
import java.util.List;

/**
 * Where the values of a merged JobSet spec were written: field paths the TrainJob set (its trainer
 * settings, its runtime patches), each mapped to the TrainJob's field; every other path is the
 * runtime template's own ({@code spec.template.spec.<path>} of the runtime).
 */
public final class MergeOrigins {

  private record Entry(String prefix, HasMetadata object, String path) {}

  private final HasMetadata runtime;
  private final List<Entry> entries = new ArrayList<>();

  MergeOrigins(HasMetadata runtime) {
    this.runtime = runtime;
  }

  /** Records that the value at {@code prefix} (and below) was written at {@code path} of object. */
  void written(String prefix, HasMetadata object, String path) {
    entries.add(new Entry(prefix, object, path));
  }

  HasMetadata runtime() {
    return runtime;
  }

  /** The origin of the value at a JobSet spec path; the latest, most specific record wins. */
  FieldOrigin of(String path) {
    Entry best = null;
    for (Entry entry : entries) {
      if (covers(entry.prefix(), path)
          && (best == null || entry.prefix().length() >= best.prefix().length())) {
        best = entry;
      }
    }
    return best == null
        ? new FieldOrigin(runtime, "spec.template.spec." + path)
        : new FieldOrigin(best.object(), best.path() + path.substring(best.prefix().length()));
  }

  private static boolean covers(String prefix, String path) {
    return path.equals(prefix)
        || (path.startsWith(prefix)
            && (path.charAt(prefix.length()) == '.' || path.charAt(prefix.length()) == '['));
  }
}
