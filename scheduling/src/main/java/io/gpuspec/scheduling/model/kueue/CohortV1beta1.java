package io.gpuspec.scheduling.model.kueue;

import io.fabric8.kubernetes.model.annotation.Group;
import io.fabric8.kubernetes.model.annotation.Kind;
import io.fabric8.kubernetes.model.annotation.Plural;
import io.fabric8.kubernetes.model.annotation.Singular;
import io.fabric8.kubernetes.model.annotation.Version;
import tools.jackson.databind.ValueDeserializer;
import tools.jackson.databind.annotation.JsonDeserialize;

/**
 * A Kueue {@code Cohort} at {@code kueue.x-k8s.io/v1beta1}, which Kueue still serves: read into the
 * {@code v1beta2} model ({@link Cohort}), so every rule judges it (its spec has the same fields in
 * both versions).
 */
@Group(Cohort.GROUP)
@Version(CohortV1beta1.VERSION)
@Kind(Cohort.KIND)
@Plural("cohorts")
@Singular("cohort")
@JsonDeserialize(using = ValueDeserializer.None.class)
public class CohortV1beta1 extends Cohort {

  private static final long serialVersionUID = 1L;

  public static final String VERSION = "v1beta1";
  public static final String API_VERSION = GROUP + "/" + VERSION;

  public CohortV1beta1() {
    setApiVersion(API_VERSION);
  }
}
