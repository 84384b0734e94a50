package io.gpuspec.scheduling.model.volcano.batch;

import io.fabric8.kubernetes.api.model.Namespaced;
import io.fabric8.kubernetes.api.model.ObjectMeta;
import io.fabric8.kubernetes.model.annotation.Group;
import io.fabric8.kubernetes.model.annotation.Kind;
import io.fabric8.kubernetes.model.annotation.Plural;
import io.fabric8.kubernetes.model.annotation.Singular;
import io.fabric8.kubernetes.model.annotation.Version;
import io.gpuspec.core.manifest.SpecObject;
import tools.jackson.databind.ValueDeserializer;
import tools.jackson.databind.annotation.JsonDeserialize;

/**
 * A Volcano {@code Job} ({@code batch.volcano.sh/v1alpha1}, namespaced, "vcjob"): named tasks of
 * pods that Volcano schedules as one gang of at least {@code minAvailable} pods
 * (https://volcano.sh/en/docs/vcjob/).
 */
@Group(Job.GROUP)
@Version(Job.VERSION)
@Kind(Job.KIND)
@Plural("jobs")
@Singular("job")
@JsonDeserialize(using = ValueDeserializer.None.class)
public class Job extends SpecObject<JobSpec> implements Namespaced {

  private static final long serialVersionUID = 1L;

  public static final String GROUP = "batch.volcano.sh";
  public static final String VERSION = "v1alpha1";
  public static final String KIND = "Job";
  public static final String API_VERSION = GROUP + "/" + VERSION;

  public Job() {
    this(null, null);
  }

  public Job(ObjectMeta metadata, JobSpec spec) {
    super(API_VERSION, KIND, metadata, spec);
  }
}
