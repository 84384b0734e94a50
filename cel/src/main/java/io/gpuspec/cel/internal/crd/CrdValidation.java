package io.gpuspec.cel.internal.crd;

import io.fabric8.kubernetes.api.model.HasMetadata;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.regex.Pattern;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/**
 * Validates custom resources against their CRDs as the API server does on create: the version must
 * be served, the schema's defaults are applied, then the structural schema and the {@code
 * x-kubernetes-validations} rules are checked. Resources of kinds no CRD of the catalog defines
 * give no problems.
 */
public final class CrdValidation {

  private static final JsonMapper JSON = JsonMapper.builder().build();

  /**
   * Required fields that a bundled project's mutating webhook fills in before the API server
   * validates the schema (JobSet names unnamed failure-policy rules {@code failurePolicyRule<i>}):
   * their absence is not an error.
   */
  private static final Map<String, Pattern> WEBHOOK_DEFAULTED =
      Map.of(
          "jobset.x-k8s.io/JobSet", Pattern.compile("spec\\.failurePolicy\\.rules\\[\\d+]\\.name"));

  private CrdValidation() {}

  /** One problem: whether the schema or a CEL rule found it, the field path, message and fix. */
  public record Problem(boolean fromCelRule, String path, String message, String fix) {}

  /** Whether a CRD of {@code catalog} defines the object's group and kind. */
  public static boolean isDefined(HasMetadata object, CrdCatalog catalog) {
    String apiVersion = object.getApiVersion() == null ? "" : object.getApiVersion();
    int slash = apiVersion.indexOf('/');
    return slash > 0
        && !catalog
            .versions(apiVersion.substring(0, slash), String.valueOf(object.getKind()))
            .isEmpty();
  }

  /** The problems of {@code object} against {@code catalog}; empty for kinds it does not define. */
  public static List<Problem> validate(HasMetadata object, CrdCatalog catalog) {
    return validate(object, JSON.valueToTree(object), catalog);
  }

  /**
   * The problems of {@code object}, as written in {@code tree} (its YAML document), against {@code
   * catalog}; empty for kinds it does not define.
   */
  public static List<Problem> validate(HasMetadata object, JsonNode tree, CrdCatalog catalog) {
    String apiVersion = object.getApiVersion() == null ? "" : object.getApiVersion();
    String kind = object.getKind() == null ? "" : object.getKind();
    int slash = apiVersion.indexOf('/');
    if (slash < 0) {
      return List.of();
    }
    List<CrdVersion> versions = catalog.versions(apiVersion.substring(0, slash), kind);
    if (versions.isEmpty()) {
      return List.of();
    }
    Optional<CrdVersion> version = catalog.find(apiVersion, kind);
    if (version.isEmpty()) {
      if (catalog.isBundled(apiVersion.substring(0, slash), kind)) {
        return List.of(); // another project may serve this version (MPI Operator's v2beta1 MPIJob)
      }
      List<String> served = versions.stream().map(CrdVersion::apiVersion).toList();
      return List.of(
          new Problem(
              false,
              "apiVersion",
              "apiVersion "
                  + apiVersion
                  + " of "
                  + kind
                  + " is not served by its CRD ("
                  + versions.get(0).origin()
                  + "); served: "
                  + String.join(", ", served),
              "use apiVersion " + served.get(served.size() - 1)));
    }
    List<Problem> out = new ArrayList<>();
    Pattern defaulted = WEBHOOK_DEFAULTED.get(apiVersion.substring(0, slash) + "/" + kind);
    for (CrdProblem p : SchemaValidator.validate(tree, version.get())) {
      if (defaulted != null
          && p.message().equals("Required value")
          && defaulted.matcher(p.path()).matches()) {
        continue;
      }
      out.add(new Problem(p.source() == CrdProblem.Source.CEL, p.path(), p.message(), p.fix()));
    }
    return out;
  }

  /** {@code catalog} plus the CustomResourceDefinition objects given. */
  public static CrdCatalog plusDefinitions(CrdCatalog catalog, List<HasMetadata> crds)
      throws CrdFileException {
    List<JsonNode> trees = new ArrayList<>();
    crds.forEach(crd -> trees.add(JSON.valueToTree(crd)));
    return catalog.plusDocuments(trees);
  }
}
