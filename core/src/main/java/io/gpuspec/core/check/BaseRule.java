package io.gpuspec.core.check;

import java.net.URI;

/** A {@link Rule} whose id, severity, description and documentation are fixed at construction. */
public abstract class BaseRule implements Rule {

  private final String id;
  private final Severity severity;
  private final String description;
  private final URI documentation;

  protected BaseRule(String id, Severity severity, String description, URI documentation) {
    this.id = id;
    this.severity = severity;
    this.description = description;
    this.documentation = documentation;
  }

  @Override
  public final String id() {
    return id;
  }

  @Override
  public final Severity severity() {
    return severity;
  }

  @Override
  public final String description() {
    return description;
  }

  @Override
  public final URI documentation() {
    return documentation;
  }

  @Override
  public String toString() {
    return id + " (" + severity + "): " + description;
  }
}
