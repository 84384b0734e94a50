package io.gpuspec.scheduling.model.volcano;

import io.fabric8.kubernetes.api.model.ObjectMeta;
import io.fabric8.kubernetes.model.annotation.Group;
import io.fabric8.kubernetes.model.annotation.Kind;
import io.fabric8.kubernetes.model.annotation.Plural;
import io.fabric8.kubernetes.model.annotation.Singular;
import io.fabric8.kubernetes.model.annotation.Version;
import io.gpuspec.core.manifest.SpecObject;
import tools.jackson.databind.ValueDeserializer;
import tools.jackson.databind.annotation.JsonDeserialize;

/** A Volcano {@code Queue} ({@code scheduling.volcano.sh/v1beta1}, cluster-scoped). */
@Group(Queue.GROUP)
@Version(Queue.VERSION)
@Kind(Queue.KIND)
@Plural("queues")
@Singular("queue")
@JsonDeserialize(using = ValueDeserializer.None.class)
public class Queue extends SpecObject<QueueSpec> {

  private static final long serialVersionUID = 1L;

  public static final String GROUP = "scheduling.volcano.sh";
  public static final String VERSION = "v1beta1";
  public static final String KIND = "Queue";
  public static final String API_VERSION = GROUP + "/" + VERSION;

  public Queue() {
    this(null, null);
  }

  public Queue(ObjectMeta metadata, QueueSpec spec) {
    super(API_VERSION, KIND, metadata, spec);
  }
}
