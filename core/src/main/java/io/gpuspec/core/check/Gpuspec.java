package io.gpuspec.core.check;

import io.gpuspec.core.Fleet;
import io.gpuspec.core.Platform;
import io.gpuspec.core.fleet.FleetCheck;
import io.gpuspec.core.fleet.FleetFiles;
import io.gpuspec.core.fleet.FleetFindings;
import io.gpuspec.core.fleet.FleetRead;
import io.gpuspec.core.fleet.FleetReport;
import io.gpuspec.core.manifest.DocumentRecognizer;
import io.gpuspec.core.manifest.KindRegistry;
import io.gpuspec.core.manifest.ManifestReader;
import io.gpuspec.core.manifest.ManifestSet;
import io.gpuspec.core.manifest.ManifestWriter;
import io.gpuspec.core.manifest.ReadResult;
import io.gpuspec.core.manifest.ResourceKind;
import io.gpuspec.core.manifest.WriteOrder;
import io.gpuspec.core.registry.KindEntry;
import io.gpuspec.core.registry.TemplateRegistry;
import io.gpuspec.core.report.Report;
import io.gpuspec.core.report.Violation;
import io.gpuspec.core.spi.GpuspecModule;
import io.gpuspec.core.spi.Rule;
import io.gpuspec.core.spi.RuleInfo;
import io.gpuspec.core.spi.UntypedKinds;
import io.gpuspec.core.spi.WorkloadAdapter;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.ServiceConfigurationError;
import java.util.ServiceLoader;
import org.jspecify.annotations.Nullable;

/**
 * The registry of gpuspec modules visible from one class loader, and the entry point for reading,
 * checking and writing manifests with all of them.
 *
 * <pre>{@code
 * Gpuspec gpuspec = Gpuspec.load();                 // every module on the class path
 * Report report = gpuspec.check(platform);          // every rule, pools known, strict
 * gpuspec.write(platform, Path.of("out"));          // atomic, in write order
 * Report lint = gpuspec.lint(List.of(Path.of("k8s")), CheckOptions.defaults());
 * }</pre>
 *
 * <p>An instance holds no global state: a build plugin that runs a project in its own class loader
 * calls {@link #load(ClassLoader)} with it and sees that project's modules. Instances are immutable
 * and safe to share between threads; loading scans the class path, so keep one.
 */
public final class Gpuspec {

  private final List<GpuspecModule> modules;
  private final List<ResourceKind> kinds;
  private final List<DocumentRecognizer> recognizers;
  private final ClassLoader loader;
  private final WriteOrder writeOrder;
  private final RuleEngine engine;
  private volatile @Nullable KindRegistry registry;

  private Gpuspec(ClassLoader loader, List<GpuspecModule> modules) {
    this.loader = loader;
    this.modules = modules.stream().sorted(Comparator.comparing(GpuspecModule::name)).toList();
    List<ResourceKind> allKinds = new ArrayList<>();
    List<WorkloadAdapter> adapters = new ArrayList<>();
    List<DocumentRecognizer> allRecognizers = new ArrayList<>();
    List<UntypedKinds> untyped = new ArrayList<>();
    List<KindEntry> described = new ArrayList<>();
    Map<String, Rule> rules = new HashMap<>();
    for (GpuspecModule module : this.modules) {
      allKinds.addAll(module.kinds());
      allRecognizers.addAll(module.documentRecognizers());
      adapters.addAll(module.workloadAdapters());
      untyped.add(module.untypedKinds());
      // the user's own kinds win over the modules' entries for the same kind
      described.addAll(
          module instanceof DeclaredKinds ? 0 : described.size(), module.kindEntries());
      for (Rule rule : module.rules()) {
        Rule clash = rules.put(rule.id(), rule);
        if (clash != null) {
          throw new ModuleLoadException(
              "rule id "
                  + rule.id()
                  + " is used by both "
                  + clash.getClass().getName()
                  + " and "
                  + rule.getClass().getName()
                  + "; give each rule its own id, or remove the duplicate module from the class"
                  + " path",
              null);
        }
      }
    }
    this.kinds = List.copyOf(allKinds);
    this.recognizers = List.copyOf(allRecognizers);
    this.writeOrder = WriteOrder.kubernetes().with(allKinds);
    this.engine =
        new RuleEngine(
            rules.values().stream().sorted(Comparator.comparing(Rule::id)).toList(),
            adapters,
            allKinds,
            untyped,
            new TemplateRegistry(described));
  }

