package io.gpuspec.core;

import io.fabric8.kubernetes.api.model.HasMetadata;
import io.gpuspec.core.check.Gpuspec;
import io.gpuspec.core.check.RuleEngine;
import io.gpuspec.core.manifest.ReadResult;
import io.gpuspec.core.spi.GpuspecModule;
import io.gpuspec.core.spi.Rule;
import io.gpuspec.core.spi.Workload;
import io.gpuspec.core.spi.WorkloadAdapter;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Optional;

/** The registry of the modules on the test class path, and shortcuts tests share. */
public final class TestGpuspec {

  /** Every module on the test class path. */
  public static final Gpuspec GPUSPEC = Gpuspec.load();

  private TestGpuspec() {}

  public static ReadResult read(String yaml, String sourceName) {
    return GPUSPEC.read(yaml, sourceName);
  }

  public static ReadResult read(Path... paths) {
    return GPUSPEC.read(List.of(paths));
  }

  public static ReadResult read(List<Path> paths) {
    return GPUSPEC.read(paths);
  }

  /** The ids of the rules one module (by its name, e.g. {@code core}) contributes. */
  public static List<String> ruleIds(String module) {
    return GPUSPEC.modules().stream()
        .filter(m -> m.name().equals(module))
        .flatMap(m -> m.rules().stream().map(Rule::id))
        .toList();
  }

  public static Optional<Workload> workload(HasMetadata object) {
    return GPUSPEC.engine().workload(object);
  }

  /** An engine with exactly these rules and every module's workload adapters. */
  public static RuleEngine engine(Rule... rules) {
    List<GpuspecModule> modules = new ArrayList<>(GPUSPEC.modules());
    modules.removeIf(m -> m.workloadAdapters().isEmpty());
    List<GpuspecModule> withRules = new ArrayList<>();
    for (GpuspecModule module : modules) {
      withRules.add(
          new GpuspecModule() {
            @Override
            public String name() {
              return module.name();
            }

            @Override
            public List<WorkloadAdapter> workloadAdapters() {
              return module.workloadAdapters();
            }
          });
    }
    withRules.add(
        new GpuspecModule() {
          @Override
          public String name() {
            return "test";
          }

          @Override
          public List<Rule> rules() {
            return Arrays.asList(rules);
          }
        });
    return Gpuspec.of(withRules).engine();
  }
}
