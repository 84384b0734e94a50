package io.gpuspec.cel;

import dev.cel.bundle.Cel;
import dev.cel.bundle.CelBuilder;
import dev.cel.bundle.CelFactory;
import dev.cel.common.CelAbstractSyntaxTree;
import dev.cel.common.CelOptions;
import dev.cel.common.CelValidationResult;
import dev.cel.common.types.SimpleType;
import dev.cel.extensions.CelExtensions;
import dev.cel.parser.CelStandardMacro;
import dev.cel.runtime.CelEvaluationException;
import io.gpuspec.cel.internal.lib.KubernetesLibrary;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.concurrent.ConcurrentHashMap;

/**
 * The Kubernetes CEL environment: CEL's standard macros and functions, the extension libraries the
 * API server enables (strings, sets, lists, math, base64 encoders, optional types) and the
 * Kubernetes libraries (lists, regex, quantity, IP/CIDR, URL, semver, format), with the API
 * server's per-call cost limit. Every variable is declared {@code dyn}; expressions are compiled
 * once per (variables, text) and cached. Thread-safe.
 */
public final class KubernetesCel {

  /** The API server's per-expression cost limit ({@code PerCallLimit}). */
  public static final long PER_CALL_COST_LIMIT = 1_000_000L;

  /** The API server's cost budget for all CRD validation rules of one object. */
  public static final long RUNTIME_COST_BUDGET = 10_000_000L;

  private static final int MAX_CACHED = 20_000;

  private static final class Holder {
    static final KubernetesCel STANDARD = new KubernetesCel();
  }

  private final KubernetesLibrary library = KubernetesLibrary.create();
  private final CelOptions options =
      CelOptions.current()
          .enableOptionalSyntax(true)
          .enableHeterogeneousNumericComparisons(true)
          .enableRegexPartialMatch(true)
          .comprehensionMaxIterations((int) PER_CALL_COST_LIMIT)
          .build();
  private final Map<Set<String>, Cel> environments = new ConcurrentHashMap<>();
  private final Map<Key, Object> cache = new ConcurrentHashMap<>();

  private record Key(Set<String> variables, String source) {}

  private KubernetesCel() {}

  /** The shared environment. */
  public static KubernetesCel standard() {
    return Holder.STANDARD;
  }

  /**
   * Compiles {@code source} with the given variables (each {@code dyn}).
   *
   * @throws CelExpressionException when it does not parse or type-check; the message holds CEL's
   *     issues with their positions
   */
  public CelExpression compile(String source, Set<String> variables) throws CelExpressionException {
    Key key = new Key(Set.copyOf(variables), source);
    Object cached = cache.get(key);
    if (cached == null) {
      cached = compileUncached(source, key.variables());
      if (cache.size() < MAX_CACHED) {
        cache.put(key, cached);
      }
    }
    if (cached instanceof CelExpressionException e) {
      throw new CelExpressionException(e.getMessage(), false, null);
    }
    return (CelExpression) cached;
  }

  /** The CEL issues of {@code source}, empty when it compiles. */
  public List<String> problems(String source, Set<String> variables) {
    try {
      compile(source, variables);
      return List.of();
    } catch (CelExpressionException e) {
      return List.of(e.getMessage());
    }
  }

  private Object compileUncached(String source, Set<String> variables) {
    Cel cel = environments.computeIfAbsent(variables, this::environment);
    CelValidationResult result = cel.compile(source);
    if (result.hasError()) {
      return new CelExpressionException(
          "CEL expression \"" + source + "\" does not compile: " + result.getErrorString(),
          false,
          null);
    }
    try {
      CelAbstractSyntaxTree ast = result.getAst();
      return new CelExpression(source, cel.createProgram(ast), PER_CALL_COST_LIMIT);
    } catch (dev.cel.common.CelValidationException | CelEvaluationException e) {
      return new CelExpressionException(
          "CEL expression \"" + source + "\" does not compile: " + e.getMessage(), false, e);
    }
  }

  private Cel environment(Set<String> variables) {
    CelBuilder builder =
        CelFactory.standardCelBuilder()
            .setOptions(options)
            .setStandardMacros(CelStandardMacro.STANDARD_MACROS)
            .addCompilerLibraries(
                CelExtensions.strings(),
                CelExtensions.sets(options),
                CelExtensions.lists(),
                CelExtensions.math(2),
                CelExtensions.encoders(options),
                CelExtensions.optional())
            .addRuntimeLibraries(
                CelExtensions.strings(),
                CelExtensions.sets(options),
                CelExtensions.lists(),
                CelExtensions.math(2),
                CelExtensions.encoders(options),
                CelExtensions.optional())
            .addFunctionDeclarations(library.declarations())
            .addFunctionBindings(library.bindings());
    for (String name : new TreeSet<>(variables)) {
      builder.addVar(name, SimpleType.DYN);
    }
    return builder.build();
  }
}