  /**
   * The modules visible from the thread's context class loader, or from gpuspec-core's own when
   * there is none.
   */
  public static Gpuspec load() {
    ClassLoader context = Thread.currentThread().getContextClassLoader();
    return load(context != null ? context : Gpuspec.class.getClassLoader());
  }

  /** The modules visible from {@code loader}, found with {@link ServiceLoader}. */
  public static Gpuspec load(ClassLoader loader) {
    List<GpuspecModule> modules = new ArrayList<>();
    Iterator<GpuspecModule> found = ServiceLoader.load(GpuspecModule.class, loader).iterator();
    while (true) {
      try {
        if (!found.hasNext()) {
          break;
        }
        modules.add(found.next());
      } catch (ServiceConfigurationError | LinkageError e) {
        throw new ModuleLoadException(
            "a gpuspec module on the class path cannot be loaded: "
                + e.getMessage()
                + "; use gpuspec modules of one version (the same as gpuspec-core) and remove"
                + " stale jars",
            e);
      }
    }
    return new Gpuspec(loader, modules);
  }

  /** Exactly these modules (tests, or a caller that assembles its own). */
  public static Gpuspec of(List<GpuspecModule> modules) {
    return new Gpuspec(Gpuspec.class.getClassLoader(), modules);
  }

  /** The modules, ordered by name. */
  public List<GpuspecModule> modules() {
    return modules;
  }

  /** Every rule of every module, ordered by id. */
  public List<Rule> rules() {
    return engine.rules();
  }

  /**
   * The ids of findings no rule class carries, with their metadata: the engine's ({@code
   * ENGINE001}…), the fleet check's ({@code FLEET001}…) and the modules' ({@link
   * GpuspecModule#findingIds()}, e.g. the reader's {@code YAML001}…), ordered by id.
   */
  public List<RuleInfo> findingIds() {
    List<RuleInfo> ids = new ArrayList<>(EngineFindings.ALL);
    ids.addAll(FleetFindings.ALL);
    modules.forEach(module -> ids.addAll(module.findingIds()));
    return ids.stream().sorted(Comparator.comparing(RuleInfo::id)).toList();
  }

  /** Every id a finding can carry: the rules' metadata, then {@link #findingIds()}. */
  public List<RuleInfo> ids() {
    List<RuleInfo> ids = new ArrayList<>(rules().stream().map(Rule::info).toList());
    ids.addAll(findingIds());
    return List.copyOf(ids);
  }

  /**
   * This registry with the user's own kinds declared for the pod-template registry too (read with
   * {@link io.gpuspec.core.registry.KindsFile#read}): reading decodes their pod templates strictly
   * and every check sees them, as if a module contributed them.
   */
  public Gpuspec withKinds(List<KindEntry> entries) {
    if (entries.isEmpty()) {
      return this;
    }
    List<GpuspecModule> with = new ArrayList<>(modules);
    with.add(new DeclaredKinds(entries));
    return new Gpuspec(loader, with);
  }

  /** The kinds a user declares, as a module contributing only them. */
  private record DeclaredKinds(List<KindEntry> kindEntries) implements GpuspecModule {
    @Override
    public String name() {
      return "declared-kinds";
    }
  }

  /** The engine with every rule and workload adapter. */
  public RuleEngine engine() {
    return engine;
  }

