package io.gpuspec.core.manifest;

import io.fabric8.kubernetes.api.model.AnyType;
import io.fabric8.kubernetes.api.model.FieldsV1;
import io.fabric8.kubernetes.api.model.GenericKubernetesResource;
import io.fabric8.kubernetes.api.model.HasMetadata;
import io.fabric8.kubernetes.api.model.ObjectMeta;
import io.fabric8.kubernetes.api.model.PodSpec;
import io.fabric8.kubernetes.api.model.runtime.RawExtension;
import java.util.ArrayList;
import java.util.Collection;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import org.jspecify.annotations.Nullable;
import tools.jackson.core.JacksonException;
import tools.jackson.core.JsonParser;
import tools.jackson.core.TokenStreamContext;
import tools.jackson.databind.DeserializationContext;
import tools.jackson.databind.DeserializationFeature;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.ObjectReader;
import tools.jackson.databind.ValueDeserializer;
import tools.jackson.databind.cfg.CoercionAction;
import tools.jackson.databind.cfg.CoercionInputShape;
import tools.jackson.databind.cfg.MapperConfig;
import tools.jackson.databind.deser.DeserializationProblemHandler;
import tools.jackson.databind.introspect.Annotated;
import tools.jackson.databind.introspect.AnnotatedMember;
import tools.jackson.databind.introspect.JacksonAnnotationIntrospector;
import tools.jackson.databind.json.JsonMapper;
import tools.jackson.databind.type.LogicalType;

/**
 * Decodes a tree into a fabric8 model class the way the API server's strict decoder would: no
 * scalar coercion between strings, numbers and booleans (an integer label value is an error), and
 * every unknown field collected instead of being swallowed by fabric8's catch-all {@code
 * additionalProperties}.
 *
 * <p>Where the schema is open, nothing is unknown: the content of an embedded object of any kind
 * ({@code RawExtension}, e.g. a DRA config's {@code opaque.parameters}, decoded as {@link
 * GenericKubernetesResource} or plain values), of {@code FieldsV1} ({@code
 * metadata.managedFields}), of {@code AnyType}, and of fields typed as free-form values in CRD
 * models ({@code x-kubernetes-preserve-unknown-fields}). Fields of Kubernetes versions the bundled
 * model does not have ({@link #OTHER_VERSIONS}) are accepted. Each remaining unknown field says
 * whether it is likely a mistake: a near-miss of a field the object has ({@code limts}), or a field
 * of an enclosing object written at the wrong indentation. See {@code docs/reading.md}.
 */
final class StrictDecoder {

  private static final String UNKNOWN = "gpuspec.unknownFields";

  /**
   * Classes whose content is open by design, so their any-setter keeps every field: an embedded
   * object of any kind, {@code metadata.managedFields[].fieldsV1}, and free-form values.
   */
  private static final List<Class<?>> OPEN =
      List.of(GenericKubernetesResource.class, FieldsV1.class, RawExtension.class, AnyType.class);

  /** The Kubernetes version of the bundled fabric8 model (fabric8 8.0). */
  static final String MODEL_VERSION = "1.36";

  /**
   * Fields of Kubernetes versions other than the bundled model's (fabric8 8.0, Kubernetes 1.36),
   * accepted without a finding: model class, field, and the version that has it. {@code
   * PodSpec.workloadRef}: the v1.35 alpha Workload reference, which 1.36 replaced by {@code
   * schedulingGroup} (https://kubernetes.io/docs/concepts/workloads/pods/workload-reference/).
   */
  static final Map<Class<?>, Set<String>> OTHER_VERSIONS =
      Map.of(PodSpec.class, Set.of("workloadRef"));

  /**
   * An unknown field: its JSON pointer, and what it most likely is: a near-miss of a field of the
   * same object ({@code limts} for {@code limits}), a field of an enclosing object (wrong
   * indentation), or empty (a field gpuspec's model does not have, perhaps of another version).
   */
  record Unknown(String pointer, Optional<String> nearMiss, Optional<String> ofEnclosing) {
    /** Whether it is most likely a mistake rather than a field of another Kubernetes version. */
    boolean likelyMistake() {
      return nearMiss.isPresent() || ofEnclosing.isPresent();
    }
  }

