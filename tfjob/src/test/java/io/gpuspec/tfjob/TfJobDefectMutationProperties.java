package io.gpuspec.tfjob;

import static org.assertj.core.api.Assertions.assertThat;

import io.fabric8.kubernetes.api.model.Container;
import io.fabric8.kubernetes.api.model.PodTemplateSpecBuilder;
import io.fabric8.kubernetes.api.model.Quantity;
import io.gpuspec.core.Fleet;
import io.gpuspec.core.NodePool;
import io.gpuspec.core.TestGpuspec;
import io.gpuspec.core.check.CheckOptions;
import io.gpuspec.core.k8s.GpuResources;
import io.gpuspec.core.kubeflow.ReplicaSpec;
import io.gpuspec.core.kubeflow.RunPolicy;
import io.gpuspec.core.kubeflow.SchedulingPolicy;
import io.gpuspec.core.manifest.ManifestSet;
import io.gpuspec.core.report.Report;
import io.gpuspec.tfjob.model.TFJob;
import java.util.Arrays;
import java.util.Map;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.ForAll;
import net.jqwik.api.Label;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import org.junit.jupiter.api.Test;

/**
 * For every TFJob rule, a mutation that introduces exactly that rule's defect into a valid TFJob
 * the DSL placed on a random pool is always reported with that rule's id; the job unmutated is not.
 */
class TfJobDefectMutationProperties {

  /** Each TFJob rule and the one defect it exists to catch. */
  enum Defect {
    TFJ001 {
      @Override
      void apply(TFJob job) {
        Map<String, ReplicaSpec> specs = job.getSpec().getTfReplicaSpecs();
        specs.put("Wroker", specs.remove("Worker"));
      }
    },
    TFJ002 {
      @Override
      void apply(TFJob job) {
        ReplicaSpec worker = worker(job);
        job.getSpec()
            .getTfReplicaSpecs()
            .put("Chief", new ReplicaSpec(2, worker.getRestartPolicy(), worker.getTemplate()));
      }
    },
    TFJ003 {
      @Override
      void apply(TFJob job) {
        worker(job).getTemplate().getSpec().getContainers().get(0).setName("trainer");
      }
    },
    TFJ004 {
      @Override
      void apply(TFJob job) {
        ReplicaSpec worker = worker(job);
        ReplicaSpec chief =
            new ReplicaSpec(
                1,
                worker.getRestartPolicy(),
                new PodTemplateSpecBuilder(worker.getTemplate()).build());
        Container c = GpuResources.containers(chief.getTemplate().getSpec()).get(0);
        Quantity more = new Quantity(GpuResources.gpuCount(c) + 1 + "");
        c.getResources().getRequests().put("nvidia.com/gpu", more);
        c.getResources().getLimits().put("nvidia.com/gpu", more);
        job.getSpec().getTfReplicaSpecs().remove("Chief");
        job.getSpec().getTfReplicaSpecs().put("Chief", chief);
      }
    },
    TFJ006 {
      @Override
      void apply(TFJob job) {
        int pods =
            job.getSpec().getTfReplicaSpecs().values().stream()
                .mapToInt(ReplicaSpec::replicaCount)
                .sum();
        if (job.getSpec().getRunPolicy() == null) {
          job.getSpec().setRunPolicy(new RunPolicy());
        }
        RunPolicy run = job.getSpec().getRunPolicy();
        if (run.getSchedulingPolicy() == null) {
          run.setSchedulingPolicy(new SchedulingPolicy());
        }
        run.getSchedulingPolicy().setMinAvailable(pods + 1);
      }
    };

    abstract void apply(TFJob job);

    static ReplicaSpec worker(TFJob job) {
      return job.getSpec().getTfReplicaSpecs().get("Worker");
    }
  }

  @Provide
  Arbitrary<Map.Entry<NodePool, TfJob>> jobs() {
    return TfJobArbitraries.pools("train")
        .flatMap(pool -> TfJobArbitraries.jobs(pool).map(job -> Map.entry(pool, job)));
  }

  private static Report check(TFJob job, NodePool pool) {
    return TestGpuspec.GPUSPEC
        .engine()
        .check(ManifestSet.of(job), CheckOptions.builder().fleet(Fleet.of(pool)).build());
  }

  @Property(tries = 500)
  @Label("each TFJob rule's defect, introduced into a valid TFJob, is always reported with its id")
  void defectIsReportedByItsRule(
      @ForAll Defect defect, @ForAll("jobs") Map.Entry<NodePool, TfJob> source) {
    NodePool pool = source.getKey();
    assertThat(check(source.getValue().toTfJob(), pool).byRule(defect.name()))
        .as("%s on the valid job", defect)
        .isEmpty();

    TFJob mutated = source.getValue().toTfJob();
    defect.apply(mutated);

    assertThat(check(mutated, pool).byRule(defect.name()))
        .as("%s after its defect was introduced", defect)
        .isNotEmpty();
  }

  @Test
  void everyTfJobRule_hasADefect() {
    assertThat(Arrays.stream(Defect.values()).map(Defect::name))
        .containsExactlyInAnyOrderElementsOf(TestGpuspec.ruleIds("tfjob"));
  }
}
