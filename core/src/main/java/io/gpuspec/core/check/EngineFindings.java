package io.gpuspec.core.check;

import io.gpuspec.core.report.Severity;
import io.gpuspec.core.spi.RuleInfo;
import java.util.List;

/** The metadata of the engine's own findings: a rule that failed, and suppression annotations. */
final class EngineFindings {

  private static final String SUPPRESSIONS =
      "https://kubernetes.io/docs/concepts/overview/working-with-objects/annotations/";

  /** ENGINE001–ENGINE004, in id order. */
  static final List<RuleInfo> ALL =
      List.of(
          RuleInfo.builder()
              .id(RuleEngine.ENGINE_FAILURE)
              .severity(Severity.ERROR)
              .title("Every rule checks the object to the end")
              .why(
                  "A rule failed with an exception on the object, so the object is not fully"
                      + " checked; the other rules and objects still are.")
              .fix("Report the rule and the object to the rule's module; the finding names both.")
              .addKinds("*")
              .documentation("https://kubernetes.io/docs/concepts/overview/working-with-objects/")
              .build(),
          RuleInfo.builder()
              .id(RuleEngine.SUPPRESSION_WITHOUT_REASON)
              .severity(Severity.WARNING)
              .title("A suppression annotation gives a reason")
              .why("A suppression with a blank reason suppresses nothing.")
              .fix(
                  "Say why the rule does not apply: gpuspec.io/ignore-check.<RULE-ID>: \"<reason>\".")
              .addKinds("*")
              .documentation(SUPPRESSIONS)
              .build(),
          RuleInfo.builder()
              .id(RuleEngine.SUPPRESSION_IGNORED)
              .severity(Severity.WARNING)
              .title("A suppression names a rule that can be suppressed")
              .why(
                  "The API server rejects what that rule reports, so suppressing it would not make"
                      + " the object admitted; its findings stay.")
              .fix("Fix the finding and remove the annotation.")
              .addKinds("*")
              .documentation(SUPPRESSIONS)
              .build(),
          RuleInfo.builder()
              .id(RuleEngine.SUPPRESSION_OF_UNKNOWN_RULE)
              .severity(Severity.WARNING)
              .title("A suppression names a rule of the loaded modules")
              .why("An annotation naming no known rule suppresses nothing, often through a typo.")
              .fix("Name a rule that `gpuspec rules` lists, or remove the annotation.")
              .addKinds("*")
              .documentation(SUPPRESSIONS)
              .build());

  private EngineFindings() {}
}
