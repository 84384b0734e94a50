package io.gpuspec.cli;

import io.gpuspec.core.spi.RuleInfo;
import java.util.List;
import java.util.Locale;

/**
 * {@code docs/rules.md}, generated from the rules' metadata (the same that {@code rules} prints).
 */
final class RulesDoc {

  private RulesDoc() {}

  /** The whole document, for every id {@code gpuspec rules} lists. */
  static String render(List<RuleInfo> rules) {
    StringBuilder doc = new StringBuilder();
    doc.append("# Rules\n\n")
        .append("Generated from the rules' metadata by `RulesDocTest` (cli module); do not edit.\n")
        .append("Regenerate with `./mvnw -pl cli -am test -Dtest=RulesDocTest")
        .append(" -Dsurefire.failIfNoSpecifiedTests=false -Dgolden.update=true`.\n\n")
        .append("Suppress a rule on one object with the annotation\n")
        .append("`gpuspec.io/ignore-check.<RULE-ID>: \"<reason>\"`. The reason is required: a")
        .append(" blank one suppresses nothing and is reported (`ENGINE002`). Rules the API server")
        .append(" enforces itself (marked \"rejected by the API server\" below)")
        .append(" cannot be suppressed: their findings stay and the annotation is reported")
        .append(" (`ENGINE003`); an annotation naming no rule is reported too (`ENGINE004`).\n\n")
        .append("The list ends with the ids of findings that no rule class carries: the reader's")
        .append(" `YAML001`–`YAML008` (files that do not read as Kubernetes objects), the engine's")
        .append(" `ENGINE001`–`ENGINE004` (a rule that failed, suppressions) and the fleet check's")
        .append(" `FLEET001`–`FLEET004` and `FLEET010`.\n\n")
        .append(table(rules, ""));
    for (RuleInfo rule : rules) {
      doc.append("\n## ")
          .append(rule.id())
          .append("\n\n**")
          .append(rule.title())
          .append("** (")
          .append(rule.severity().name().toLowerCase(Locale.ROOT))
          .append(
              rule.apiServerRejects() ? "; rejected by the API server, cannot be suppressed" : "")
          .append("; reads ")
          .append(rule.kinds().isEmpty() ? "any kind" : String.join(", ", rule.kinds()))
          .append(")\n\n")
          .append("Why: ")
          .append(rule.why())
          .append("\n\nFix: ")
          .append(rule.fix())
          .append("\n\nUpstream: ")
          .append(rule.documentation())
          .append('\n');
    }
    return doc.toString();
  }

  /**
   * The table of rules: id (linking to its section of {@code docs/rules.md}, reached through {@code
   * linkBase}), severity and what it requires.
   */
  static String table(List<RuleInfo> rules, String linkBase) {
    StringBuilder table = new StringBuilder("| id | severity | requires |\n|---|---|---|\n");
    for (RuleInfo rule : rules) {
      table
          .append("| [")
          .append(rule.id())
          .append("](")
          .append(linkBase)
          .append("#")
          .append(rule.docsAnchor())
          .append(") | ")
          .append(rule.severity().name().toLowerCase(Locale.ROOT))
          .append(" | ")
          .append(rule.title().replace("|", "\\|"))
          .append(" |\n");
    }
    return table.toString();
  }
}
