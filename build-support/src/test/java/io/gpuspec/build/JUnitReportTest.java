package io.gpuspec.build;

import static org.assertj.core.api.Assertions.assertThat;

import io.gpuspec.core.report.ObjectRef;
import io.gpuspec.core.report.Report;
import io.gpuspec.core.report.Severity;
import io.gpuspec.core.report.SourceLocation;
import io.gpuspec.core.report.Violation;
import java.io.ByteArrayInputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import javax.xml.parsers.DocumentBuilderFactory;
import org.junit.jupiter.api.Test;
import org.w3c.dom.Document;
import org.w3c.dom.Element;
import org.w3c.dom.NodeList;

class JUnitReportTest {

  private static final Path BASE = Path.of("/project").toAbsolutePath();

  private static Violation at(String rule, Severity severity, String file, String message) {
    return new Violation(
        rule,
        severity,
        new ObjectRef("apps/v1", "Deployment", "ml", "d"),
        "spec",
        message,
        "fix it",
        Optional.of(new SourceLocation(BASE.resolve(file), 0, 3, 5)));
  }

  private static Document parse(String xml) throws Exception {
    return DocumentBuilderFactory.newInstance()
        .newDocumentBuilder()
        .parse(new ByteArrayInputStream(xml.getBytes(StandardCharsets.UTF_8)));
  }

  @Test
  void render_oneCasePerFile_failuresForWhatFailsTheBuild_cleanFilesPass() throws Exception {
    Report report =
        new Report(
            List.of(
                at("GPU001", Severity.ERROR, "k8s/a.yaml", "requests <2> & limits \"1\"\u0007"),
                at("GPU002", Severity.WARNING, "k8s/a.yaml", "no toleration"),
                at("GPU002", Severity.WARNING, "k8s/b.yaml", "no toleration")),
            3,
            20);
    List<Path> files =
        List.of(BASE.resolve("k8s/a.yaml"), BASE.resolve("k8s/b.yaml"), BASE.resolve("k8s/c.yaml"));

    Document xml =
        parse(JUnitReport.render("gpuspec-lint", report, files, FailurePolicy.DEFAULT, BASE));

    Element suite = xml.getDocumentElement();
    assertThat(suite.getAttribute("tests")).isEqualTo("3");
    assertThat(suite.getAttribute("failures")).isEqualTo("1");
    NodeList cases = suite.getElementsByTagName("testcase");
    assertThat(((Element) cases.item(0)).getAttribute("name")).isEqualTo("k8s/a.yaml");
    Element failure = (Element) ((Element) cases.item(0)).getElementsByTagName("failure").item(0);
    assertThat(failure.getAttribute("type")).isEqualTo("GPU001");
    assertThat(failure.getTextContent()).contains("requests <2> & limits \"1\"?");
    assertThat(
            ((Element) cases.item(0)).getElementsByTagName("system-out").item(0).getTextContent())
        .contains("WARNING GPU002");
    assertThat(((Element) cases.item(1)).getElementsByTagName("failure").getLength()).isZero();
    assertThat(((Element) cases.item(2)).getAttribute("name")).isEqualTo("k8s/c.yaml");
    assertThat(((Element) cases.item(2)).getChildNodes().getLength()).isZero();
  }

  @Test
  void render_warningThreshold_failsOnWarnings() throws Exception {
    Report report = new Report(List.of(at("GPU002", Severity.WARNING, "b.yaml", "x")), 1, 1);

    Document xml =
        parse(JUnitReport.render("s", report, List.of(), FailurePolicy.of(true, "warning"), BASE));

    assertThat(xml.getDocumentElement().getAttribute("failures")).isEqualTo("1");
  }
}
