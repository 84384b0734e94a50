package io.gpuspec.build;

import io.gpuspec.core.report.Report;
import io.gpuspec.core.report.Violation;
import io.gpuspec.core.report.format.ReportFormat;
import java.io.StringWriter;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import javax.xml.stream.XMLOutputFactory;
import javax.xml.stream.XMLStreamException;
import javax.xml.stream.XMLStreamWriter;

/**
 * A report as JUnit XML, the format CI servers collect test results in: one {@code testsuite}, one
 * {@code testcase} per file read (clean files too) or per object built in code, a {@code failure}
 * listing the findings that fail the build, and the other findings as {@code system-out}.
 */
final class JUnitReport {

  private JUnitReport() {}

  /**
   * Renders the report.
   *
   * @param suite the test suite's name, e.g. {@code gpuspec-lint}
   * @param files every file that was read, so that clean ones show as passing test cases
   * @param base the directory file names are shown relative to
   */
  public static String render(
      String suite, Report report, List<Path> files, FailurePolicy policy, Path base) {
    Map<String, List<Violation>> cases = new TreeMap<>();
    files.forEach(file -> cases.put(name(file, base), new ArrayList<>()));
    for (Violation v : report.violations()) {
      String name = v.source().map(s -> name(s.file(), base)).orElse(v.object().toString());
      cases.computeIfAbsent(name, n -> new ArrayList<>()).add(v);
    }
    long failures =
        cases.values().stream().filter(vs -> vs.stream().anyMatch(policy::fails)).count();
    StringWriter text = new StringWriter();
    try {
      XMLStreamWriter xml = XMLOutputFactory.newFactory().createXMLStreamWriter(text);
      xml.writeStartDocument("UTF-8", "1.0");
      xml.writeCharacters("\n");
      xml.writeStartElement("testsuite");
      xml.writeAttribute("name", suite);
      xml.writeAttribute("tests", Integer.toString(cases.size()));
      xml.writeAttribute("failures", Long.toString(failures));
      xml.writeAttribute("errors", "0");
      xml.writeAttribute("skipped", "0");
      for (Map.Entry<String, List<Violation>> testCase : cases.entrySet()) {
        xml.writeCharacters("\n  ");
        writeCase(xml, suite, testCase.getKey(), testCase.getValue(), policy);
      }
      xml.writeCharacters("\n");
      xml.writeEndElement();
      xml.writeEndDocument();
      xml.close();
    } catch (XMLStreamException e) {
      throw new IllegalStateException("JUnit XML could not be written in memory", e);
    }
    return text + "\n";
  }

  private static void writeCase(
      XMLStreamWriter xml,
      String suite,
      String name,
      List<Violation> findings,
      FailurePolicy policy)
      throws XMLStreamException {
    List<Violation> failing = findings.stream().filter(policy::fails).toList();
    List<Violation> others = findings.stream().filter(v -> !policy.fails(v)).toList();
    xml.writeStartElement("testcase");
    xml.writeAttribute("classname", suite);
    xml.writeAttribute("name", name);
    if (!failing.isEmpty()) {
      xml.writeStartElement("failure");
      xml.writeAttribute(
          "message",
          clean(
              failing.size()
                  + (failing.size() == 1 ? " finding fails" : " findings fail")
                  + " the build: "
                  + failing.get(0).ruleId()
                  + " "
                  + failing.get(0).message()));
      xml.writeAttribute("type", failing.get(0).ruleId());
      xml.writeCharacters(lines(failing));
      xml.writeEndElement();
    }
    if (!others.isEmpty()) {
      xml.writeStartElement("system-out");
      xml.writeCharacters(lines(others));
      xml.writeEndElement();
    }
    xml.writeEndElement();
  }

  private static String lines(List<Violation> findings) {
    StringBuilder text = new StringBuilder("\n");
    findings.forEach(v -> text.append(clean(ReportFormat.line(v))).append('\n'));
    return text.toString();
  }

  /** XML 1.0 cannot hold most control characters, even escaped. */
  private static String clean(String text) {
    return text.replaceAll("[\\x00-\\x08\\x0B\\x0C\\x0E-\\x1F]", "?");
  }

  private static String name(Path file, Path base) {
    Path shown =
        file.isAbsolute() && file.startsWith(base.toAbsolutePath())
            ? base.toAbsolutePath().relativize(file)
            : file;
    return shown.toString().replace('\\', '/');
  }
}
