package io.gpuspec.core.report.format;

import static org.assertj.core.api.Assertions.assertThat;

import io.fabric8.kubernetes.api.model.HasMetadata;
import io.fabric8.kubernetes.api.model.PodSpecBuilder;
import io.fabric8.kubernetes.api.model.Quantity;
import io.gpuspec.core.Fleet;
import io.gpuspec.core.NodeGroup;
import io.gpuspec.core.TestGpuspec;
import io.gpuspec.core.fleet.FleetReport;
import io.gpuspec.core.manifest.ManifestSet;
import io.gpuspec.core.report.Report;
import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.UnaryOperator;
import org.jsoup.Jsoup;
import org.jsoup.nodes.Document;
import org.jsoup.nodes.Element;
import org.jsoup.select.Elements;
import org.junit.jupiter.api.Test;

class HtmlReportTest {

  private static final String HOSTILE =
      "x\"'></title></svg></td></table><script>alert(1)</script><img src=x onerror=alert(2)>&amp;&";

  private static Document render(ReportInputs inputs, String title) {
    String page =
        HtmlReport.render(title, inputs.manifests, inputs.findings, Optional.of(inputs.fleet));
    return Jsoup.parse(page);
  }

  @Test
  void page_showsSummaryPoolsGangsNeverSchedulableAndFindings() {
    Document page = render(new ReportInputs(UnaryOperator.identity()), "reference");

    assertThat(page.select("main > section").eachAttr("id"))
        .containsExactly("summary", "pools", "gangs", "never", "findings", "workloads");
    assertThat(tile(page, "pools")).isEqualTo("3");
    assertThat(tile(page, "GPUs")).isEqualTo("52");
    assertThat(tile(page, "GPUs always-on")).isEqualTo("4");
    assertThat(tile(page, "GPUs batch")).isEqualTo("32");
    assertThat(tile(page, "never schedulable")).isEqualTo("1");

    assertThat(page.select("figure.pool figcaption").eachText())
        .containsExactly("a100", "h100", "spare");
    Element a100 = page.select("figure.pool").get(0);
    assertThat(a100.select("p.numbers").text())
        .isEqualTo("32 GPUs; requested here only 20 (always-on 4, batch 16); may also land here 0");
    assertThat(a100.select("rect.always-on title").eachText())
        .containsExactly("serving: 4 GPUs always-on", "high: 4 GPUs always-on");
    assertThat(a100.select("rect.batch title").eachText())
        .containsExactly("research: 16 GPUs batch", "low: 16 GPUs batch");
    assertThat(page.select("p.legend").get(1).select(".key").eachText())
        .as("tiers, highest priority value first")
        .containsExactly("high", "low");

    assertThat(page.select("table.gangs tr.good td").eachText())
        .startsWith("Job/research/gang", "2", "8", "a100", "4", "fits");
    assertThat(page.select("table.domains td").eachText())
        .contains("rack", "must", "rack=r1", "fits one domain");

    Element never = page.selectFirst("details.never");
    assertThat(never.selectFirst("summary").text()).isEqualTo("Deployment/research/huge");
    assertThat(never.select("li").eachText())
        .containsExactly(
            "a100: needs 16 nvidia.com/gpu per pod, nodes have 8",
            "h100: nodeSelector gpu=a100 but nodes have gpu=h100",
            "spare: nodeSelector gpu=a100 but nodes have gpu=l4");

    assertThat(page.select("table.findings td:eq(1)").eachText()).contains("FLEET001", "GPU001");
    assertThat(page.select("table.placements tr")).hasSize(1 + 4);
  }

  @Test
  void page_isSelfContained() {
    Document page = render(new ReportInputs(UnaryOperator.identity()), "reference");
    assertThat(page.select("script, link, iframe, object, embed, img")).isEmpty();
    assertThat(page.select("[src], [href]")).isEmpty();
    assertThat(page.selectFirst("meta[http-equiv=Content-Security-Policy]").attr("content"))
        .startsWith("default-src 'none'");
  }

  @Test
  void page_withoutFleet_showsFindingsOnly() {
    ReportInputs inputs = new ReportInputs(UnaryOperator.identity());
    Document page =
        Jsoup.parse(HtmlReport.render("lint", inputs.manifests, inputs.findings, Optional.empty()));
    assertThat(page.select("main > section").eachAttr("id")).containsExactly("summary", "findings");
  }

