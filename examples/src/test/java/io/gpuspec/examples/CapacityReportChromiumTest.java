package io.gpuspec.examples;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assertions.fail;

import java.awt.image.BufferedImage;
import java.io.ByteArrayOutputStream;
import java.io.File;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import javax.imageio.ImageIO;
import org.jsoup.Jsoup;
import org.jsoup.nodes.Document;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The main job's capacity report, opened in headless Chromium: the DOM Chromium builds has every
 * section and one figure per pool, and a screenshot of the page is far from blank, with the bars'
 * colours on it. Without Chromium the test is skipped, except in CI ({@code CI=true}), where it
 * fails: CI installs Chromium itself.
 */
class CapacityReportChromiumTest {

  private static final List<String> BROWSERS =
      List.of("chromium", "chromium-browser", "google-chrome");

  @TempDir static Path temp;
  private static Path browser;
  private static Path page;

  @BeforeAll
  static void browserAndPage() {
    Optional<Path> found = findBrowser();
    if (found.isEmpty()) {
      String message =
          "no "
              + String.join(", ", BROWSERS)
              + " on PATH; install Chromium (Debian: apt-get install -y chromium) to run this test";
      if ("true".equals(System.getenv("CI"))) {
        fail("CI=true: " + message);
      }
      Assumptions.abort(message);
    }
    browser = found.get();
    Path manifests = temp.resolve("manifests");
    boolean wrote =
        GenerateReferencePlatform.run(
            ReferencePlatform.build(),
            manifests,
            new PrintStream(new ByteArrayOutputStream(), true, StandardCharsets.UTF_8));
    assertThat(wrote).isTrue();
    page = temp.resolve(CapacityReportPage.FILE);
  }

  @Test
  void dom_hasEverySectionAndOneFigurePerPool() throws Exception {
    String dom = chromium("--dump-dom", page.toUri().toString());

    Document document = Jsoup.parse(dom);
    assertThat(document.select("main > section").eachAttr("id"))
        .containsExactly("summary", "pools", "gangs", "never", "findings", "workloads");
    assertThat(document.select("figure.pool figcaption").eachText())
        .containsExactlyElementsOf(
            ReferencePlatform.build().fleet().groups().stream()
                .map(io.gpuspec.core.NodeGroup::name)
                .toList());
    assertThat(document.select("figure.pool svg rect.always-on, figure.pool svg rect.batch"))
        .isNotEmpty();
    assertThat(document.selectFirst("[data-tile=\"never schedulable\"] b").text()).isEqualTo("0");
    assertThat(document.selectFirst("[data-tile=\"errors\"] b").text()).isEqualTo("0");
  }

  @Test
  void screenshot_isNotBlankAndShowsTheBars() throws Exception {
    Path png = temp.resolve("report.png");
    chromium("--window-size=1280,1600", "--screenshot=" + png, page.toUri().toString());

    BufferedImage image = ImageIO.read(png.toFile());
    assertThat(image).as("a PNG at " + png).isNotNull();
    long inked = 0;
    long coloured = 0;
    for (int y = 0; y < image.getHeight(); y++) {
      for (int x = 0; x < image.getWidth(); x++) {
        int rgb = image.getRGB(x, y);
        int r = (rgb >> 16) & 0xff;
        int g = (rgb >> 8) & 0xff;
        int b = rgb & 0xff;
        if (r < 235 || g < 235 || b < 235) {
          inked++;
        }
        if (Math.max(r, Math.max(g, b)) - Math.min(r, Math.min(g, b)) > 80) {
          coloured++;
        }
      }
    }
    long pixels = (long) image.getWidth() * image.getHeight();
    assertThat(inked).as("pixels that are not white of " + pixels).isGreaterThan(pixels / 20);
    assertThat(coloured).as("strongly coloured pixels (header, bars)").isGreaterThan(5_000);
  }

  /** Runs headless Chromium on the page; its standard output. */
  private static String chromium(String... args) throws IOException, InterruptedException {
    List<String> command = new ArrayList<>();
    command.add(browser.toString());
    command.addAll(
        List.of(
            "--headless",
            "--no-sandbox",
            "--disable-gpu",
            "--hide-scrollbars",
            "--user-data-dir=" + temp.resolve("profile")));
    command.addAll(List.of(args));
    Path log = temp.resolve("chromium.log");
    Process process =
        new ProcessBuilder(command)
            .redirectError(ProcessBuilder.Redirect.appendTo(log.toFile()))
            .start();
    byte[] out = process.getInputStream().readAllBytes();
    if (!process.waitFor(120, TimeUnit.SECONDS)) {
      process.destroyForcibly();
      fail("chromium did not finish in 120 s: " + command);
    }
    assertThat(process.exitValue()).as("chromium exit; its log: " + log).isZero();
    return new String(out, StandardCharsets.UTF_8);
  }

  private static Optional<Path> findBrowser() {
    String path = Optional.ofNullable(System.getenv("PATH")).orElse("");
    return Stream.of(path.split(File.pathSeparator))
        .filter(dir -> !dir.isEmpty())
        .flatMap(dir -> BROWSERS.stream().map(name -> Path.of(dir, name)))
        .filter(Files::isExecutable)
        .findFirst();
  }
}
