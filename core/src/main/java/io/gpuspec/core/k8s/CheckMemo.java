package io.gpuspec.core.k8s;

import java.util.HashMap;
import java.util.IdentityHashMap;
import java.util.Map;
import java.util.function.Function;
import org.jspecify.annotations.Nullable;

/**
 * What the rules of one check derive again and again from the same input — a pod spec's requests
 * ({@link PodRequests#of}, {@link GpuResources#gpuRequests}), its null-free form ({@link
 * NullFree#podSpec}), an embedded config's tree — derived once per check and shared: the rule
 * engine opens a memo on its thread for the length of a check and closes it after. Objects are not
 * changed while rules run, so objects are keyed by identity; texts by value. Outside a check
 * nothing is kept and each call derives its value.
 */
public final class CheckMemo implements AutoCloseable {

  private static final ThreadLocal<@Nullable CheckMemo> CURRENT = new ThreadLocal<>();

  private final @Nullable CheckMemo outer;
  private final Map<Object, Map<Object, Object>> byIdentity = new HashMap<>();
  private final Map<Object, Map<Object, Object>> byValue = new HashMap<>();

  private CheckMemo(@Nullable CheckMemo outer) {
    this.outer = outer;
  }

  /** Opens a memo on this thread until {@link #close()}; a check inside a check gets its own. */
  public static CheckMemo open() {
    CheckMemo memo = new CheckMemo(CURRENT.get());
    CURRENT.set(memo);
    return memo;
  }

  /** Forgets what was kept and restores the memo that was open before, if any. */
  @Override
  public void close() {
    byIdentity.clear();
    byValue.clear();
    if (outer == null) {
      CURRENT.remove();
    } else {
      CURRENT.set(outer);
    }
  }

  /**
   * {@code derive(object)}, derived once per check for each object (by identity) and {@code table}
   * (a constant naming what is derived); callers must not change what they get.
   */
  public static <K, V> V ofObject(Object table, K object, Function<K, V> derive) {
    return lookup(table, object, derive, true);
  }

  /**
   * {@code derive(text)}, derived once per check for each text (by value) and {@code table} (a
   * constant naming what is derived); callers must not change what they get.
   */
  public static <V> V ofText(Object table, String text, Function<String, V> derive) {
    return lookup(table, text, derive, false);
  }

  @SuppressWarnings("unchecked")
  private static <K, V> V lookup(Object table, K key, Function<K, V> derive, boolean identity) {
    CheckMemo memo = CURRENT.get();
    if (memo == null) {
      return derive.apply(key);
    }
    Map<Object, Map<Object, Object>> tables = identity ? memo.byIdentity : memo.byValue;
    Map<Object, Object> kept = tables.get(table);
    if (kept == null) {
      kept = identity ? new IdentityHashMap<>() : new HashMap<>();
      tables.put(table, kept);
    }
    Object value = kept.get(key);
    if (value == null) {
      value = derive.apply(key);
      kept.put(key, value);
    }
    return (V) value;
  }
}
