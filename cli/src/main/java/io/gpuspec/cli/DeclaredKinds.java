package io.gpuspec.cli;

import io.gpuspec.core.check.Gpuspec;
import io.gpuspec.core.registry.KindEntry;
import io.gpuspec.core.registry.KindsFile;
import io.gpuspec.core.registry.KindsFileException;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.jspecify.annotations.Nullable;

/** {@code --kinds FILE}: the registry with the kinds the files declare, or the error printed. */
final class DeclaredKinds {

  private DeclaredKinds() {}

  /** {@code gpuspec} with the files' kinds; empty, with the file's problem printed, if bad. */
  static Optional<Gpuspec> apply(Gpuspec gpuspec, @Nullable List<Path> files, PrintWriter err) {
    if (files == null || files.isEmpty()) {
      return Optional.of(gpuspec);
    }
    List<KindEntry> declared = new ArrayList<>();
    try {
      files.forEach(file -> declared.addAll(KindsFile.read(file)));
    } catch (KindsFileException e) {
      err.println("gpuspec: --kinds " + e.getMessage());
      return Optional.empty();
    }
    return Optional.of(gpuspec.withKinds(declared));
  }
}
