package io.gpuspec.core.facts;

import io.fabric8.kubernetes.api.model.ClusterTrustBundleProjection;
import io.fabric8.kubernetes.api.model.DownwardAPIVolumeFile;
import io.fabric8.kubernetes.api.model.KeyToPath;
import io.fabric8.kubernetes.api.model.ProjectedVolumeSource;
import io.fabric8.kubernetes.api.model.ServiceAccountTokenProjection;
import io.fabric8.kubernetes.api.model.VolumeProjection;
import io.gpuspec.core.report.Finding;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.stream.Stream;
import org.jspecify.annotations.Nullable;

/**
 * K8S019's checks of projected and downward-API volumes ({@code validateProjectionSources}, {@code
 * validateDownwardAPIVolumeFile}): one kind per projection source, named ConfigMaps and Secrets,
 * item paths relative and not repeated across sources, downward-API items with exactly one of
 * {@code fieldRef} (a pod field a volume may show) and {@code resourceFieldRef} (with its
 * container), service-account tokens living 10 minutes to 2^32 seconds.
 */
final class ProjectedChecks {

  private static final Set<String> VOLUME_FIELDS =
      Set.of(
          "metadata.annotations",
          "metadata.labels",
          "metadata.name",
          "metadata.namespace",
          "metadata.uid");
  private static final long MIN_TOKEN_SECONDS = 600;
  private static final long MAX_TOKEN_SECONDS = 1L << 32;

  private ProjectedChecks() {}

  static void check(ProjectedVolumeSource projected, String at, List<Finding> findings) {
    List<VolumeProjection> sources =
        projected.getSources() == null ? List.of() : projected.getSources();
    Set<String> paths = new HashSet<>();
    for (int i = 0; i < sources.size(); i++) {
      VolumeProjection source = sources.get(i) == null ? new VolumeProjection() : sources.get(i);
      String path = at + ".sources[" + i + "]";
      long kinds =
          Stream.of(
                  source.getSecret(),
                  source.getConfigMap(),
                  source.getDownwardAPI(),
                  source.getServiceAccountToken(),
                  source.getClusterTrustBundle(),
                  source.getPodCertificate())
              .filter(s -> s != null)
              .count();
      if (kinds > 1) {
        findings.add(
            Finding.rejection(
                path, "the source projects " + kinds + " kinds", "give each source one kind"));
      }
      if (source.getSecret() != null) {
        named(source.getSecret().getName(), path + ".secret.name", findings);
        keyItems(source.getSecret().getItems(), path + ".secret.items", paths, findings);
      }
      if (source.getConfigMap() != null) {
        named(source.getConfigMap().getName(), path + ".configMap.name", findings);
        keyItems(source.getConfigMap().getItems(), path + ".configMap.items", paths, findings);
      }
      if (source.getDownwardAPI() != null) {
        downwardItems(
            source.getDownwardAPI().getItems(), path + ".downwardAPI.items", paths, findings);
      }
      if (source.getServiceAccountToken() != null) {
        token(source.getServiceAccountToken(), path + ".serviceAccountToken", paths, findings);
      }
      if (source.getClusterTrustBundle() != null) {
        trustBundle(source.getClusterTrustBundle(), path + ".clusterTrustBundle", paths, findings);
      }
    }
  }

