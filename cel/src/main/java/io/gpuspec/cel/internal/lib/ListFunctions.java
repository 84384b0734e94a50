package io.gpuspec.cel.internal.lib;

import com.google.re2j.Matcher;
import com.google.re2j.Pattern;
import com.google.re2j.PatternSyntaxException;
import dev.cel.runtime.CelEvaluationException;
import java.util.ArrayList;
import java.util.List;

/** The bodies of the Kubernetes list and regex functions ({@link KubernetesLibrary} binds them). */
final class ListFunctions {

  private ListFunctions() {}

  @SuppressWarnings({"unchecked", "rawtypes"})
  static boolean isSorted(List<?> list) {
    for (int i = 1; i < list.size(); i++) {
      if (((Comparable) list.get(i - 1)).compareTo(list.get(i)) > 0) {
        return false;
      }
    }
    return true;
  }

  static Object sum(List<?> list) throws CelEvaluationException {
    if (list.isEmpty()) {
      return 0L;
    }
    if (!(list.get(0) instanceof Long) && !(list.get(0) instanceof Double)) {
      throw KubernetesLibrary.error(
          "sum() needs a list of int or double, not of " + list.get(0).getClass().getSimpleName());
    }
    if (list.get(0) instanceof Long) {
      long total = 0;
      for (Object o : list) {
        total = Math.addExact(total, (Long) o);
      }
      return total;
    }
    double total = 0;
    for (Object o : list) {
      total += (Double) o;
    }
    return total;
  }

  @SuppressWarnings({"unchecked", "rawtypes"})
  static Object extreme(List<?> list, int direction) throws CelEvaluationException {
    if (list.isEmpty()) {
      throw KubernetesLibrary.error("min/max of an empty list");
    }
    Object best = list.get(0);
    for (Object o : list) {
      if (((Comparable) o).compareTo(best) * direction > 0) {
        best = o;
      }
    }
    return best;
  }

  static int indexOf(List<?> list, Object x) {
    for (int i = 0; i < list.size(); i++) {
      if (Values.celEquals(list.get(i), x)) {
        return i;
      }
    }
    return -1;
  }

  static int lastIndexOf(List<?> list, Object x) {
    for (int i = list.size() - 1; i >= 0; i--) {
      if (Values.celEquals(list.get(i), x)) {
        return i;
      }
    }
    return -1;
  }

  static Pattern compile(String re) throws CelEvaluationException {
    try {
      return Pattern.compile(re);
    } catch (PatternSyntaxException e) {
      throw KubernetesLibrary.error("invalid regular expression: " + e.getMessage());
    }
  }

  static List<String> findAll(String s, String re, long limit) throws CelEvaluationException {
    List<String> out = new ArrayList<>();
    Matcher m = compile(re).matcher(s);
    while ((limit < 0 || out.size() < limit) && m.find()) {
      out.add(m.group());
    }
    return out;
  }
}