  /** The kinds the reader decodes: fabric8's from the class loader plus the modules'. */
  public KindRegistry kinds() {
    KindRegistry known = registry;
    if (known == null) {
      known = KindRegistry.load(loader, kinds).withEmbeddedTemplates(engine.templates());
      registry = known;
    }
    return known;
  }

  /** The order objects are written in, knowing the modules' kinds. */
  public WriteOrder writeOrder() {
    return writeOrder;
  }

  /** Reads files and directories; see {@link io.gpuspec.core.manifest.ManifestReader}. */
  public ReadResult read(List<Path> paths) {
    return ManifestReader.read(kinds(), recognizers, writeOrder, paths);
  }

  /** Reads YAML text; {@code sourceName} stands for the file in findings. */
  public ReadResult read(String yaml, String sourceName) {
    return ManifestReader.read(kinds(), recognizers, writeOrder, yaml, sourceName);
  }

  /**
   * Reads and checks files and directories: reader problems and rule violations in one report, and,
   * when the options know a fleet, the {@link FleetCheck}'s findings.
   */
  public Report lint(List<Path> paths, CheckOptions options) {
    KindRegistry known = kinds();
    if (!options.kinds().isEmpty()) {
      known = known.withEmbeddedTemplates(engine.templates().plus(options.kinds()));
    }
    return lint(ManifestReader.read(known, recognizers, writeOrder, paths), options);
  }

  /**
   * Checks what the reader read: its problems, every rule's violations, and, when the options know
   * a fleet, the {@link FleetCheck}'s findings ({@value FleetReport#NEVER_SCHEDULES}, {@value
   * FleetReport#GANG_TOO_LARGE}, {@value FleetReport#RUNS_IN_WAVES}).
   */
  public Report lint(ReadResult read, CheckOptions options) {
    Report report = engine.lint(read, options);
    if (options.fleet().isEmpty()) {
      return report;
    }
    List<Violation> all = new ArrayList<>(report.violations());
    all.addAll(
        new FleetCheck(options.fleet().get(), engine.views(read.manifests(), options))
            .check(read.manifests())
            .violations());
    return new Report(all, report.objectsChecked(), report.rulesChecked());
  }

  /** Every object of the platform, in write order. */
  public ManifestSet manifests(Platform platform) {
    return platform.manifests().sortedBy(writeOrder);
  }

  /** The options DSL output is checked with: the platform's pools known, warnings as errors. */
  public static CheckOptions strictOptions(Platform platform) {
    return CheckOptions.builder()
        .fleet(platform.fleet())
        .target(platform.target())
        .strict(true)
        .build();
  }

  /** Checks the platform with every rule: its pools known, every warning an error. */
  public Report check(Platform platform) {
    return engine.check(manifests(platform), strictOptions(platform));
  }

  /**
   * Whether each workload of the set can ever schedule on the fleet's node groups, and why not; see
   * {@link FleetCheck}.
   */
  public FleetReport checkFleet(Fleet fleet, ManifestSet manifests) {
    return new FleetCheck(fleet, engine.views(manifests, CheckOptions.defaults())).check(manifests);
  }

  /**
   * Reads a fleet from gpuspec fleet files ({@code gpuspec.io/v1alpha1 Fleet}, see {@code
   * docs/fleet.md}) and node lists ({@code kubectl get nodes -o yaml}); the fleet is empty when a
   * file had errors, which the problems name with file and line.
   */
  public FleetRead readFleet(List<Path> paths) {
    return FleetFiles.read(paths, this::read);
  }

  /** A fleet as a gpuspec Fleet document that {@link #readFleet} reads back. */
  public static String renderFleet(Fleet fleet, String name) {
    return FleetFiles.render(fleet, name);
  }

  /** Writes the platform's objects into {@code directory}, atomically, in write order. */
  public void write(Platform platform, Path directory) {
    ManifestWriter.write(manifests(platform), directory);
  }
}
