package io.gpuspec.core;

import java.util.concurrent.atomic.AtomicReference;
import java.util.function.Supplier;

/**
 * The object {@code build()} rendered to check its facts, handed out once instead of rendering it
 * again: the first caller that asks for the rendered object gets it, every later caller a fresh
 * render. No two callers share an object, so one may change what it got without the other seeing
 * it. Not part of a value's state (equality, hash code and text ignore it).
 */
final class FirstRender<T> {

  private final AtomicReference<T> kept = new AtomicReference<>();

  /** Keeps {@code rendered} for the next {@link #take}; it must not be changed afterwards. */
  void keep(T rendered) {
    kept.set(rendered);
  }

  /** The kept object, once; afterwards (or if none was kept) a fresh one from {@code render}. */
  T take(Supplier<T> render) {
    T first = kept.getAndSet(null);
    return first != null ? first : render.get();
  }
}
