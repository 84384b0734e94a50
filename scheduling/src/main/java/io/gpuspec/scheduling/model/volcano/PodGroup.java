package io.gpuspec.scheduling.model.volcano;

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
 * A Volcano {@code PodGroup} ({@code scheduling.volcano.sh/v1beta1}, namespaced): pods that join it
 * through the annotation {@code scheduling.k8s.io/group-name} start together or not at all.
 */
@Group(PodGroup.GROUP)
@Version(PodGroup.VERSION)
@Kind(PodGroup.KIND)
@Plural("podgroups")
@Singular("podgroup")
@JsonDeserialize(using = ValueDeserializer.None.class)
public class PodGroup extends SpecObject<PodGroupSpec> implements Namespaced {

  private static final long serialVersionUID = 1L;

  public static final String GROUP = "scheduling.volcano.sh";
  public static final String VERSION = "v1beta1";
  public static final String KIND = "PodGroup";
  public static final String API_VERSION = GROUP + "/" + VERSION;

  public PodGroup() {
    this(null, null);
  }

  public PodGroup(ObjectMeta metadata, PodGroupSpec spec) {
    super(API_VERSION, KIND, metadata, spec);
  }
}
