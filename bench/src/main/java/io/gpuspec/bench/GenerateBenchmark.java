package io.gpuspec.bench;

import io.fabric8.kubernetes.api.model.HasMetadata;
import io.fabric8.kubernetes.api.model.apps.Deployment;
import io.fabric8.kubernetes.api.model.apps.DeploymentBuilder;
import io.fabric8.kubernetes.api.model.batch.v1.Job;
import io.fabric8.kubernetes.api.model.batch.v1.JobBuilder;
import io.fabric8.kubernetes.client.utils.Serialization;
import io.gpuspec.core.NodePool;
import io.gpuspec.core.Platform;
import io.gpuspec.core.check.Gpuspec;
import io.gpuspec.core.manifest.ManifestSet;
import io.gpuspec.core.manifest.YamlRenderer;
import io.gpuspec.core.report.Report;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OperationsPerInvocation;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.Threads;
import org.openjdk.jmh.annotations.Warmup;

/**
 * Generating {@link #OBJECTS} objects (half training Jobs, half inference Deployments on an A100
 * pool), in microseconds per object, three ways:
 *
 * <ul>
 *   <li>{@link #validatedRender}: what a user's build does — the DSL's builders (each {@code
 *       build()} refusing impossible specs), every rule of every module with the pools known, then
 *       the YAML;
 *   <li>{@link #rawFabric8}: the same objects copied through fabric8's builders and written with
 *       {@code Serialization.asYaml}, no checks — what a hand-rolled generator costs;
 *   <li>{@link #renderOnly}: the floor, gpuspec's YAML writer alone on the already built objects.
 * </ul>
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MICROSECONDS)
@Warmup(iterations = 3, time = 2)
@Measurement(iterations = 5, time = 2)
@Threads(1)
@Fork(1)
public class GenerateBenchmark {

  /** Objects per invocation; scores are per object. */
  public static final int OBJECTS = 2000;

  private Gpuspec gpuspec;
  private NodePool pool;
  private ManifestSet rendered;

  @Setup(Level.Trial)
  public void setUp() {
    gpuspec = Gpuspec.load();
    pool = GenerateObjects.pool();
    rendered = platform().manifests();
    if (rendered.size() != OBJECTS) {
      throw new IllegalStateException("rendered " + rendered.size() + " objects, not " + OBJECTS);
    }
    Report report = gpuspec.check(platform());
    if (!report.violations().isEmpty()) {
      throw new IllegalStateException("the generated objects break rules: " + report.violations());
    }
  }

  /** DSL builders, every rule, YAML: the validated render. */
  @Benchmark
  @OperationsPerInvocation(OBJECTS)
  public String validatedRender() {
    Platform platform = platform();
    Report report = gpuspec.check(platform);
    if (!report.violations().isEmpty()) {
      throw new IllegalStateException(report.violations().toString());
    }
    return YamlRenderer.render(platform.manifests());
  }

  /** The same objects through fabric8's builders and {@code Serialization.asYaml}, unchecked. */
  @Benchmark
  @OperationsPerInvocation(OBJECTS)
  public int rawFabric8() {
    int length = 0;
    for (HasMetadata object : rendered.objects()) {
      HasMetadata copy =
          object instanceof Job job
              ? new JobBuilder(job).build()
              : new DeploymentBuilder((Deployment) object).build();
      length += Serialization.asYaml(copy).length();
    }
    return length;
  }

  /** gpuspec's YAML writer alone, on objects already built: the floor. */
  @Benchmark
  @OperationsPerInvocation(OBJECTS)
  public String renderOnly() {
    return YamlRenderer.render(rendered);
  }

  private Platform platform() {
    return GenerateObjects.platform(pool, OBJECTS);
  }
}
