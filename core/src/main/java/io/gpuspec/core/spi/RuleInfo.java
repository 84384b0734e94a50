package io.gpuspec.core.spi;

import io.gpuspec.core.GpuSpecStyle;
import io.gpuspec.core.InvalidSpecException;
import io.gpuspec.core.report.Severity;
import java.net.URI;
import java.util.List;
import java.util.Locale;
import org.immutables.value.Value;

/**
 * The metadata of a {@link Rule}, declared once: listings ({@code gpuspec rules}), generated rule
 * docs and findings all read it from here.
 */
@Value.Immutable
@GpuSpecStyle
public abstract class RuleInfo {

  /** Stable id, e.g. {@code GPU002}; used in reports and in suppression annotations. */
  public abstract String id();

  /** The severity of its findings when nothing lowers or raises it. */
  public abstract Severity severity();

  /** One line saying what the rule requires. */
  public abstract String title();

  /** Why it matters: what goes wrong on the cluster when it is broken. */
  public abstract String why();

  /** How to fix a finding, in general terms (each finding carries its own precise fix). */
  public abstract String fix();

  /** The kinds it reads, e.g. {@code Deployment}; {@code *} for any workload. */
  public abstract List<String> kinds();

  /** The upstream documentation the rule traces to. */
  public abstract URI documentation();

  /**
   * Whether the API server itself rejects what this rule reports (for example a GPU request that
   * differs from its limit). Such findings cannot be suppressed: the object would not be admitted.
   */
  @Value.Default
  public boolean apiServerRejects() {
    return false;
  }

  /** The anchor of this rule in {@code docs/rules.md}. */
  public String docsAnchor() {
    return id().toLowerCase(Locale.ROOT);
  }

  @Value.Check
  protected void validate() {
    InvalidSpecException.require(
        id().matches("[A-Z][A-Z0-9]*[0-9]{3}"),
        "rule \"" + id() + "\" id",
        "is not letters followed by three digits",
        "use an id such as GPU002 or TFJ001");
    InvalidSpecException.require(
        !title().isBlank() && !why().isBlank() && !fix().isBlank(),
        "rule " + id(),
        "title, why and fix must not be empty",
        "say what the rule requires, why, and how to fix a finding");
  }

  public static Builder builder() {
    return new Builder();
  }

  /** Builds rule metadata; every attribute but {@code kinds} is required. */
  public static final class Builder extends ImmutableRuleInfo.Builder {
    /** The documentation URL. */
    public Builder documentation(String url) {
      return documentation(URI.create(url));
    }
  }
}
