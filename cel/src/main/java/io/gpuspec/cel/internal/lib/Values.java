package io.gpuspec.cel.internal.lib;

import dev.cel.common.values.NullValue;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import tools.jackson.databind.JsonNode;

/** Plain JSON-like Java values (maps, lists, numbers, strings) as CEL values, and CEL equality. */
public final class Values {

  private Values() {}

  /**
   * The CEL value of a JSON-like value: integers become {@code Long}, other numbers {@code Double},
   * {@code null} CEL's null; maps and lists are converted deeply.
   */
  public static Object toCel(Object value) {
    if (value == null) {
      return NullValue.NULL_VALUE;
    }
    if (value instanceof JsonNode json) {
      return fromJson(json);
    }
    if (value instanceof Integer || value instanceof Short || value instanceof Byte) {
      return ((Number) value).longValue();
    }
    if (value instanceof BigInteger big) {
      return big.bitLength() < 64 ? big.longValue() : big.doubleValue();
    }
    if (value instanceof Float || value instanceof BigDecimal) {
      return ((Number) value).doubleValue();
    }
    if (value instanceof Map<?, ?> map) {
      Map<String, Object> out = new LinkedHashMap<>();
      map.forEach((k, v) -> out.put(String.valueOf(k), toCel(v)));
      return out;
    }
    if (value instanceof List<?> list) {
      List<Object> out = new ArrayList<>(list.size());
      list.forEach(v -> out.add(toCel(v)));
      return out;
    }
    return value;
  }

  private static Object fromJson(JsonNode json) {
    if (json.isObject()) {
      Map<String, Object> out = new LinkedHashMap<>();
      json.properties().forEach(e -> out.put(e.getKey(), fromJson(e.getValue())));
      return out;
    }
    if (json.isArray()) {
      List<Object> out = new ArrayList<>(json.size());
      json.forEach(v -> out.add(fromJson(v)));
      return out;
    }
    if (json.isIntegralNumber() && json.canConvertToLong()) {
      return json.longValue();
    }
    if (json.isNumber()) {
      return json.doubleValue();
    }
    if (json.isBoolean()) {
      return json.booleanValue();
    }
    if (json.isString()) {
      return json.asString();
    }
    return NullValue.NULL_VALUE;
  }

  /** CEL equality: numbers compare by value across int and double, the rest by equals. */
  public static boolean celEquals(Object a, Object b) {
    if (a instanceof Number x && b instanceof Number y) {
      if (x instanceof Double || y instanceof Double) {
        return x.doubleValue() == y.doubleValue();
      }
      return x.longValue() == y.longValue();
    }
    return Objects.equals(a, b);
  }
}
