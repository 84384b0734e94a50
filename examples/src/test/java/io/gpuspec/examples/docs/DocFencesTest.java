package io.gpuspec.examples.docs;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * Every code block of the README and {@code docs/} says what it is, so that none escapes the tests:
 * {@code java} is compiled and run ({@link JavaSnippetsTest}), {@code sh} lines that call gpuspec
 * are run by the CLI module's {@code ShellSnippetsTest}, any other shell line sits in a block that
 * says why it is not run, and {@code text} is output or a picture (docs/snippets.md).
 */
class DocFencesTest {

  private static final DocSnippets DOCS = DocSnippets.of(DocSnippets.root());

  @Test
  void everyFence_namesAKnownLanguage() {
    assertThat(DOCS.snippets())
        .filteredOn(s -> !DocSnippets.LANGUAGES.contains(s.language()))
        .extracting(DocSnippets.Snippet::where)
        .as("blocks without one of %s after the ```", DocSnippets.LANGUAGES)
        .isEmpty();
  }

  @Test
  void everyOutputBlock_followsTheJavaBlockThatPrintsIt() {
    List<String> unchecked =
        DOCS.snippets().stream()
            .filter(DocSnippets.Snippet::output)
            .filter(
                o ->
                    DOCS.in("java").stream()
                        .noneMatch(j -> DOCS.outputOf(j).filter(o::equals).isPresent()))
            .map(DocSnippets.Snippet::where)
            .toList();
    assertThat(unchecked).as("<!-- output: --> blocks not right after a java block").isEmpty();
  }

  @Test
  void everyShellLine_callsGpuspecOrSaysWhyItIsNotRun() {
    List<String> unexplained =
        DOCS.in("sh").stream()
            .filter(s -> s.notRun().isEmpty())
            .flatMap(
                s ->
                    DocSnippets.commands(s).stream()
                        .filter(c -> DocSnippets.cliArguments(c).isEmpty())
                        .map(c -> s.where() + ": " + c))
            .toList();
    assertThat(unexplained)
        .as("shell lines no test runs; add <!-- not-run: REASON --> above their block")
        .isEmpty();
    assertThat(DOCS.in("sh").stream().flatMap(s -> DocSnippets.commands(s).stream()))
        .filteredOn(c -> DocSnippets.cliArguments(c).isPresent())
        .hasSizeGreaterThanOrEqualTo(8);
  }
}
