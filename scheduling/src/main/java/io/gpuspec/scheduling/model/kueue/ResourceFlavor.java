package io.gpuspec.scheduling.model.kueue;

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
 * A Kueue {@code ResourceFlavor} ({@code kueue.x-k8s.io/v1beta2}, cluster-scoped): ties quota to
 * nodes.
 */
@Group(ResourceFlavor.GROUP)
@Version(ResourceFlavor.VERSION)
@Kind(ResourceFlavor.KIND)
@Plural("resourceflavors")
@Singular("resourceflavor")
@JsonDeserialize(using = ValueDeserializer.None.class)
public class ResourceFlavor extends SpecObject<ResourceFlavorSpec> {

  private static final long serialVersionUID = 1L;

  public static final String GROUP = "kueue.x-k8s.io";
  public static final String VERSION = "v1beta2";
  public static final String KIND = "ResourceFlavor";
  public static final String API_VERSION = GROUP + "/" + VERSION;

  public ResourceFlavor() {
    this(null, null);
  }

  public ResourceFlavor(ObjectMeta metadata, ResourceFlavorSpec spec) {
    super(API_VERSION, KIND, metadata, spec);
  }
}