  @Test
  void hostileNamesLabelsAndMessages_doNotChangeThePagesStructure() {
    Document plain = render(new ReportInputs(n -> n), "title");
    Document hostile = render(new ReportInputs(n -> n + HOSTILE), HOSTILE);

    assertThat(structure(hostile)).isEqualTo(structure(plain));
    assertThat(hostile.select("script, img")).isEmpty();
    assertThat(hostile.select("p.subject").text()).isEqualTo(HOSTILE);
    assertThat(hostile.select("figure.pool figcaption").eachText())
        .containsExactly("a100" + HOSTILE, "h100" + HOSTILE, "spare" + HOSTILE);
    assertThat(hostile.select("table.findings td").eachText())
        .contains("message text" + HOSTILE, "fix text" + HOSTILE);
  }

  @Test
  void escape_replacesMarkupCharactersAndControlCharacters() {
    assertThat(Html.escape("<a href='x'>&\"\u0000\u0085\n"))
        .isEqualTo("&lt;a href=&#39;x&#39;&gt;&amp;&quot;\uFFFD\uFFFD\n");
  }

  @Test
  void thousandWorkloadsOnHundredPools_staysReadable() {
    List<NodeGroup> groups = new ArrayList<>();
    for (int i = 0; i < 100; i++) {
      groups.add(
          new NodeGroup(
              "pool-" + i,
              4,
              Map.of("pool", "pool-" + i),
              List.of(),
              Map.of("nvidia.com/gpu", BigDecimal.valueOf(8))));
    }
    List<HasMetadata> objects = new ArrayList<>();
    for (int i = 0; i < 1000; i++) {
      objects.add(
          ReportInputs.deployment(
              "team-" + (i % 25),
              "w-" + i,
              1,
              new PodSpecBuilder()
                  .withNodeSelector(Map.of("pool", "pool-" + (i % 110)))
                  .addNewContainer()
                  .withName("main")
                  .withImage("img:1")
                  .withNewResources()
                  .withLimits(Map.of("nvidia.com/gpu", new Quantity("1")))
                  .endResources()
                  .endContainer()
                  .build()));
    }
    ManifestSet manifests = ManifestSet.of(objects);
    FleetReport fleet = TestGpuspec.GPUSPEC.checkFleet(Fleet.ofGroups(groups), manifests);
    Report findings = new Report(fleet.violations(), objects.size(), 80);

    String html = HtmlReport.render("large", manifests, findings, Optional.of(fleet));
    Document page = Jsoup.parse(html);

    assertThat(html.length()).as("bytes of the page").isLessThan(1_500_000);
    assertThat(page.select("main > section").first().id()).isEqualTo("summary");
    assertThat(tile(page, "never schedulable")).isEqualTo("90");
    assertThat(page.select("figure.pool")).hasSize(100);
    assertThat(page.select("p.legend").get(0).select(".key"))
        .hasSize(PoolUsage.KEYS_SHOWN)
        .last()
        .satisfies(k -> assertThat(k.text()).isEqualTo(PoolUsage.OTHER));
    assertThat(page.select("details.never")).hasSize(HtmlReport.NEVER_DETAILED);
    assertThat(page.select("details.never").first().select("li"))
        .hasSize(HtmlReport.REASONS + 1)
        .last()
        .satisfies(li -> assertThat(li.text()).isEqualTo("… and 88 more pools"));
    assertThat(page.select("table.placements tr")).hasSize(1 + HtmlReport.ROWS);
    assertThat(page.select("#workloads p.more").text())
        .isEqualTo("… and 700 more pod templates; the text and JSON formats list them all.");
  }

  private static String tile(Document page, String label) {
    return page.selectFirst("[data-tile=\"" + label + "\"] b").text();
  }

  /** Every element's tag and attribute names, in document order: the page's shape. */
  private static List<String> structure(Document page) {
    Elements all = page.getAllElements();
    List<String> shape = new ArrayList<>();
    for (Element e : all) {
      StringBuilder s = new StringBuilder(e.tagName());
      e.attributes().forEach(a -> s.append(' ').append(a.getKey()));
      shape.add(s.toString());
    }
    return shape;
  }
}
