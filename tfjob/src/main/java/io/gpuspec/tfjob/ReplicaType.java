package io.gpuspec.tfjob;

import io.gpuspec.tfjob.facts.TfJobFacts;
import java.util.Arrays;
import java.util.List;
import java.util.Optional;

/** The replica types of a TFJob, as the keys of {@code spec.tfReplicaSpecs} spell them. */
public enum ReplicaType {
  CHIEF("Chief"),
  MASTER("Master"),
  WORKER("Worker"),
  PS("PS"),
  EVALUATOR("Evaluator");

  private final String text;

  ReplicaType(String text) {
    this.text = text;
  }

  /** The key in {@code spec.tfReplicaSpecs}, e.g. {@code Worker}. */
  public String text() {
    return text;
  }

  /** Chief and Master both name the one coordinating replica; a job has at most one of them. */
  public boolean isChief() {
    return TfJobFacts.COORDINATORS.contains(text);
  }

  /** Whether the replica trains (Chief, Master, Worker): these must all get the same GPUs. */
  public boolean trains() {
    return TfJobFacts.TRAINING.contains(text);
  }

  /** The type a key names (exact, case-sensitive like the operator), if any. */
  public static Optional<ReplicaType> of(String key) {
    return Arrays.stream(values()).filter(t -> t.text.equals(key)).findFirst();
  }

  /** Every key, in declaration order: {@code Chief, Master, Worker, PS, Evaluator}. */
  public static List<String> keys() {
    return Arrays.stream(values()).map(ReplicaType::text).toList();
  }
}