  /**
   * The items of a downward-API volume or projection; {@code paths}, for a projection, collects the
   * paths of all its sources.
   */
  static void downwardItems(
      @Nullable List<DownwardAPIVolumeFile> items,
      String at,
      @Nullable Set<String> paths,
      List<Finding> findings) {
    for (int i = 0; items != null && i < items.size(); i++) {
      DownwardAPIVolumeFile item =
          items.get(i) == null ? new DownwardAPIVolumeFile() : items.get(i);
      String path = at + "[" + i + "]";
      VolumePaths.relativePath(item.getPath(), path + ".path", findings);
      if (paths != null) {
        unique(item.getPath(), path + ".path", paths, findings);
      }
      VolumePaths.mode(item.getMode(), path + ".mode", findings);
      if (item.getFieldRef() != null && item.getResourceFieldRef() != null) {
        findings.add(
            Finding.rejection(
                path, "the item has both fieldRef and resourceFieldRef", "keep one of them"));
      } else if (item.getFieldRef() == null && item.getResourceFieldRef() == null) {
        findings.add(
            Finding.rejection(
                path, "the item has neither fieldRef nor resourceFieldRef", "give one of them"));
      }
      if (item.getFieldRef() != null) {
        String field = VolumePaths.orEmpty(item.getFieldRef().getFieldPath());
        String base = field.contains("[") ? field.substring(0, field.indexOf('[')) : field;
        boolean subscripted = !base.equals(field);
        boolean known =
            subscripted
                ? base.equals("metadata.annotations") || base.equals("metadata.labels")
                : VOLUME_FIELDS.contains(field);
        if (!known) {
          findings.add(
              Finding.rejection(
                  path + ".fieldRef.fieldPath",
                  "\"" + field + "\" is not a pod field a volume can show",
                  "use metadata.name, metadata.namespace, metadata.uid, metadata.labels or"
                      + " metadata.annotations (or one key of them)"));
        }
      }
      if (item.getResourceFieldRef() != null
          && VolumePaths.blank(item.getResourceFieldRef().getContainerName())) {
        findings.add(
            Finding.rejection(
                path + ".resourceFieldRef.containerName",
                "a volume's resourceFieldRef names no container",
                "give the container whose resources to show"));
      }
    }
  }

  private static void keyItems(
      @Nullable List<KeyToPath> items, String at, Set<String> paths, List<Finding> findings) {
    VolumePaths.items(items, at, findings);
    for (int i = 0; items != null && i < items.size(); i++) {
      if (items.get(i) != null) {
        unique(items.get(i).getPath(), at + "[" + i + "].path", paths, findings);
      }
    }
  }

  private static void token(
      ServiceAccountTokenProjection token, String at, Set<String> paths, List<Finding> findings) {
    VolumePaths.relativePath(token.getPath(), at + ".path", findings);
    unique(token.getPath(), at + ".path", paths, findings);
    Long seconds = token.getExpirationSeconds();
    if (seconds != null && (seconds < MIN_TOKEN_SECONDS || seconds > MAX_TOKEN_SECONDS)) {
      findings.add(
          Finding.rejection(
              at + ".expirationSeconds",
              "a token living " + seconds + " s is not 10 minutes to 2^32 seconds",
              "give at least 600, or leave it out (3600)"));
    }
  }

  /**
   * A ClusterTrustBundle projection: exactly one of {@code name} and {@code signerName}, non-empty,
   * a label selector only with {@code signerName}, and a relative path of its own.
   */
  private static void trustBundle(
      ClusterTrustBundleProjection bundle, String at, Set<String> paths, List<Finding> findings) {
    String name = bundle.getName();
    String signer = bundle.getSignerName();
    if (name != null && signer != null) {
      findings.add(
          Finding.rejection(at, "only one of name and signerName may be used", "keep one of them"));
    } else if (name == null && signer == null) {
      findings.add(
          Finding.rejection(
              at,
              "Required value: either name or signerName must be used",
              "name the ClusterTrustBundle, or select bundles by signerName"));
    } else if (name != null) {
      if (name.isEmpty()) {
        findings.add(Finding.rejection(at + ".name", "Required value: an empty name", "name it"));
      }
      if (bundle.getLabelSelector() != null) {
        findings.add(
            Finding.rejection(
                at + ".labelSelector",
                "labelSelector may only be used with signerName",
                "drop labelSelector, or select by signerName"));
      }
    } else if (signer.isEmpty()) {
      findings.add(
          Finding.rejection(
              at + ".signerName", "Required value: an empty signerName", "give the signer"));
    }
    if (VolumePaths.blank(bundle.getPath())) {
      findings.add(
          Finding.rejection(at + ".path", "Required value: the bundle needs a path", "give one"));
    } else {
      VolumePaths.relativePath(bundle.getPath(), at + ".path", findings);
      unique(bundle.getPath(), at + ".path", paths, findings);
    }
  }

  private static void named(@Nullable String name, String at, List<Finding> findings) {
    if (VolumePaths.blank(name)) {
      findings.add(Finding.rejection(at, "the source names no object", "give its name"));
    }
  }

  private static void unique(
      @Nullable String path, String at, Set<String> paths, List<Finding> findings) {
    if (!VolumePaths.blank(path) && !paths.add(path)) {
      findings.add(
          Finding.rejection(
              at,
              "path \"" + path + "\" is projected twice",
              "give each projected file its own path"));
    }
  }
}