  /**
   * fabric8's any-setters would keep unknown fields silently; strict decoding reports them, except
   * in the {@link #OPEN} classes, where every field is content.
   */
  private static final class NoAnySetter extends JacksonAnnotationIntrospector {
    private static final long serialVersionUID = 1L;

    @Override
    public Boolean hasAnySetter(MapperConfig<?> config, Annotated a) {
      if (a instanceof AnnotatedMember member
          && OPEN.stream().anyMatch(c -> c.isAssignableFrom(member.getDeclaringClass()))) {
        return super.hasAnySetter(config, a);
      }
      return Boolean.FALSE;
    }
  }

  /** Records an unknown property (as a JSON pointer, with what it likely is) and skips it. */
  private static final class CollectUnknown extends DeserializationProblemHandler {
    @Override
    @SuppressWarnings("unchecked")
    public boolean handleUnknownProperty(
        DeserializationContext ctxt,
        JsonParser p,
        ValueDeserializer<?> deserializer,
        Object beanOrClass,
        String propertyName) {
      Class<?> type = beanOrClass instanceof Class<?> c ? c : beanOrClass.getClass();
      if (!OTHER_VERSIONS.getOrDefault(type, Set.of()).contains(propertyName)) {
        List<Unknown> unknown = (List<Unknown>) ctxt.getAttribute(UNKNOWN);
        String parent = p.streamReadContext().getParent() == null ? "" : pointerOfParent(p);
        unknown.add(
            new Unknown(
                parent + "/" + JsonPointer.escape(propertyName),
                nearMiss(propertyName, known(deserializer)),
                ofEnclosing(ctxt, p, beanOrClass, propertyName)));
      }
      p.skipChildren();
      return true;
    }

    private static Set<String> known(ValueDeserializer<?> deserializer) {
      Set<String> names = new HashSet<>();
      Collection<Object> known = deserializer.getKnownPropertyNames();
      if (known != null) {
        known.forEach(name -> names.add(String.valueOf(name)));
      }
      return names;
    }

    /** The simple name of an enclosing object's class that has the field, if any. */
    private static Optional<String> ofEnclosing(
        DeserializationContext ctxt, JsonParser p, Object bean, String propertyName) {
      for (TokenStreamContext context = p.streamReadContext();
          context != null;
          context = context.getParent()) {
        Object value = context.currentValue();
        if (value == null
            || value == bean
            || value instanceof Collection
            || value instanceof Map
            || OPEN.stream().anyMatch(c -> c.isInstance(value))) {
          continue; // not an enclosing model object
        }
        ValueDeserializer<Object> enclosing =
            ctxt.findRootValueDeserializer(ctxt.constructType(value.getClass()));
        if (known(enclosing).contains(propertyName)) {
          return Optional.of(value.getClass().getSimpleName());
        }
      }
      return Optional.empty();
    }

    private static String pointerOfParent(JsonParser p) {
      String full = p.streamReadContext().pathAsPointer().toString();
      int slash = full.lastIndexOf('/');
      return slash <= 0 ? "" : full.substring(0, slash);
    }
  }

  private static final JsonMapper STRICT =
      JsonMapper.builder()
          .annotationIntrospector(new NoAnySetter())
          .addHandler(new CollectUnknown())
          .enable(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES)
          .withCoercionConfig(
              LogicalType.Textual,
              c ->
                  c.setCoercion(CoercionInputShape.Integer, CoercionAction.Fail)
                      .setCoercion(CoercionInputShape.Float, CoercionAction.Fail)
                      .setCoercion(CoercionInputShape.Boolean, CoercionAction.Fail))
          .withCoercionConfig(
              LogicalType.Integer,
              // a fraction never reaches an integer field: the reader turns 1.0 and 1e3 into
              // integers, as the API server's YAML-to-JSON conversion does, and 1.5 is an error
              c ->
                  c.setCoercion(CoercionInputShape.String, CoercionAction.Fail)
                      .setCoercion(CoercionInputShape.Float, CoercionAction.Fail))
          .withCoercionConfig(
              LogicalType.Boolean,
              c ->
                  c.setCoercion(CoercionInputShape.String, CoercionAction.Fail)
                      .setCoercion(CoercionInputShape.Integer, CoercionAction.Fail))
          .build();

