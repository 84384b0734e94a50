package io.gpuspec.core.manifest;

import io.fabric8.kubernetes.api.model.HasMetadata;
import io.gpuspec.core.report.ObjectRef;
import io.gpuspec.core.report.SourceLocation;
import java.util.ArrayList;
import java.util.Collection;
import java.util.Collections;
import java.util.IdentityHashMap;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Predicate;
import org.jspecify.annotations.Nullable;

/**
 * An ordered, immutable set of Kubernetes objects: what the DSL renders and what the reader reads.
 *
 * <p>Objects are kept in a {@link WriteOrder} (Namespace, PriorityClass, RBAC, ResourceQuota,
 * ConfigMap, queues and flavors, PodGroup, workloads; then kind, namespace and name), so that
 * rendering is deterministic whatever order they were added in. Objects read from files also
 * remember where they came from and where each of their fields was written, so that violations can
 * name file, line and column of the field ({@link #sourceOf(HasMetadata, String)}).
 */
public final class ManifestSet implements Iterable<HasMetadata> {

  private static final ManifestSet EMPTY =
      new ManifestSet(List.of(), Map.of(), WriteOrder.kubernetes());

  private final List<HasMetadata> objects;
  private final Map<HasMetadata, Origin> sources;
  private final WriteOrder order;
  private final Map<Class<?>, List<HasMetadata>> byType = new ConcurrentHashMap<>();

  /** Where an object was read from, and where its fields are (null when not known). */
  private record Origin(SourceLocation start, @Nullable FieldPositions fields) {}

  private ManifestSet(
      List<HasMetadata> objects, Map<HasMetadata, Origin> sources, WriteOrder order) {
    this.objects = objects;
    this.sources = sources;
    this.order = order;
  }

  /** The empty set. */
  public static ManifestSet empty() {
    return EMPTY;
  }

  /** A set of the given objects in canonical order. */
  public static ManifestSet of(Collection<? extends HasMetadata> objects) {
    return builder().addAll(objects).build();
  }

  /** A set of the given objects in canonical order. */
  public static ManifestSet of(HasMetadata... objects) {
    return of(List.of(objects));
  }

  /** A builder ordering by the built-in Kubernetes kinds ({@link WriteOrder#kubernetes()}). */
  public static Builder builder() {
    return new Builder(WriteOrder.kubernetes());
  }

  /** A builder ordering by {@code order} (e.g. a registry's, which knows the modules' kinds). */
  public static Builder builder(WriteOrder order) {
    return new Builder(order);
  }

  /** The same objects in {@code order}. */
  public ManifestSet sortedBy(WriteOrder order) {
    Builder builder = builder(order);
    objects.forEach(object -> builder.add(object, sources.get(object)));
    return builder.build();
  }

  /** The objects, in canonical order. */
  public List<HasMetadata> objects() {
    return objects;
  }

  /**
   * The objects of one Java type, in canonical order; unmodifiable. Found once per set and type:
   * the rules of a check ask for the same types again and again.
   */
  @SuppressWarnings("unchecked")
  public <T extends HasMetadata> List<T> ofType(Class<T> type) {
    return (List<T>) byType.computeIfAbsent(type, this::find);
  }

  private List<HasMetadata> find(Class<?> type) {
    List<HasMetadata> matching = new ArrayList<>();
    for (HasMetadata object : objects) {
      if (type.isInstance(object)) {
        matching.add(object);
      }
    }
    return Collections.unmodifiableList(matching);
  }

  /** Where an object was read from (where it starts); empty for objects built in code. */
  public Optional<SourceLocation> sourceOf(HasMetadata object) {
    return Optional.ofNullable(sources.get(object)).map(Origin::start);
  }

  /**
   * Where a field of an object was written: the line and column of the field at a Kubernetes field
   * path ({@code spec.template.spec.containers[0].resources.limits[nvidia.com/gpu]}, of its key in
   * a mapping, of the item in a list), or of its nearest ancestor that was written (a missing
   * {@code limits} entry points at {@code limits}, or at {@code resources}); the object's start for
   * {@code <root>} or when no step of the path was written. Empty for objects built in code.
   */
  public Optional<SourceLocation> sourceOf(HasMetadata object, String fieldPath) {
    Origin origin = sources.get(object);
    if (origin == null) {
      return Optional.empty();
    }
    SourceLocation start = origin.start();
    if (origin.fields() == null) {
      return Optional.of(start);
    }
    long at =
        origin
            .fields()
            .positionOfField(fieldPath, Positions.position(start.line(), start.column()));
    return Optional.of(
        new SourceLocation(
            start.file(), start.document(), Positions.line(at), Positions.column(at)));
  }

  /** This set plus another one, re-ordered canonically. */
  public ManifestSet plus(ManifestSet other) {
    Builder builder = builder(order);
    for (ManifestSet set : List.of(this, other)) {
      for (HasMetadata object : set) {
        builder.add(object, set.sources.get(object));
      }
    }
    return builder.build();
  }

  /** The objects matching a predicate, keeping their sources. */
  public ManifestSet filter(Predicate<? super HasMetadata> predicate) {
    Builder builder = builder(order);
    for (HasMetadata object : objects) {
      if (predicate.test(object)) {
        builder.add(object, sources.get(object));
      }
    }
    return builder.build();
  }

  public int size() {
    return objects.size();
  }

  public boolean isEmpty() {
    return objects.isEmpty();
  }

  @Override
  public Iterator<HasMetadata> iterator() {
    return objects.iterator();
  }

  @Override
  public boolean equals(Object other) {
    return other instanceof ManifestSet && objects.equals(((ManifestSet) other).objects);
  }

  @Override
  public int hashCode() {
    return objects.hashCode();
  }

  @Override
  public String toString() {
    StringBuilder text = new StringBuilder("ManifestSet[");
    for (HasMetadata object : objects) {
      text.append(text.length() > 12 ? ", " : "").append(ObjectRef.of(object));
    }
    return text.append(']').toString();
  }

  /** Collects objects; {@link #build()} sorts them canonically (stable for equal keys). */
  public static final class Builder {
    private final List<HasMetadata> objects = new ArrayList<>();
    private final Map<HasMetadata, Origin> sources = new IdentityHashMap<>();

    private final WriteOrder order;

    private Builder(WriteOrder order) {
      this.order = order;
    }

    public Builder add(HasMetadata object) {
      objects.add(object);
      return this;
    }

    /** Adds an object read from a file. */
    public Builder add(HasMetadata object, @Nullable SourceLocation source) {
      return add(object, source, null);
    }

    /** Adds an object read from a file, with where its fields are. */
    Builder add(
        HasMetadata object, @Nullable SourceLocation source, @Nullable FieldPositions fields) {
      return add(object, source == null ? null : new Origin(source, fields));
    }

    private Builder add(HasMetadata object, @Nullable Origin origin) {
      objects.add(object);
      if (origin != null) {
        sources.put(object, origin);
      }
      return this;
    }

    public Builder addAll(Iterable<? extends HasMetadata> more) {
      more.forEach(objects::add);
      return this;
    }

    public ManifestSet build() {
      List<HasMetadata> sorted = new ArrayList<>(objects);
      sorted.sort(order);
      return new ManifestSet(
          Collections.unmodifiableList(sorted),
          Collections.unmodifiableMap(new IdentityHashMap<>(sources)),
          order);
    }
  }
}
