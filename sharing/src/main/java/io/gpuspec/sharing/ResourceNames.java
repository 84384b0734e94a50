package io.gpuspec.sharing;

import io.gpuspec.core.Labels;
import io.gpuspec.core.k8s.GpuResources;
import io.gpuspec.core.k8s.MigNames;

/** The extended-resource names the NVIDIA device plugin advertises. */
final class ResourceNames {

  static final String PREFIX = "nvidia.com/";
  static final String GPU = GpuResources.NVIDIA_GPU;
  static final String MIG_PREFIX = MigNames.RESOURCE_PREFIX;
  static final String SHARED_SUFFIX = ".shared";

  /** The plugin's limit on a fully qualified resource name. */
  static final int MAX_LENGTH = 63;

  private ResourceNames() {}

  /**
   * A name the plugin accepts: {@code nvidia.com/} and a DNS-1123 subdomain, at most 63 characters
   * in all (device plugin {@code api/config/v1/resources.go}).
   */
  static boolean isValid(String name) {
    return name.startsWith(PREFIX)
        && name.length() <= MAX_LENGTH
        && Labels.isDns1123Subdomain(name.substring(PREFIX.length()));
  }

  static boolean isMig(String name) {
    return name.startsWith(MIG_PREFIX);
  }

  /**
   * The resource of a MIG profile under the mixed strategy: {@code nvidia.com/mig-1g.10gb}; a
   * {@code +} (as in {@code 1g.10gb+me}) becomes {@code .}, as the plugin writes it ({@code
   * internal/rm/rm.go}), since resource names cannot hold {@code +}.
   */
  static String mig(String profile) {
    return MigNames.resource(profile).orElse(MIG_PREFIX + profile.replace('+', '.'));
  }

  static String shared(String name) {
    return name + SHARED_SUFFIX;
  }
}
