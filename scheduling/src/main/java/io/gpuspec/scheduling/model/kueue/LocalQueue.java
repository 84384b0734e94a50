package io.gpuspec.scheduling.model.kueue;

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
 * A Kueue {@code LocalQueue} ({@code kueue.x-k8s.io/v1beta2}, namespaced): a namespace's entry to a
 * ClusterQueue.
 */
@Group(LocalQueue.GROUP)
@Version(LocalQueue.VERSION)
@Kind(LocalQueue.KIND)
@Plural("localqueues")
@Singular("localqueue")
@JsonDeserialize(using = ValueDeserializer.None.class)
public class LocalQueue extends SpecObject<LocalQueueSpec> implements Namespaced {

  private static final long serialVersionUID = 1L;

  public static final String GROUP = "kueue.x-k8s.io";
  public static final String VERSION = "v1beta2";
  public static final String KIND = "LocalQueue";
  public static final String API_VERSION = GROUP + "/" + VERSION;

  public LocalQueue() {
    this(null, null);
  }

  public LocalQueue(ObjectMeta metadata, LocalQueueSpec spec) {
    super(API_VERSION, KIND, metadata, spec);
  }
}
