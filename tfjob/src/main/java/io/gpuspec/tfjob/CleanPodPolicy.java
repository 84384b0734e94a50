package io.gpuspec.tfjob;

/** Which pods the operator deletes when the job finishes ({@code runPolicy.cleanPodPolicy}). */
public enum CleanPodPolicy {
  ALL("All"),
  RUNNING("Running"),
  NONE("None");

  private final String text;

  CleanPodPolicy(String text) {
    this.text = text;
  }

  public String text() {
    return text;
  }
}
