package io.gpuspec.examples.boundary;

import com.tngtech.archunit.core.domain.Dependency;
import com.tngtech.archunit.core.domain.JavaClass;
import com.tngtech.archunit.core.domain.JavaClasses;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.stream.Stream;

/**
 * Class-level cycles inside packages, found in class files: the cycles a package-level test cannot
 * see. A nested class counts as its top-level class, an Immutables-generated {@code ImmutableX} as
 * the value type {@code X} it implements, and a permitted subclass as its sealed superclass (which
 * names it), since none of these can be separated from the other.
 */
public final class ClassCycles {

  private ClassCycles() {}

  /**
   * Every set of two or more top-level classes of one package that depend on each other in a circle
   * (the strongly connected components of the package's class graph), each sorted by name.
   */
  public static List<Set<String>> of(JavaClasses classes) {
    Map<String, Set<String>> edges = new TreeMap<>();
    for (JavaClass type : classes) {
      String from = unit(type);
      Set<String> targets = edges.computeIfAbsent(from, k -> new TreeSet<>());
      for (Dependency dependency : type.getDirectDependenciesFromSelf()) {
        JavaClass target = dependency.getTargetClass().getBaseComponentType();
        if (target.getPackageName().equals(type.getPackageName())
            && classes.contain(target.getName())) {
          String to = unit(target);
          if (!to.equals(from)) {
            targets.add(to);
          }
        }
      }
    }
    return new Tarjan(edges).components();
  }

  /** The class a type belongs to: its top-level class, or the value an Immutables class makes. */
  static String unit(JavaClass type) {
    JavaClass top = type;
    while (top.getEnclosingClass().isPresent()) {
      top = top.getEnclosingClass().get();
    }
    String simple = top.getSimpleName();
    if (simple.startsWith("Immutable")) {
      Optional<JavaClass> value = value(top, simple.substring("Immutable".length()));
      if (value.isPresent()) {
        return unit(value.get());
      }
    }
    Optional<JavaClass> sealed =
        top.getRawSuperclass()
            .filter(s -> s.getPackageName().equals(type.getPackageName()))
            .filter(s -> s.reflect().isSealed());
    return sealed.isPresent() ? unit(sealed.get()) : top.getName();
  }

  /** The value type {@code simpleName} an Immutables class extends or implements. */
  private static Optional<JavaClass> value(JavaClass type, String simpleName) {
    return Stream.concat(type.getRawSuperclass().stream(), type.getRawInterfaces().stream())
        .filter(t -> t.getSimpleName().equals(simpleName))
        .filter(t -> t.getPackageName().equals(type.getPackageName()))
        .findFirst();
  }

  /** Tarjan's strongly connected components, iterative, over a sorted graph. */
  private static final class Tarjan {
    private final Map<String, Set<String>> edges;
    private final Map<String, Integer> index = new HashMap<>();
    private final Map<String, Integer> low = new HashMap<>();
    private final Deque<String> stack = new ArrayDeque<>();
    private final Set<String> onStack = new TreeSet<>();
    private final List<Set<String>> components = new ArrayList<>();
    private int next;

    Tarjan(Map<String, Set<String>> edges) {
      this.edges = edges;
    }

    List<Set<String>> components() {
      for (String node : edges.keySet()) {
        if (!index.containsKey(node)) {
          visit(node);
        }
      }
      return components;
    }

    private void visit(String start) {
      Deque<Object[]> work = new ArrayDeque<>();
      enter(start);
      work.push(new Object[] {start, List.copyOf(targets(start)).iterator()});
      while (!work.isEmpty()) {
        Object[] frame = work.peek();
        String node = (String) frame[0];
        @SuppressWarnings("unchecked")
        java.util.Iterator<String> rest = (java.util.Iterator<String>) frame[1];
        if (rest.hasNext()) {
          String target = rest.next();
          if (!index.containsKey(target)) {
            enter(target);
            work.push(new Object[] {target, List.copyOf(targets(target)).iterator()});
          } else if (onStack.contains(target)) {
            low.put(node, Math.min(low.get(node), index.get(target)));
          }
          continue;
        }
        work.pop();
        if (!work.isEmpty()) {
          String parent = (String) work.peek()[0];
          low.put(parent, Math.min(low.get(parent), low.get(node)));
        }
        if (low.get(node).equals(index.get(node))) {
          Set<String> component = new TreeSet<>();
          String member;
          do {
            member = stack.pop();
            onStack.remove(member);
            component.add(member);
          } while (!member.equals(node));
          if (component.size() > 1) {
            components.add(component);
          }
        }
      }
    }

    private Set<String> targets(String node) {
      return edges.getOrDefault(node, Set.of());
    }

    private void enter(String node) {
      index.put(node, next);
      low.put(node, next);
      next++;
      stack.push(node);
      onStack.add(node);
    }
  }
}
