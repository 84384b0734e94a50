package io.gpuspec.core.check;

import io.fabric8.kubernetes.api.model.HasMetadata;
import io.gpuspec.core.Fleet;
import io.gpuspec.core.GpuCatalogue;
import io.gpuspec.core.LabelScheme;
import io.gpuspec.core.manifest.ManifestSet;
import io.gpuspec.core.manifest.NameFormat;
import io.gpuspec.core.report.Finding;
import io.gpuspec.core.report.ObjectRef;
import io.gpuspec.core.report.Severity;
import io.gpuspec.core.report.Violation;
import io.gpuspec.core.spi.CheckContext;
import io.gpuspec.core.spi.FieldOrigin;
import io.gpuspec.core.spi.Rule;
import io.gpuspec.core.spi.Workload;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.function.Consumer;
import java.util.function.Function;
import java.util.function.Supplier;
import org.jspecify.annotations.Nullable;

/** The {@link CheckContext} of one rule's run over one set. */
final class EngineContext implements CheckContext {

  private final Rule rule;
  private final CheckOptions options;
  private final ManifestSet manifests;
  private final Function<HasMetadata, Optional<Workload>> adapters;
  private final Function<HasMetadata, Optional<NameFormat>> nameFormats;
  private final Consumer<Violation> sink;
  private final Map<Object, Object> shared;
  private static final Object WORKLOADS = new Object(); // the shared key of workloads()
  private @Nullable List<Workload> workloads;
  // one finding once: workloads merged from one object (jobs of one runtime) report it alike
  private final Set<Violation> reported = new HashSet<>();
  private final Set<Violation> moved = new HashSet<>();

  /**
   * The context of {@code rule}'s run; {@code adapters} and {@code nameFormats} are the engine's
   * workload view and declared name formats of an object; {@code shared} holds the values the rules
   * of this check share for this set ({@link CheckContext#shared}).
   */
  EngineContext(
      Function<HasMetadata, Optional<Workload>> adapters,
      Function<HasMetadata, Optional<NameFormat>> nameFormats,
      Rule rule,
      CheckOptions options,
      ManifestSet manifests,
      Map<Object, Object> shared,
      Consumer<Violation> sink) {
    this.adapters = adapters;
    this.nameFormats = nameFormats;
    this.rule = rule;
    this.options = options;
    this.manifests = manifests;
    this.shared = shared;
    this.sink = sink;
  }

  /**
   * Drops the findings another workload's view moved onto an object (a TrainJob's onto its runtime)
   * where the object's own view reports the same rule at the same field with the same severity: the
   * object's own finding says it once. A more severe moved finding stays (a queued TrainJob's error
   * where its runtime alone, queued nowhere, is a warning).
   */
  void dropRedundant(List<Violation> found) {
    if (moved.isEmpty()) {
      return;
    }
    Set<List<Object>> own = new HashSet<>();
    for (Violation v : found) {
      if (!moved.contains(v)) {
        own.add(List.of(v.ruleId(), v.severity(), v.object(), v.path()));
      }
    }
    found.removeIf(
        v ->
            moved.contains(v)
                && own.contains(List.of(v.ruleId(), v.severity(), v.object(), v.path())));
  }

  @Override
  public Optional<Fleet> fleet() {
    return options.fleet();
  }

  @Override
  public io.gpuspec.core.TargetVersions target() {
    return options.target();
  }

  @Override
  public List<java.nio.file.Path> crdFiles() {
    return options.crdFiles();
  }

  @Override
  public Optional<java.nio.file.Path> input(String name) {
    return Optional.ofNullable(options.inputs().get(name));
  }

  @Override
  public GpuCatalogue catalogue() {
    return options.catalogue();
  }

  @Override
  public List<LabelScheme> labelSchemes() {
    return options.effectiveLabelSchemes();
  }

  @Override
  public List<Workload> workloads() {
    List<Workload> known = workloads;
    if (known == null) {
      // the same views for every rule of the check: listed once per set
      known =
          shared(
              WORKLOADS,
              () -> {
                List<Workload> found = new ArrayList<>();
                manifests.forEach(object -> workload(object).ifPresent(found::add));
                return List.copyOf(found);
              });
      workloads = known;
    }
    return known;
  }

  @Override
  public Optional<Workload> workload(HasMetadata object) {
    return adapters.apply(object);
  }

  @Override
  public Optional<NameFormat> declaredNameFormat(HasMetadata object) {
    return nameFormats.apply(object);
  }

  @Override
  @SuppressWarnings("unchecked")
  public <T> T shared(Object key, Supplier<T> compute) {
    Object value = shared.get(key);
    if (value == null) {
      value = compute.get();
      shared.put(key, value);
    }
    return (T) value;
  }

  @Override
  public void report(HasMetadata object, String path, String message, String fix) {
    report(rule.info().severity(), object, path, message, fix);
  }

  @Override
  public void report(
      Severity severity, HasMetadata object, String path, String message, String fix) {
    emit(severity, object, path, message, fix, true);
  }

  @Override
  public void reject(HasMetadata object, Finding finding) {
    emit(Severity.ERROR, object, finding.path(), finding.message(), finding.fix(), false);
  }

  private void emit(
      Severity severity,
      HasMetadata object,
      String path,
      String message,
      String fix,
      boolean suppressible) {
    // A finding on a merged pod template goes to the object and field that wrote the value.
    FieldOrigin origin =
        workload(object).map(w -> w.origin(path)).orElseGet(() -> new FieldOrigin(object, path));
    if (suppressible
        && (Suppressions.suppresses(object, rule.info())
            || Suppressions.suppresses(origin.object(), rule.info()))) {
      return;
    }
    Violation violation =
        new Violation(
            rule.id(),
            options.strict() ? Severity.ERROR : severity,
            ObjectRef.of(origin.object()),
            origin.path(),
            message,
            fix,
            manifests.sourceOf(origin.object(), origin.path()));
    if (reported.add(violation)) {
      if (origin.object() != object) {
        moved.add(violation);
      }
      sink.accept(violation);
    }
  }
}
