package io.gpuspec.examples;

import static org.assertj.core.api.Assertions.assertThat;

import io.fabric8.kubernetes.api.model.HasMetadata;
import io.fabric8.kubernetes.api.model.Quantity;
import io.fabric8.kubernetes.api.model.ResourceRequirements;
import io.fabric8.kubernetes.api.model.apps.Deployment;
import io.gpuspec.core.Platform;
import io.gpuspec.core.TestGpuspec;
import io.gpuspec.core.check.Gpuspec;
import io.gpuspec.core.report.Report;
import io.gpuspec.trainer.model.TrainJob;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.jsoup.Jsoup;
import org.jsoup.nodes.Document;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The reference platform broken on purpose, as a user might: a TrainJob asking for 16 GPUs per
 * 8-GPU node, a notebook whose GPU request differs from its limit, and the gateway pinned to a pool
 * the fleet does not have. The summary counts the violations and the capacity report shows the
 * never-schedulable workloads and the findings; nothing is written.
 */
class BrokenPlatformTest {

  @TempDir Path temp;

  private static Platform broken() {
    Platform reference = ReferencePlatform.build();
    List<HasMetadata> objects = reference.manifests().objects();
    for (HasMetadata object : objects) {
      String name = object.getMetadata().getName();
      if (object instanceof TrainJob job && name.equals("vit-a100")) {
        Map<String, Quantity> gpus = Map.of("nvidia.com/gpu", new Quantity("16"));
        ResourceRequirements perNode = new ResourceRequirements();
        perNode.setLimits(gpus);
        perNode.setRequests(gpus);
        job.getSpec().getTrainer().setResourcesPerNode(perNode);
      } else if (object instanceof Deployment d
          && name.equals("notebooks")
          && d.getMetadata().getNamespace().equals("vision")) {
        d.getSpec()
            .getTemplate()
            .getSpec()
            .getContainers()
            .get(0)
            .getResources()
            .getLimits()
            .put("nvidia.com/gpu.shared", new Quantity("2"));
      } else if (object instanceof Deployment d && name.equals("gateway")) {
        d.getSpec().getTemplate().getSpec().setNodeSelector(Map.of("node-type", "cpu-highmem"));
      }
    }
    return Platform.builder()
        .addAllPools(reference.pools())
        .addAllCpuPools(reference.cpuPools())
        .add(() -> objects)
        .build();
  }

  @Test
  void summary_countsTheViolations_andNothingIsWritten() {
    ByteArrayOutputStream console = new ByteArrayOutputStream();
    Path out = temp.resolve("manifests");

    boolean wrote =
        GenerateReferencePlatform.run(
            broken(), out, new PrintStream(console, true, StandardCharsets.UTF_8));

    String printed = console.toString(StandardCharsets.UTF_8);
    assertThat(wrote).as(printed).isFalse();
    assertThat(Files.exists(out)).isFalse();
    assertThat(printed)
        .containsPattern("violations: [1-9][0-9]* \\(rules [1-9][0-9]*, fleet [1-9]");
    // the notebook's request and limit, the gateway's absent pool, the TrainJob's 16 GPUs per node
    assertThat(printed)
        .contains("ERROR GPU001 Deployment/vision/notebooks")
        .contains("ERROR GPU006 Deployment/serving/gateway")
        .contains("ERROR TRN002 TrainJob/vision/vit-a100")
        .contains("nothing written");
  }

  @Test
  void summary_ofTheBrokenPlatform_hasFleetAndRuleViolations() {
    Gpuspec gpuspec = TestGpuspec.GPUSPEC;
    Platform platform = broken();
    Report report = gpuspec.check(platform);
    var objects = gpuspec.manifests(platform);

    PlatformSummary summary =
        PlatformSummary.of(
            objects, report, platform.fleet(), gpuspec.checkFleet(platform.fleet(), objects));

    assertThat(summary.fleetViolations()).isGreaterThanOrEqualTo(2); // the TrainJob, the gateway
    assertThat(summary.violations())
        .isEqualTo(summary.ruleViolations() + summary.fleetViolations());
    assertThat(summary.ruleViolations()).isEqualTo(report.violations().size()).isPositive();
    assertThat(summary.render()).doesNotContain("violations: 0");
  }

  @Test
  void capacityReport_showsTheNeverSchedulableWorkloadsAndTheFindings() throws Exception {
    Gpuspec gpuspec = TestGpuspec.GPUSPEC;
    Platform platform = broken();
    Path manifests = temp.resolve("manifests");

    Path page = CapacityReportPage.write(gpuspec, platform, gpuspec.check(platform), manifests);

    Document html = Jsoup.parse(Files.readString(page));
    assertThat(html.select("#never details.never summary").eachText())
        .anySatisfy(s -> assertThat(s).contains("vit-a100"))
        .anySatisfy(s -> assertThat(s).contains("gateway"));
    assertThat(html.select("#never details.never li").eachText())
        .anySatisfy(s -> assertThat(s).contains("cpu"));
    assertThat(html.select("table.findings td:eq(1)").eachText())
        .contains("GPU001", "GPU006", "TRN002");
    assertThat(html.selectFirst("[data-tile=\"never schedulable\"] b").text()).isNotEqualTo("0");
    assertThat(html.selectFirst("[data-tile=\"errors\"] b").text()).isNotEqualTo("0");
  }
}
