package io.gpuspec.core.internal.rules;

import io.gpuspec.core.TargetVersions.Component;
import java.util.List;
import java.util.Optional;
import java.util.Set;

/**
 * Which release of which component serves an apiVersion (and kind): data, each row with its
 * upstream source.
 *
 * <ul>
 *   <li>Kubernetes: the deprecated API migration guide
 *       (https://kubernetes.io/docs/reference/using-api/deprecation-guide/) for removals; the
 *       release notes of 1.34 for {@code resource.k8s.io/v1}.
 *   <li>Kueue: {@code v1beta2} served from v0.15 (kubernetes-sigs/kueue#7304); {@code v1beta1} no
 *       longer served from v0.20 (kubernetes-sigs/kueue#13957, #14558: {@code
 *       +kubebuilder:unservedversion} on every v1beta1 type; still served in v0.19.2).
 *   <li>Kubeflow: kubeflow/trainer is the former kubeflow/training-operator; v1.x releases serve
 *       the {@code kubeflow.org/v1} jobs, v2.0 and later serve {@code
 *       trainer.kubeflow.org/v1alpha1} instead (the v2 manifests ship no v1 CRDs).
 * </ul>
 *
 * @param apiVersion the {@code group/version}
 * @param kinds the kinds, every kind of the apiVersion when empty
 * @param component the component that serves it
 * @param from the first release that serves it, if later than any release a target may name
 * @param until the first release that no longer serves it, if any
 * @param migration what to write instead
 */
record ServedVersions(
    String apiVersion,
    Set<String> kinds,
    Component component,
    Optional<String> from,
    Optional<String> until,
    String migration) {

  static List<ServedVersions> all() {
    return List.of(
        removed(
            "extensions/v1beta1",
            Set.of(),
            "1.22",
            "use apps/v1, networking.k8s.io/v1 or policy/v1"),
        removed("apps/v1beta1", Set.of(), "1.16", "use apps/v1"),
        removed("apps/v1beta2", Set.of(), "1.16", "use apps/v1"),
        removed("networking.k8s.io/v1beta1", Set.of(), "1.22", "use networking.k8s.io/v1"),
        removed(
            "rbac.authorization.k8s.io/v1beta1",
            Set.of(),
            "1.22",
            "use rbac.authorization.k8s.io/v1"),
        removed("scheduling.k8s.io/v1beta1", Set.of(), "1.22", "use scheduling.k8s.io/v1"),
        removed("apiextensions.k8s.io/v1beta1", Set.of(), "1.22", "use apiextensions.k8s.io/v1"),
        removed(
            "admissionregistration.k8s.io/v1beta1",
            Set.of("MutatingWebhookConfiguration", "ValidatingWebhookConfiguration"),
            "1.22",
            "use admissionregistration.k8s.io/v1"),
        removed("coordination.k8s.io/v1beta1", Set.of(), "1.22", "use coordination.k8s.io/v1"),
        removed("certificates.k8s.io/v1beta1", Set.of(), "1.22", "use certificates.k8s.io/v1"),
        removed(
            "storage.k8s.io/v1beta1",
            Set.of("CSIDriver", "CSINode", "StorageClass", "VolumeAttachment"),
            "1.22",
            "use storage.k8s.io/v1"),
        removed(
            "storage.k8s.io/v1beta1",
            Set.of("CSIStorageCapacity"),
            "1.27",
            "use storage.k8s.io/v1"),
        removed("batch/v1beta1", Set.of("CronJob"), "1.25", "use batch/v1 (the same fields)"),
        removed(
            "policy/v1beta1",
            Set.of("PodDisruptionBudget"),
            "1.25",
            "use policy/v1; an empty selector now selects every pod of the namespace"),
        removed(
            "policy/v1beta1",
            Set.of("PodSecurityPolicy"),
            "1.25",
            "enforce Pod Security Standards with namespace labels pod-security.kubernetes.io/enforce"),
        removed("discovery.k8s.io/v1beta1", Set.of(), "1.25", "use discovery.k8s.io/v1"),
        removed("events.k8s.io/v1beta1", Set.of(), "1.25", "use events.k8s.io/v1"),
        removed("node.k8s.io/v1beta1", Set.of(), "1.25", "use node.k8s.io/v1"),
        removed("autoscaling/v2beta1", Set.of(), "1.25", "use autoscaling/v2"),
        removed("autoscaling/v2beta2", Set.of(), "1.26", "use autoscaling/v2 (the same fields)"),
        removed(
            "flowcontrol.apiserver.k8s.io/v1beta1",
            Set.of(),
            "1.26",
            "use flowcontrol.apiserver.k8s.io/v1"),
        removed(
            "flowcontrol.apiserver.k8s.io/v1beta2",
            Set.of(),
            "1.29",
            "use flowcontrol.apiserver.k8s.io/v1"),
        removed(
            "flowcontrol.apiserver.k8s.io/v1beta3",
            Set.of(),
            "1.32",
            "use flowcontrol.apiserver.k8s.io/v1"),
        new ServedVersions(
            "resource.k8s.io/v1",
            Set.of(),
            Component.KUBERNETES,
            Optional.of("1.34"),
            Optional.empty(),
            "target Kubernetes 1.34 or later, or write the resource.k8s.io version the target serves"),
        new ServedVersions(
            "kueue.x-k8s.io/v1beta2",
            Set.of(),
            Component.KUEUE,
            Optional.of("0.15"),
            Optional.empty(),
            "upgrade Kueue to 0.15 or later, or write kueue.x-k8s.io/v1beta1"),
        new ServedVersions(
            "kueue.x-k8s.io/v1beta1",
            Set.of(),
            Component.KUEUE,
            Optional.empty(),
            Optional.of("0.20"),
            "migrate to kueue.x-k8s.io/v1beta2 (gpuspec-scheduling's Kueue DSL writes it)"),
        new ServedVersions(
            "kubeflow.org/v1",
            Set.of("TFJob", "PyTorchJob", "MPIJob", "XGBoostJob", "JAXJob", "PaddleJob"),
            Component.TRAINING_OPERATOR,
            Optional.empty(),
            Optional.empty(),
            "migrate to a Trainer v2 TrainJob on a training runtime (TfJobMigration converts a TFJob), or declare the Training Operator the cluster still runs (target training-operator=1.9)"),
        new ServedVersions(
            "trainer.kubeflow.org/v1alpha1",
            Set.of(),
            Component.TRAINER,
            Optional.of("2.0"),
            Optional.empty(),
            "upgrade to Kubeflow Trainer 2.0 or later, or write the Training Operator's kubeflow.org/v1 job"));
  }

  private static ServedVersions removed(
      String apiVersion, Set<String> kinds, String until, String migration) {
    return new ServedVersions(
        apiVersion, kinds, Component.KUBERNETES, Optional.empty(), Optional.of(until), migration);
  }

  /** Whether the row speaks of objects of this apiVersion and kind. */
  boolean covers(String apiVersion, String kind) {
    return this.apiVersion.equals(apiVersion) && (kinds.isEmpty() || kinds.contains(kind));
  }
}
