package io.gpuspec.cli;

import static org.assertj.core.api.Assertions.assertThat;

import io.gpuspec.core.check.Gpuspec;
import io.gpuspec.examples.GenerateReferencePlatform;
import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import org.jsoup.Jsoup;
import org.jsoup.nodes.Document;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code gpuspec check --format html}: the capacity report page, to a file or stdout. */
class CheckHtmlTest {

  private static final Gpuspec GPUSPEC = Gpuspec.load();
  private static Path manifests;
  private static Path fleet;

  @TempDir static Path shared;
  @TempDir Path dir;

  record Run(int exit, String out, String err) {}

  private static Run run(String... args) {
    StringWriter out = new StringWriter();
    StringWriter err = new StringWriter();
    int exit = Main.run(GPUSPEC, new PrintWriter(out, true), new PrintWriter(err, true), args);
    return new Run(exit, out.toString(), err.toString());
  }

  @BeforeAll
  static void generateTheReferencePlatform() {
    manifests = shared.resolve("manifests");
    GenerateReferencePlatform.main(new String[] {manifests.toString()});
    fleet = shared.resolve("fleet.yaml");
  }

  @Test
  void html_toFile_referencePlatformHasEveryPoolAndNothingNeverSchedulable() throws IOException {
    Path page = dir.resolve("out/report.html");
    Run run =
        run(
            "check",
            "--format",
            "html",
            "-o",
            page.toString(),
            "--fleet",
            fleet.toString(),
            manifests.toString());

    assertThat(run.exit()).as(run.err()).isZero();
    assertThat(run.out()).isEmpty();
    assertThat(run.err()).contains("0 can never run as written; wrote " + page);
    Document html = Jsoup.parse(Files.readString(page));
    assertThat(html.select("figure.pool")).isNotEmpty();
    assertThat(html.selectFirst("[data-tile=\"never schedulable\"] b").text()).isEqualTo("0");
    assertThat(html.select("#never p.good").text()).isEqualTo("Every pod template fits some pool.");
  }

  @Test
  void html_toStdout_showsTheWorkloadThatNeverSchedulesAndExitsOne() throws IOException {
    Path pod =
        Files.writeString(
            dir.resolve("pod.yaml"),
            """
            apiVersion: v1
            kind: Pod
            metadata: {name: lost, namespace: ml}
            spec:
              nodeSelector: {nvidia.com/gpu.product: NVIDIA-NO-SUCH-GPU}
              containers:
              - name: c
                image: trainer:1
                resources: {limits: {nvidia.com/gpu: "1"}}
            """);
    Run run = run("check", "--format", "html", "--fleet", fleet.toString(), pod.toString());

    assertThat(run.exit()).isEqualTo(1);
    Document html = Jsoup.parse(run.out());
    assertThat(html.selectFirst("details.never summary").text()).isEqualTo("Pod/ml/lost");
    assertThat(html.select("table.findings td:eq(1)").eachText()).contains("FLEET001");
  }

  @Test
  void unknownFormat_exitsTwoNamingTheChoices() {
    Run run = run("check", "--format", "pdf", "--fleet", fleet.toString(), manifests.toString());
    assertThat(run.exit()).isEqualTo(2);
    assertThat(run.err()).contains("--format pdf: unknown; use text or html");
  }
}
