package io.gpuspec.scheduling.model.kueue;

import com.fasterxml.jackson.annotation.JsonIgnoreProperties;
import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonProperty;
import java.util.ArrayList;
import java.util.List;

/**
 * {@code ClusterQueue.spec} at {@code kueue.x-k8s.io/v1beta1}: the v1beta2 spec where the cohort is
 * {@code cohort} (Kueue's conversion copies it to {@code cohortName}) and admission checks may also
 * be a plain list of names, {@code admissionChecks}. Other fields have the same names; the
 * deprecated fungibility values {@code Borrow} and {@code Preempt} are kept as written.
 */
@JsonInclude(JsonInclude.Include.NON_EMPTY)
@JsonIgnoreProperties({"cohortName"})
public class ClusterQueueSpecV1beta1 extends ClusterQueueSpec {

  @JsonProperty("admissionChecks")
  private List<String> admissionChecks = new ArrayList<>();

  /** The cohort, read into {@link #getCohortName()}. */
  @JsonProperty("cohort")
  public String getCohort() {
    return getCohortName();
  }

  @JsonProperty("cohort")
  public void setCohort(String cohort) {
    setCohortName(cohort);
  }

  /** The admission checks every workload of the queue needs, by name. */
  public List<String> getAdmissionChecks() {
    return admissionChecks;
  }

  public void setAdmissionChecks(List<String> admissionChecks) {
    this.admissionChecks = admissionChecks;
  }
}
