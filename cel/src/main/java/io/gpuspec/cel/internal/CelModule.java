package io.gpuspec.cel.internal;

import io.gpuspec.cel.internal.dra.DraSelectorsCompile;
import io.gpuspec.cel.internal.rules.CrdDefinedKinds;
import io.gpuspec.cel.internal.rules.CrdSchemaHolds;
import io.gpuspec.cel.internal.vap.PoliciesAdmit;
import io.gpuspec.cel.internal.vap.PoliciesWellFormed;
import io.gpuspec.core.spi.GpuspecModule;
import io.gpuspec.core.spi.Rule;
import io.gpuspec.core.spi.UntypedKinds;
import java.util.List;

/**
 * The cel module: executes what the cluster states in CEL and OpenAPI (CRD schemas and rules,
 * ValidatingAdmissionPolicies, DRA selectors) instead of re-typing it in Java.
 */
public final class CelModule implements GpuspecModule {

  @Override
  public String name() {
    return "cel";
  }

  @Override
  public UntypedKinds untypedKinds() {
    return new CrdDefinedKinds();
  }

  @Override
  public List<Rule> rules() {
    return List.of(
        CrdSchemaHolds.schema(),
        CrdSchemaHolds.celRules(),
        new PoliciesWellFormed(),
        PoliciesAdmit.denials(),
        PoliciesAdmit.unknowns(),
        DraSelectorsCompile.compile(),
        DraSelectorsCompile.attributes());
  }
}
