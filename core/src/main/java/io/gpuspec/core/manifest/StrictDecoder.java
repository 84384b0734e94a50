package io.gpuspec.core.manifest;

import io.fabric8.kubernetes.api.model.GenericKubernetesResource;
import io.fabric8.kubernetes.api.model.HasMetadata;
import io.fabric8.kubernetes.api.model.ObjectMeta;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import tools.jackson.core.JacksonException;
import tools.jackson.core.JsonParser;
import tools.jackson.databind.DeserializationContext;
import tools.jackson.databind.DeserializationFeature;
import tools.jackson.databind.JsonNode;
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
 */
final class StrictDecoder {

  private static final String UNKNOWN = "gpuspec.unknownFields";

  /**
   * fabric8's any-setters would keep unknown fields silently; strict decoding reports them. A
   * {@link GenericKubernetesResource} keeps its any-setter: it is what fabric8 decodes an embedded
   * object of any kind into (a {@code RawExtension} such as a DRA config's {@code
   * opaque.parameters} with its own apiVersion and kind), and every field of it is its content.
   */
  private static final class NoAnySetter extends JacksonAnnotationIntrospector {
    private static final long serialVersionUID = 1L;

    @Override
    public Boolean hasAnySetter(MapperConfig<?> config, Annotated a) {
      if (a instanceof AnnotatedMember member
          && GenericKubernetesResource.class.isAssignableFrom(member.getDeclaringClass())) {
        return super.hasAnySetter(config, a);
      }
      return Boolean.FALSE;
    }
  }

  /** Records an unknown property (as a JSON pointer) and skips its value. */
  private static final class CollectUnknown extends DeserializationProblemHandler {
    @Override
    @SuppressWarnings("unchecked")
    public boolean handleUnknownProperty(
        DeserializationContext ctxt,
        JsonParser p,
        ValueDeserializer<?> deserializer,
        Object beanOrClass,
        String propertyName) {
      List<String> unknown = (List<String>) ctxt.getAttribute(UNKNOWN);
      String parent = p.streamReadContext().getParent() == null ? "" : pointerOfParent(p);
      unknown.add(parent + "/" + YamlTree.escape(propertyName));
      p.skipChildren();
      return true;
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
   * Strictly decodes into a model class (a kind, or {@code ObjectMeta}), adding the JSON pointers
   * of unknown fields to {@code unknownFields} (also when it then fails); throws JacksonException
   * on a type mismatch.
   */
  static <T> T decode(JsonNode tree, Class<T> type, List<String> unknownFields)
      throws JacksonException {
    return STRICT.readerFor(type).withAttribute(UNKNOWN, unknownFields).readValue(tree);
  }

  /**
   * Keeps an object of an unknown kind as a generic resource: {@code metadata} as decoded strictly
   * by the caller (null if absent or unusable), every other field as plain maps, lists and scalars,
   * which any tree converts to.
   */
  static HasMetadata generic(JsonNode tree, ObjectMeta metadata) {
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
