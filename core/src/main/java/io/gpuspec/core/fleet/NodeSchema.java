package io.gpuspec.core.fleet;

import com.fasterxml.jackson.annotation.JsonProperty;
import io.fabric8.kubernetes.api.model.IntOrString;
import io.fabric8.kubernetes.api.model.Quantity;
import java.lang.reflect.Field;
import java.lang.reflect.Modifier;
import java.lang.reflect.ParameterizedType;
import java.lang.reflect.Type;
import java.util.HashMap;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import org.jspecify.annotations.Nullable;

/**
 * The fields of a Kubernetes model type as the strict decoder knows them, taken from the fabric8
 * model's {@code @JsonProperty} fields: which keys an object has, and whether a value is an object,
 * a list, a map or a scalar of which type. {@link NodeListScan} checks a node list against it.
 */
final class NodeSchema {

  /** What a value is. */
  enum Shape {
    OBJECT,
    LIST,
    MAP,
    STRING,
    BOOLEAN,
    INTEGER,
    QUANTITY,
    /** Any YAML value (a field typed {@code Object}, an int-or-string, raw JSON). */
    ANY
  }

  private static final Map<Type, NodeSchema> CACHE = new ConcurrentHashMap<>();

  final Shape shape;
  private final Type type;
  private volatile @Nullable Map<String, NodeSchema> fields;
  private volatile @Nullable NodeSchema element;

  private NodeSchema(Shape shape, Type type) {
    this.shape = shape;
    this.type = type;
  }

  private static final NodeSchema ANY = new NodeSchema(Shape.ANY, Object.class);
  private static final NodeSchema ANY_LIST = new NodeSchema(Shape.LIST, Object.class);

  /** Any value. */
  static NodeSchema any() {
    return ANY;
  }

  /** A list whose items the caller knows. */
  static NodeSchema anyList() {
    return ANY_LIST;
  }

  /** The schema of a model type (a class, or a parameterized list or map of one). */
  static NodeSchema of(Type type) {
    NodeSchema known = CACHE.get(type);
    if (known != null) {
      return known;
    }
    NodeSchema schema = new NodeSchema(shapeOf(type), type);
    CACHE.putIfAbsent(type, schema);
    return schema;
  }

  private static Shape shapeOf(Type type) {
    if (type instanceof ParameterizedType p) {
      Class<?> raw = (Class<?>) p.getRawType();
      if (java.util.List.class.isAssignableFrom(raw)) {
        return Shape.LIST;
      }
      if (Map.class.isAssignableFrom(raw)) {
        return Shape.MAP;
      }
      return Shape.ANY;
    }
    if (!(type instanceof Class<?> c)) {
      return Shape.ANY;
    }
    if (c == String.class || c.isEnum()) {
      return Shape.STRING;
    }
    if (c == Boolean.class || c == boolean.class) {
      return Shape.BOOLEAN;
    }
    if (c == Integer.class || c == int.class || c == Long.class || c == long.class) {
      return Shape.INTEGER;
    }
    if (c == Quantity.class) {
      return Shape.QUANTITY;
    }
    if (c == IntOrString.class || !c.getPackageName().startsWith("io.fabric8.kubernetes.api")) {
      return Shape.ANY;
    }
    return Shape.OBJECT;
  }

  /** The schema of the field {@code key} of an object, null when the object has no such field. */
  @Nullable NodeSchema field(String key) {
    Map<String, NodeSchema> known = fields;
    if (known == null) {
      Map<String, Type> types = new HashMap<>();
      for (Class<?> c = (Class<?>) type; c != null && c != Object.class; c = c.getSuperclass()) {
        for (Field field : c.getDeclaredFields()) {
          JsonProperty property = field.getAnnotation(JsonProperty.class);
          if (property != null && !Modifier.isStatic(field.getModifiers())) {
            String name = property.value().isEmpty() ? field.getName() : property.value();
            types.putIfAbsent(name, field.getGenericType());
          }
        }
      }
      known = new HashMap<>();
      for (Map.Entry<String, Type> field : types.entrySet()) {
        known.put(field.getKey(), of(field.getValue()));
      }
      fields = known;
    }
    return known.get(key);
  }

  /** The schema of a list's items or a map's values. */
  NodeSchema element() {
    NodeSchema known = element;
    if (known == null) {
      Type[] arguments = ((ParameterizedType) type).getActualTypeArguments();
      known = of(arguments[arguments.length - 1]);
      element = known;
    }
    return known;
  }
}
