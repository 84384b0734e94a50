package io.gpuspec.core.manifest;

import io.fabric8.kubernetes.api.model.HasMetadata;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import tools.jackson.databind.JsonNode;

/**
 * Claims a YAML document that is not a Kubernetes object (no {@code apiVersion} and {@code kind})
 * but that a module knows how to check, such as an NVIDIA device-plugin config file, and turns it
 * into an object the rules can read. Without a recognizer that claims it, such a document is
 * reported as {@code YAML006}.
 *
 * <p>The object a recognizer returns stands in for a file, not for something to apply: it carries
 * the annotation {@link #SYNTHETIC_ANNOTATION}, and {@link ManifestWriter} never writes objects
 * that carry it. A module contributes recognizers through {@code
 * GpuspecModule.documentRecognizers()}.
 */
@FunctionalInterface
public interface DocumentRecognizer {

  /**
   * The annotation marking an object that a recognizer made from a non-Kubernetes document; its
   * value is the file name. Writers skip such objects.
   */
  String SYNTHETIC_ANNOTATION = "gpuspec.io/read-from-document";

  /**
   * One document of a file that is a YAML mapping without {@code apiVersion} and {@code kind}.
   *
   * @param file the file it was read from (or the source name given for text)
   * @param index the document's index in the file, from 0
   * @param text the document's own text, as written
   * @param content the document as a tree, decoded the way the reader decodes Kubernetes YAML
   */
  record Document(Path file, int index, String text, JsonNode content) {
    public Document {
      Objects.requireNonNull(file, "file");
      Objects.requireNonNull(text, "text");
      Objects.requireNonNull(content, "content");
    }

    /** The file's name without its directories, e.g. {@code time-slicing.yaml}. */
    public String fileName() {
      Path name = file.getFileName();
      return name == null ? file.toString() : name.toString();
    }
  }

  /** The object that stands for the document, if this recognizer claims it. */
  Optional<HasMetadata> recognize(Document document);

  /**
   * Every object that stands for the document, empty when this recognizer does not claim it. A
   * document may stand for more than one object (e.g. helm values that make a chart create both a
   * custom resource and the ConfigMaps it names); by default, the one of {@link
   * #recognize(Document)}.
   */
  default List<HasMetadata> recognizeAll(Document document) {
    return recognize(document).map(List::of).orElse(List.of());
  }

  /** Whether a recognizer made this object from a non-Kubernetes document. */
  static boolean isSynthetic(HasMetadata object) {
    if (object.getMetadata() == null) {
      return false;
    }
    Map<String, String> annotations = object.getMetadata().getAnnotations();
    return annotations != null && annotations.containsKey(SYNTHETIC_ANNOTATION);
  }
}
