package io.gpuspec.core.internal.rules;

import static org.assertj.core.api.Assertions.assertThat;

import io.fabric8.kubernetes.api.model.GenericKubernetesResource;
import io.fabric8.kubernetes.api.model.HasMetadata;
import io.fabric8.kubernetes.api.model.ObjectMeta;
import io.fabric8.kubernetes.api.model.PodTemplateSpec;
import io.fabric8.kubernetes.api.model.apps.Deployment;
import io.fabric8.kubernetes.api.model.batch.v1.Job;
import io.gpuspec.core.Fleet;
import io.gpuspec.core.ManifestSource;
import io.gpuspec.core.NodePool;
import io.gpuspec.core.TestGpuspec;
import io.gpuspec.core.check.CheckOptions;
import io.gpuspec.core.internal.rules.DefectMutationProperties.Defect;
import io.gpuspec.core.internal.rules.DefectMutationProperties.Valid;
import io.gpuspec.core.manifest.ManifestSet;
import io.gpuspec.core.registry.KindEntry;
import io.gpuspec.core.registry.PodCount;
import io.gpuspec.core.registry.TemplateEntry;
import io.gpuspec.core.report.Report;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Assume;
import net.jqwik.api.ForAll;
import net.jqwik.api.Label;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.json.JsonMapper;

/**
 * The defect mutations of {@link DefectMutationProperties}, for every rule that reads pod
 * templates, run on every kind of the pod-template registry: the mutated pod template, placed at
 * each of the kind's template paths, is reported with the rule's id; the same template unmutated is
 * not.
 */
class RegistryDefectMutationProperties {

  /** The defects that live in a pod template (the others are about other objects or fields). */
  static final Set<Defect> IN_TEMPLATES =
      Set.of(
          Defect.GPU001,
          Defect.GPU002,
          Defect.GPU003,
          Defect.GPU004,
          Defect.GPU005,
          Defect.GPU006,
          Defect.GPU007,
          Defect.K8S007,
          Defect.K8S008,
          Defect.K8S009,
          Defect.K8S010,
          Defect.SEC001);

  private static final JsonMapper JSON = JsonMapper.builder().build();

  @Provide
  Arbitrary<KindEntry> entries() {
    return Arbitraries.of(TestGpuspec.GPUSPEC.engine().templates().entries());
  }

  @Provide
  Arbitrary<Defect> defects() {
    return Arbitraries.of(IN_TEMPLATES);
  }

  @Property(tries = 600)
  @Label("each template defect, in every registry kind's templates, is reported with its id")
  void defectInARegistryKind_isReportedByItsRule(
      @ForAll("defects") Defect defect,
      @ForAll("entries") KindEntry entry,
      @ForAll("sources") Map.Entry<NodePool, ManifestSource> source) {
    Assume.that(defect != Defect.GPU004 || entry.gang());
    Valid before = valid(source);
    Assume.that(defect == Defect.GPU004 || defect.appliesTo(before));
    assertThat(check(wrapped(before, entry), before, defect).byRule(defect.name()))
        .as("%s on the valid %s", defect, entry)
        .isEmpty();

    Valid mutated = valid(source);
    defect.apply(mutated);

    assertThat(check(wrapped(mutated, entry), mutated, defect).byRule(defect.name()))
        .as("%s after its defect was introduced into a %s", defect, entry)
        .isNotEmpty();
  }

  @Provide
  Arbitrary<Map.Entry<NodePool, ManifestSource>> sources() {
    return new DefectMutationProperties().sources();
  }

  private static Valid valid(Map.Entry<NodePool, ManifestSource> source) {
    return new Valid(source.getKey(), new ArrayList<>(source.getValue().toManifests()));
  }

  private static Report check(List<HasMetadata> objects, Valid valid, Defect defect) {
    CheckOptions options =
        defect.withFleet() && defect != Defect.GPU004
            ? CheckOptions.builder().fleet(Fleet.of(valid.pool())).build()
            : CheckOptions.defaults();
    return TestGpuspec.GPUSPEC.engine().check(ManifestSet.of(objects), options);
  }

