package io.gpuspec.core.facts;

import io.fabric8.kubernetes.api.model.PersistentVolumeClaimTemplate;
import io.fabric8.kubernetes.api.model.Volume;
import io.gpuspec.core.k8s.Names;
import io.gpuspec.core.k8s.NullFree;
import io.gpuspec.core.report.Finding;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.jspecify.annotations.Nullable;

/**
 * K8S019's checks of the rarer pod volume sources ({@code validateVolumeSource} and the per-source
 * functions): a generic ephemeral volume with a claim template whose spec is a valid claim spec
 * (K8S031's facts; its storage request is K8S010's) and, in a Pod, a claim name {@code
 * <pod>-<volume>} of at most 253 characters; a CSI driver that is a DNS subdomain of at most 63; an
 * image volume with a reference (Pod only); and the required fields of the in-tree sources (iSCSI
 * target and IQN, RBD monitors and image, Cinder volume, ...). All are rejections.
 */
final class VolumeSourceFacts {

  private VolumeSourceFacts() {}

  static void check(Volume v, String at, @Nullable String podName, List<Finding> findings) {
    ephemeral(v, at, podName, findings);
    if (v.getCsi() != null) {
      String driver = v.getCsi().getDriver() == null ? "" : v.getCsi().getDriver();
      if (!driver.isEmpty()
          && (driver.length() > 63 || !Names.isDns1123Subdomain(driver.toLowerCase(Locale.ROOT)))) {
        findings.add(
            Finding.rejection(
                at + ".csi.driver",
                "CSI driver \"" + driver + "\" is not a DNS subdomain of at most 63 characters",
                "give the driver's registered name, e.g. nfs.csi.k8s.io"));
      }
    }
    if (podName != null && v.getImage() != null && VolumePaths.blank(v.getImage().getReference())) {
      findings.add(
          Finding.rejection(
              at + ".image.reference",
              "Required value: a Pod's image volume needs a reference",
              "give the OCI image or artifact to mount, e.g. registry.example.com/models/llama:1"));
    }
    required(v)
        .forEach(
            (field, value) -> {
              boolean blank =
                  value == null
                      || (value instanceof String text && text.isEmpty())
                      || (value instanceof List<?> list && list.isEmpty());
              if (blank) {
                findings.add(
                    Finding.rejection(
                        at + "." + field,
                        "Required value: the volume source needs " + field,
                        "give " + field.substring(field.lastIndexOf('.') + 1) + " of the volume"));
              }
            });
    if (v.getFc() != null) {
      boolean wwns = !NullFree.list(v.getFc().getTargetWWNs()).isEmpty();
      boolean wwids = !NullFree.list(v.getFc().getWwids()).isEmpty();
      if (wwns == wwids) {
        findings.add(
            Finding.rejection(
                at + ".fc",
                "a Fibre Channel source gives targetWWNs with lun, or wwids, exactly one of them",
                "give targetWWNs and lun, or wwids"));
      }
    }
  }

  private static void ephemeral(
      Volume v, String at, @Nullable String podName, List<Finding> findings) {
    if (v.getEphemeral() == null) {
      return;
    }
    PersistentVolumeClaimTemplate template = v.getEphemeral().getVolumeClaimTemplate();
    String templateAt = at + ".ephemeral.volumeClaimTemplate";
    if (template == null) {
      findings.add(
          Finding.rejection(
              templateAt,
              "Required value: a generic ephemeral volume needs a volumeClaimTemplate",
              "give volumeClaimTemplate: {spec: {accessModes: [ReadWriteOnce], resources:"
                  + " {requests: {storage: 100Gi}}}}"));
      return;
    }
    findings.addAll(VolumeClaimFacts.spec(templateAt + ".spec", template.getSpec()));
    if (template.getMetadata() != null) {
      for (Finding f :
          MetadataFacts.labelsAndAnnotations(template.getMetadata(), templateAt + ".metadata")) {
        findings.add(Finding.rejection(f.path(), f.message(), f.fix()));
      }
    }
    String volume = v.getName() == null ? "" : v.getName();
    if (podName != null && !podName.isEmpty() && podName.length() + 1 + volume.length() > 253) {
      findings.add(
          Finding.rejection(
              at + ".ephemeral",
              "the claim name \""
                  + podName
                  + "-"
                  + volume
                  + "\" would be longer than 253 characters",
              "shorten the pod's or the volume's name"));
    }
  }

  /** The fields each in-tree source's validator requires, by path below the volume. */
  private static Map<String, @Nullable Object> required(Volume v) {
    Map<String, @Nullable Object> fields = new LinkedHashMap<>();
    if (v.getGitRepo() != null) {
      fields.put("gitRepo.repository", v.getGitRepo().getRepository());
    }
    if (v.getGcePersistentDisk() != null) {
      fields.put("gcePersistentDisk.pdName", v.getGcePersistentDisk().getPdName());
    }
    if (v.getAwsElasticBlockStore() != null) {
      fields.put("awsElasticBlockStore.volumeID", v.getAwsElasticBlockStore().getVolumeID());
    }
    if (v.getIscsi() != null) {
      fields.put("iscsi.targetPortal", v.getIscsi().getTargetPortal());
      fields.put("iscsi.iqn", v.getIscsi().getIqn());
    }
    if (v.getGlusterfs() != null) {
      fields.put("glusterfs.endpoints", v.getGlusterfs().getEndpoints());
      fields.put("glusterfs.path", v.getGlusterfs().getPath());
    }
    if (v.getRbd() != null) {
      fields.put("rbd.monitors", v.getRbd().getMonitors());
      fields.put("rbd.image", v.getRbd().getImage());
    }
    if (v.getCinder() != null) {
      fields.put("cinder.volumeID", v.getCinder().getVolumeID());
    }
    if (v.getCephfs() != null) {
      fields.put("cephfs.monitors", v.getCephfs().getMonitors());
    }
    if (v.getFlexVolume() != null) {
      fields.put("flexVolume.driver", v.getFlexVolume().getDriver());
    }
    if (v.getAzureFile() != null) {
      fields.put("azureFile.secretName", v.getAzureFile().getSecretName());
      fields.put("azureFile.shareName", v.getAzureFile().getShareName());
    }
    if (v.getVsphereVolume() != null) {
      fields.put("vsphereVolume.volumePath", v.getVsphereVolume().getVolumePath());
    }
    if (v.getQuobyte() != null) {
      fields.put("quobyte.registry", v.getQuobyte().getRegistry());
      fields.put("quobyte.volume", v.getQuobyte().getVolume());
    }
    if (v.getPhotonPersistentDisk() != null) {
      fields.put("photonPersistentDisk.pdID", v.getPhotonPersistentDisk().getPdID());
    }
    if (v.getPortworxVolume() != null) {
      fields.put("portworxVolume.volumeID", v.getPortworxVolume().getVolumeID());
    }
    if (v.getAzureDisk() != null) {
      fields.put("azureDisk.diskName", v.getAzureDisk().getDiskName());
      fields.put("azureDisk.diskURI", v.getAzureDisk().getDiskURI());
    }
    if (v.getScaleIO() != null) {
      fields.put("scaleIO.gateway", v.getScaleIO().getGateway());
      fields.put("scaleIO.system", v.getScaleIO().getSystem());
      fields.put("scaleIO.volumeName", v.getScaleIO().getVolumeName());
    }
    if (v.getStorageos() != null) {
      fields.put("storageos.volumeName", v.getStorageos().getVolumeName());
    }
    return fields;
  }
}
