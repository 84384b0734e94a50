package io.gpuspec.core.check;

import io.gpuspec.core.manifest.ManifestSet;
import io.gpuspec.core.manifest.ReadResult;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.ServiceLoader;

/**
 * Runs rules over a {@link ManifestSet} and collects a {@link Report}. {@link #defaults()} holds
 * every rule registered through {@link ServiceLoader} by the modules on the classpath.
 *
 * <p>An object opts out of one rule with the annotation {@code gpuspec.io/ignore-check.<RULE-ID>:
 * "<reason>"}.
 */
public final class RuleEngine {

  /** Prefix of the per-object suppression annotation. */
  public static final String IGNORE_ANNOTATION_PREFIX = "gpuspec.io/ignore-check.";

  private final List<Rule> rules;

  private RuleEngine(List<Rule> rules) {
    Map<String, Rule> byId = new HashMap<>();
    for (Rule rule : rules) {
      Rule clash = byId.put(rule.id(), rule);
      if (clash != null && clash.getClass() != rule.getClass()) {
        throw new IllegalArgumentException(
            "rule id "
                + rule.id()
                + " is used by both "
                + clash.getClass().getName()
                + " and "
                + rule.getClass().getName()
                + "; give each rule its own id");
      }
    }
    this.rules = byId.values().stream().sorted(Comparator.comparing(Rule::id)).toList();
  }

  /** Every rule on the classpath. */
  public static RuleEngine defaults() {
    List<Rule> rules = new ArrayList<>();
    ServiceLoader.load(Rule.class, RuleEngine.class.getClassLoader()).forEach(rules::add);
    return new RuleEngine(rules);
  }

  /** Exactly these rules. */
  public static RuleEngine of(Rule... rules) {
    return new RuleEngine(List.of(rules));
  }

  /** The rules, ordered by id. */
  public List<Rule> rules() {
    return rules;
  }

  /** Checks with default options: no fleet known, not strict. */
  public Report check(ManifestSet manifests) {
    return check(manifests, CheckOptions.defaults());
  }

  /**
   * Lints what {@link io.gpuspec.core.manifest.ManifestReader} read: its problems (file and line)
   * followed by every rule's violations on the objects it could decode.
   */
  public Report lint(ReadResult read, CheckOptions options) {
    Report rules = check(read.manifests(), options);
    List<Violation> all = new ArrayList<>(read.problems());
    all.addAll(rules.violations());
    return new Report(all, rules.objectsChecked(), rules.rulesChecked());
  }

  public Report check(ManifestSet manifests, CheckOptions options) {
    List<Violation> violations = new ArrayList<>();
    int ran = 0;
    for (Rule rule : rules) {
      if (!options.disabledRules().contains(rule.id())) {
        ran++;
        rule.check(manifests, new CheckContext(rule, options, manifests, violations::add));
      }
    }
    return new Report(violations, manifests.size(), ran);
  }
}
