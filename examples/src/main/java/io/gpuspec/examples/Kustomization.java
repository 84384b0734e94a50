package io.gpuspec.examples;

import io.gpuspec.core.manifest.TextFiles;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.util.List;

/**
 * The kustomization of a manifests directory, so that {@code kubectl apply -k DIR} applies every
 * object file in write order. It is named {@value #FILE}, one of the three names kustomize reads
 * ({@code kustomization.yaml}, {@code kustomization.yml}, {@code Kustomization}): the one without a
 * YAML extension, so that tools reading every {@code *.yaml} of the directory as Kubernetes objects
 * (gpuspec lint, conformance checkers) do not take it for one.
 */
final class Kustomization {

  /** The file's name in the manifests directory. */
  static final String FILE = "Kustomization";

  private Kustomization() {}

  /** The kustomization listing {@code files} (names within the directory) as resources. */
  static String render(List<String> files) {
    StringBuilder text =
        new StringBuilder("apiVersion: kustomize.config.k8s.io/v1beta1\nkind: Kustomization\n");
    text.append("resources:\n");
    files.forEach(file -> text.append("- ").append(file).append('\n'));
    return text.toString();
  }

  /** Writes the kustomization of {@code written} (files in {@code directory}) atomically. */
  static Path write(Path directory, List<Path> written) {
    Path target = directory.resolve(FILE);
    try {
      TextFiles.write(
          target, render(written.stream().map(f -> f.getFileName().toString()).toList()));
    } catch (IOException e) {
      throw new UncheckedIOException("cannot write " + target, e);
    }
    return target;
  }
}
