package io.gpuspec.cel.internal.rules;

import io.fabric8.kubernetes.api.model.HasMetadata;
import io.gpuspec.cel.internal.crd.CrdCatalog;
import io.gpuspec.cel.internal.crd.CrdFileException;
import io.gpuspec.cel.internal.crd.CrdValidation;
import io.gpuspec.core.InvalidSpecException;
import io.gpuspec.core.manifest.ManifestSet;
import io.gpuspec.core.report.Severity;
import io.gpuspec.core.spi.BaseRule;
import io.gpuspec.core.spi.CheckContext;
import io.gpuspec.core.spi.RuleInfo;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;

/**
 * CRD001 / CRD002: a custom resource passes its CRD's structural schema (CRD001) and its {@code
 * x-kubernetes-validations} rules (CRD002), as the API server checks it on create.
 *
 * <p>Upstream: <a
 * href="https://kubernetes.io/docs/tasks/extend-kubernetes/custom-resources/custom-resource-definitions/#validation-rules">CRD
 * validation rules</a>.
 */
public final class CrdSchemaHolds extends BaseRule {

  private final boolean celRules;

  private CrdSchemaHolds(RuleInfo info, boolean celRules) {
    super(info);
    this.celRules = celRules;
  }

  /** CRD001: the structural schema. */
  public static CrdSchemaHolds schema() {
    return new CrdSchemaHolds(
        RuleInfo.builder()
            .id("CRD001")
            .severity(Severity.ERROR)
            .title("A custom resource matches its CRD's structural schema")
            .why(
                "The API server applies the CRD's defaults and rejects a resource whose fields have"
                    + " the wrong type, break a bound, enum, pattern or list-type rule, or are not in"
                    + " the schema (strict field validation; otherwise the field is pruned and its"
                    + " setting silently lost)")
            .fix("Change the field as the message says; an unknown field is removed or moved")
            .addKinds("*")
            .documentation(
                "https://kubernetes.io/docs/tasks/extend-kubernetes/custom-resources/custom-resource-definitions/#specifying-a-structural-schema")
            .apiServerRejects(true)
            .build(),
        false);
  }

  /** CRD002: the CEL validation rules. */
  public static CrdSchemaHolds celRules() {
    return new CrdSchemaHolds(
        RuleInfo.builder()
            .id("CRD002")
            .severity(Severity.ERROR)
            .title("A custom resource passes its CRD's x-kubernetes-validations rules")
            .why(
                "The API server evaluates each CEL rule of the CRD and rejects the resource with"
                    + " the rule's message when one is false")
            .fix("Change the resource so that the rule named in the message holds")
            .addKinds("*")
            .documentation(
                "https://kubernetes.io/docs/tasks/extend-kubernetes/custom-resources/custom-resource-definitions/#validation-rules")
            .apiServerRejects(true)
            .build(),
        true);
  }

  @Override
  public void check(ManifestSet manifests, CheckContext context) {
    Map<HasMetadata, List<CrdValidation.Problem>> problems = problems(manifests, context);
    for (HasMetadata object : manifests) {
      for (CrdValidation.Problem p : problems.getOrDefault(object, List.of())) {
        if (p.fromCelRule() == celRules) {
          context.report(object, p.path(), p.message(), p.fix());
        }
      }
    }
  }

  /** The key under which CRD001 and CRD002 share one validation per check. */
  private static final String SHARED_KEY = CrdSchemaHolds.class.getName() + ".problems";

  private static Map<HasMetadata, List<CrdValidation.Problem>> problems(
      ManifestSet manifests, CheckContext context) {
    return context.shared(SHARED_KEY, () -> validate(manifests, context));
  }

  private static Map<HasMetadata, List<CrdValidation.Problem>> validate(
      ManifestSet manifests, CheckContext context) {
    CrdCatalog catalog;
    try {
      catalog = CrdResources.catalog(manifests, context);
    } catch (CrdFileException e) {
      throw new InvalidSpecException(
          "CRD files", e.getMessage(), "fix or remove the file given with --crd");
    }
    WrittenDocuments written = new WrittenDocuments(manifests);
    Map<HasMetadata, List<CrdValidation.Problem>> found = new IdentityHashMap<>();
    for (HasMetadata object : manifests) {
      if (!CrdValidation.isDefined(object, catalog)) {
        continue;
      }
      found.put(
          object,
          written
              .of(object)
              .map(doc -> CrdValidation.validate(object, doc, catalog))
              .orElseGet(() -> CrdValidation.validate(object, catalog)));
    }
    return found;
  }
}
