package io.gpuspec.core.k8s;

import io.fabric8.kubernetes.api.model.PodSpec;
import java.math.BigDecimal;
import java.util.IdentityHashMap;
import java.util.Map;
import java.util.SortedMap;
import java.util.TreeMap;
import java.util.function.Function;
import org.jspecify.annotations.Nullable;

/**
 * Within one check, what a pod spec asks ({@link PodRequests#of}, {@link GpuResources#gpuRequests})
 * is derived once per spec object and shared by every rule that asks: the rule engine opens a memo
 * on its thread for the length of a check and closes it after. Specs are keyed by identity (objects
 * are not changed while rules run); callers get their own copy of each map. Outside a check nothing
 * is kept.
 */
public final class PodMemo implements AutoCloseable {

  private static final ThreadLocal<@Nullable PodMemo> CURRENT = new ThreadLocal<>();

  private final @Nullable PodMemo outer;
  private final Map<PodSpec, SortedMap<String, BigDecimal>> requests = new IdentityHashMap<>();
  private final Map<PodSpec, SortedMap<String, BigDecimal>> gpus = new IdentityHashMap<>();

  private PodMemo(@Nullable PodMemo outer) {
    this.outer = outer;
  }

  /** Opens a memo on this thread until {@link #close()}; a check inside a check gets its own. */
  public static PodMemo open() {
    PodMemo memo = new PodMemo(CURRENT.get());
    CURRENT.set(memo);
    return memo;
  }

  /** Forgets what was kept and restores the memo that was open before, if any. */
  @Override
  public void close() {
    requests.clear();
    gpus.clear();
    if (outer == null) {
      CURRENT.remove();
    } else {
      CURRENT.set(outer);
    }
  }

  static Map<String, BigDecimal> requests(
      PodSpec spec, Function<PodSpec, SortedMap<String, BigDecimal>> compute) {
    PodMemo memo = CURRENT.get();
    return memo == null ? compute.apply(spec) : memo.lookup(memo.requests, spec, compute);
  }

  static Map<String, BigDecimal> gpus(
      PodSpec spec, Function<PodSpec, SortedMap<String, BigDecimal>> compute) {
    PodMemo memo = CURRENT.get();
    return memo == null ? compute.apply(spec) : memo.lookup(memo.gpus, spec, compute);
  }

  private Map<String, BigDecimal> lookup(
      Map<PodSpec, SortedMap<String, BigDecimal>> kept,
      PodSpec spec,
      Function<PodSpec, SortedMap<String, BigDecimal>> compute) {
    SortedMap<String, BigDecimal> known = kept.get(spec);
    if (known == null) {
      known = compute.apply(spec);
      kept.put(spec, known);
    }
    return new TreeMap<>(known);
  }
}
