package io.gpuspec.core.spi;

/** A {@link Rule} whose metadata is fixed at construction. */
public abstract class BaseRule implements Rule {

  private final RuleInfo info;

  protected BaseRule(RuleInfo info) {
    this.info = info;
  }

  @Override
  public final RuleInfo info() {
    return info;
  }

  @Override
  public String toString() {
    return info.id() + " (" + info.severity() + "): " + info.title();
  }
}
