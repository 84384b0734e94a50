package io.gpuspec.core.check;

import org.jspecify.annotations.Nullable;

/**
 * Thrown by {@link Gpuspec#load(ClassLoader)} when the modules on a class path cannot form one
 * registry: a module class that cannot be loaded or instantiated (often a module built for another
 * gpuspec version), or two rules with one id. The message names the module or rules and the fix.
 */
public final class ModuleLoadException extends RuntimeException {

  private static final long serialVersionUID = 1L;

  ModuleLoadException(String message, @Nullable Throwable cause) {
    super(message, cause);
  }
}