  private static final JsonMapper LENIENT = JsonMapper.builder().build();

  private StrictDecoder() {}

  /**
   * The known field {@code name} most likely misspells: the same ignoring case, or at most one edit
   * away (two for names of more than five characters); empty if none or several are that close.
   */
  static Optional<String> nearMiss(String name, Collection<String> known) {
    String lower = name.toLowerCase(Locale.ROOT);
    int allowed = name.length() > 5 ? 2 : 1;
    List<String> close = new ArrayList<>();
    for (String candidate : known) {
      String other = candidate.toLowerCase(Locale.ROOT);
      if (other.equals(lower)) {
        return Optional.of(candidate);
      }
      if (Math.abs(other.length() - lower.length()) <= allowed
          && distance(lower, other, allowed) <= allowed) {
        close.add(candidate);
      }
    }
    return close.size() == 1 ? Optional.of(close.get(0)) : Optional.empty();
  }

  /** Optimal string alignment distance (a swap of two neighbours is one edit), capped. */
  private static int distance(String a, String b, int cap) {
    int[][] d = new int[a.length() + 1][b.length() + 1];
    for (int i = 0; i <= a.length(); i++) {
      d[i][0] = i;
    }
    for (int j = 0; j <= b.length(); j++) {
      d[0][j] = j;
    }
    for (int i = 1; i <= a.length(); i++) {
      int rowMin = Integer.MAX_VALUE;
      for (int j = 1; j <= b.length(); j++) {
        int cost = a.charAt(i - 1) == b.charAt(j - 1) ? 0 : 1;
        d[i][j] = Math.min(Math.min(d[i - 1][j] + 1, d[i][j - 1] + 1), d[i - 1][j - 1] + cost);
        if (i > 1
            && j > 1
            && a.charAt(i - 1) == b.charAt(j - 2)
            && a.charAt(i - 2) == b.charAt(j - 1)) {
          d[i][j] = Math.min(d[i][j], d[i - 2][j - 2] + 1);
        }
        rowMin = Math.min(rowMin, d[i][j]);
      }
      if (rowMin > cap) {
        return cap + 1;
      }
    }
    return d[a.length()][b.length()];
  }

  /**
   * Strictly decodes into a model class (a kind, or {@code ObjectMeta}), adding the unknown fields
   * to {@code unknownFields} (also when it then fails); throws JacksonException on a type mismatch.
   */
  static <T> T decode(JsonNode tree, Class<T> type, List<Unknown> unknownFields)
      throws JacksonException {
    return READERS
        .computeIfAbsent(type, STRICT::readerFor)
        .withAttribute(UNKNOWN, unknownFields)
        .readValue(tree);
  }

  /**
   * One reader per model class: a reader finds its class's deserializer when it is made, and
   * Jackson does not cache the fabric8 classes' root deserializers, so making one per object built
   * them again for every object.
   */
  private static final Map<Class<?>, ObjectReader> READERS = new ConcurrentHashMap<>();

  /**
   * Keeps an object of an unknown kind as a generic resource: {@code metadata} as decoded strictly
   * by the caller (null if absent or unusable), every other field as plain maps, lists and scalars,
   * which any tree converts to.
   */
  static HasMetadata generic(JsonNode tree, @Nullable ObjectMeta metadata) {
    GenericKubernetesResource resource = new GenericKubernetesResource();
    resource.setApiVersion(tree.path("apiVersion").asString(""));
    resource.setKind(tree.path("kind").asString(""));
    resource.setMetadata(metadata);
    Map<String, Object> rest = new LinkedHashMap<>();
    for (Map.Entry<String, JsonNode> field : tree.properties()) {
      if (!TYPE_AND_METADATA.contains(field.getKey())) {
        rest.put(field.getKey(), LENIENT.treeToValue(field.getValue(), Object.class));
      }
    }
    resource.setAdditionalProperties(rest);
    return resource;
  }

  private static final Set<String> TYPE_AND_METADATA = Set.of("apiVersion", "kind", "metadata");
}
