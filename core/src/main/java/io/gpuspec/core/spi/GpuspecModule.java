package io.gpuspec.core.spi;

import io.gpuspec.core.manifest.DocumentRecognizer;
import io.gpuspec.core.manifest.ResourceKind;
import io.gpuspec.core.registry.KindEntry;
import java.util.List;

/**
 * What one gpuspec module adds to core: the kinds it models, the workload adapters that show its
 * kinds' pod templates to rules, and its rules. A module registers one implementation in {@code
 * META-INF/services/io.gpuspec.core.spi.GpuspecModule}; {@code Gpuspec.load(ClassLoader)} finds
 * every module visible from a class loader.
 */
public interface GpuspecModule {

  /** A short name for listings, e.g. {@code tfjob}. */
  String name();

  /** The custom resource kinds this module decodes, with their write phases. */
  default List<ResourceKind> kinds() {
    return List.of();
  }

  /** Adapters that turn this module's kinds into pod templates. */
  default List<WorkloadAdapter> workloadAdapters() {
    return List.of();
  }

  /**
   * Kinds without a model class whose pod templates this module describes to the pod-template
   * registry (see {@code KindsFile}, e.g. {@code KindsFile.resource(getClass(), "kinds.yaml")}).
   */
  default List<KindEntry> kindEntries() {
    return List.of();
  }

  /**
   * Recognizers for YAML documents that are not Kubernetes objects but that this module's rules
   * check (e.g. a device-plugin config file); the reader offers them every document without
   * apiVersion and kind before it reports YAML006.
   */
  default List<DocumentRecognizer> documentRecognizers() {
    return List.of();
  }

  /**
   * The objects of kinds no module models that this module validates in full (e.g. against their
   * CustomResourceDefinition); they get no "kind not known" warning.
   */
  default UntypedKinds untypedKinds() {
    return UntypedKinds.NONE;
  }

  /** This module's rules. */
  default List<Rule> rules() {
    return List.of();
  }

  /**
   * The ids this module's findings carry that no {@link Rule} declares (e.g. a document
   * recognizer's own problems), with their metadata: listings and rule docs show them with the
   * rules.
   */
  default List<RuleInfo> findingIds() {
    return List.of();
  }
}