  /** The valid objects with the workload replaced by a registry kind holding its pod template. */
  private static List<HasMetadata> wrapped(Valid valid, KindEntry entry) {
    HasMetadata workload = valid.workload();
    PodTemplateSpec template =
        workload instanceof Deployment d
            ? d.getSpec().getTemplate()
            : ((Job) workload).getSpec().getTemplate();
    List<HasMetadata> objects = new ArrayList<>(valid.objects());
    objects.remove(workload);
    objects.add(of(entry, template, workload.getMetadata()));
    return objects;
  }

  /**
   * An object of the entry's kind with {@code template} at every template path (two items or map
   * values for each wildcard), each relative count field 1 and the group size 2.
   */
  static GenericKubernetesResource of(KindEntry entry, PodTemplateSpec template, ObjectMeta meta) {
    Map<String, Object> root = new LinkedHashMap<>();
    for (TemplateEntry t : entry.templates()) {
      place(root, t.path().toString().split("\\."), 0, t, template);
    }
    entry.groupSize().ifPresent(size -> put(root, size.field().substring(2), 2));
    entry.templates().stream()
        .flatMap(t -> t.pods().stream())
        .map(PodCount::field)
        .filter(f -> f.startsWith("$."))
        .forEach(f -> put(root, f.substring(2), 1));
    GenericKubernetesResource object = new GenericKubernetesResource();
    object.setApiVersion(
        entry.group() + "/" + (entry.versions().isEmpty() ? "v1" : entry.versions().get(0)));
    object.setKind(entry.kind());
    object.setMetadata(new ObjectMeta());
    object.getMetadata().setName(meta.getName());
    object.getMetadata().setNamespace(meta.getNamespace());
    root.forEach(object.getAdditionalProperties()::put);
    return object;
  }

  @SuppressWarnings("unchecked")
  private static void place(
      Map<String, Object> node, String[] steps, int at, TemplateEntry t, PodTemplateSpec template) {
    String step = steps[at];
    boolean last = at == steps.length - 1;
    if (step.equals("*") || step.endsWith("[*]")) {
      List<Map<String, Object>> items = new ArrayList<>();
      for (String name : List.of("alpha", "beta")) {
        Map<String, Object> item = new LinkedHashMap<>();
        item.put(t.roleField(), name);
        t.pods().stream()
            .map(PodCount::field)
            .filter(f -> !f.startsWith("$."))
            .forEach(f -> put(item, f, 1));
        if (step.equals("*")) {
          item.remove(t.roleField());
          node.put(name, item);
        } else {
          items.add(item);
        }
        placeRest(item, steps, at + 1, t, template);
      }
      if (!step.equals("*")) {
        node.put(step.substring(0, step.length() - 3), items);
      }
      return;
    }
    if (last) {
      node.put(step, JSON.convertValue(template, Map.class));
      return;
    }
    placeRest(
        (Map<String, Object>) node.computeIfAbsent(step, k -> new LinkedHashMap<String, Object>()),
        steps,
        at + 1,
        t,
        template);
  }

  private static void placeRest(
      Map<String, Object> node, String[] steps, int at, TemplateEntry t, PodTemplateSpec template) {
    if (at == steps.length) {
      node.putAll(JSON.convertValue(template, Map.class));
    } else {
      place(node, steps, at, t, template);
    }
  }

  @SuppressWarnings("unchecked")
  private static void put(Map<String, Object> node, String path, Object value) {
    String[] steps = path.split("\\.");
    Map<String, Object> at = node;
    for (int i = 0; i < steps.length - 1; i++) {
      at = (Map<String, Object>) at.computeIfAbsent(steps[i], k -> new LinkedHashMap<>());
    }
    at.putIfAbsent(steps[steps.length - 1], value);
  }

  @Test
  void everyShippedKind_showsTheWrappedTemplatesToTheRules() {
    Valid valid = valid(new DefectMutationProperties().sources().sample());
    for (KindEntry entry : TestGpuspec.GPUSPEC.engine().templates().entries()) {
      HasMetadata object = wrapped(valid, entry).get(valid.objects().size() - 1);
      assertThat(TestGpuspec.workload(object).orElseThrow().templates())
          .as("%s", entry)
          .hasSizeGreaterThanOrEqualTo(entry.templates().size())
          .allMatch(t -> !t.spec().getContainers().isEmpty());
    }
  }
}
